/// What one coordinator type does, as the site explains it on one page.
public struct Flow: Hashable, Sendable {
  /// The coordinator type.
  public var coordinator: String
  public internal(set) var slug: String
  /// Screen types this coordinator owns, sorted.
  public var screens: [String]
  /// How the flow is reached: transitions into one of its screens from outside
  /// it (or from the run's entry), in export order.
  public var entries: [Transition]
  /// Transitions between its own screens, in export order.
  public var internalTransitions: [Transition]
  /// Transitions from its screens to screens owned by another flow, in export order.
  public var exits: [Transition]
  /// Child flows it starts (coordinator types), sorted.
  public var children: [String]
  /// Outputs it returns to its parent, sorted.
  public var outputs: [String]

  public init(
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
