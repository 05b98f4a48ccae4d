/// What one coordinator type does, as the site explains it on one page.
package struct Flow: Hashable, Sendable, Encodable {
  /// The coordinator type.
  package var coordinator: String
  package internal(set) var slug: String
  /// Screen types this coordinator owns, sorted.
  package var screens: [String]
  /// How the flow is reached: transitions into one of its screens from outside
  /// it (or from the run's entry), in export order.
  package var entries: [Transition]
  /// Transitions between its own screens, in export order.
  package var internalTransitions: [Transition]
  /// Transitions from its screens to screens owned by another flow, in export order.
  package var exits: [Transition]
  /// Child flows it starts (coordinator types), sorted.
  package var children: [String]
  /// Outputs it returns to its parent, sorted.
  package var outputs: [String]

  package init(
    coordinator: String, slug: String, screens: [String], entries: [Transition],
    internalTransitions: [Transition], exits: [Transition], children: [String], outputs: [String]
  ) {
    self.coordinator = coordinator
    self.slug = slug
    self.screens = screens
    self.entries = entries
    self.internalTransitions = internalTransitions
    self.exits = exits
    self.children = children
    self.outputs = outputs
  }
}
