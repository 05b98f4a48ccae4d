/// Derives each coordinator type's ``Flow`` from the finished graph.
enum FlowDerivation {
  /// One flow per coordinator type, in the coordinators' order.
  ///
  /// A flow's screens are the screen types it owns. Its entries are transitions into
  /// them from the run's entry or from a screen it does not own; its exits are
  /// transitions from them to a screen it does not own (another flow's, or one no
  /// coordinator showed); internal transitions stay among its screens.
  /// - Parameters:
  ///   - coordinators: sorted by type.
  ///   - screens: sorted by type, owners resolved.
  ///   - transitions: in export order (kept in each list).
  /// - Returns: the flows, sorted by coordinator type.
  static func flows(
    coordinators: [CoordinatorType], screens: [ScreenType], transitions: [Transition]
  ) -> [Flow] {
    var owned: [String: [String]] = [:]
    var ownerOf: [String: String] = [:]
    for screen in screens {
      guard let owner = screen.owner else { continue }
      owned[owner, default: []].append(screen.type)
      ownerOf[screen.type] = owner
    }
    var entries: [String: [Transition]] = [:]
    var internals: [String: [Transition]] = [:]
    var exits: [String: [Transition]] = [:]
    for transition in transitions {
      let toOwner = ownerOf[transition.to]
      let fromOwner = transition.from.flatMap { ownerOf[$0] }
      if let fromOwner, fromOwner == toOwner {
        internals[fromOwner, default: []].append(transition)
        continue
      }
      if let toOwner { entries[toOwner, default: []].append(transition) }
      if let fromOwner { exits[fromOwner, default: []].append(transition) }
    }
    return coordinators.map { coordinator in
      Flow(
        coordinator: coordinator.type, slug: coordinator.slug, screens: owned[coordinator.type] ?? [],
        entries: entries[coordinator.type] ?? [], internalTransitions: internals[coordinator.type] ?? [],
        exits: exits[coordinator.type] ?? [], children: coordinator.children, outputs: coordinator.outputs)
    }
  }
}
