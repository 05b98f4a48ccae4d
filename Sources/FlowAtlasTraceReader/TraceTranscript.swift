import FlowAtlasTrace

/// A recorded run written as short lines a test can compare, with ids resolved to types:
/// `push PaymentViewController by CheckoutCoordinator`, `finish CheckoutCoordinator -> ordered`.
///
/// For an app's own tests: assert the navigation a journey recorded without spelling out ids.
package struct TraceTranscript: Sendable {
  /// One line per event, in order.
  package private(set) var lines: [String] = []
  private var screens: [String: String] = [:]
  private var coordinators: [String: String] = [:]

  /// - Parameter events: a run's events in order (a sink's or a read trace's).
  package init(_ events: [TraceEvent]) {
    for event in events { lines.append(describe(event)) }
  }

  private mutating func screen(_ mention: ScreenMention) -> String {
    if case .introduce(let screen) = mention { screens[screen.id] = screen.type }
    return screens[mention.id] ?? "?\(mention.id)"
  }

  private func by(_ coordinator: String?) -> String {
    coordinator.map { " by " + (coordinators[$0] ?? "?\($0)") } ?? ""
  }

  /// ` (system: edgeSwipe)` for navigation the system did on a gesture.
  private func system(_ initiator: Initiator) -> String {
    guard case .system(let gesture) = initiator else { return "" }
    return " (system: \(gesture ?? "?"))"
  }

  private func on(_ router: String?) -> String { router.map { " [\($0)]" } ?? "" }

  private mutating func describe(_ event: TraceEvent) -> String {
    switch event {
    case .coordinatorStart(let id, let type, let parent):
      coordinators[id] = type
      return "start \(type)" + (parent.map { " under " + (coordinators[$0] ?? "?\($0)") } ?? "")
    case .coordinatorAttach(let id, let type, let parent):
      coordinators[id] = type
      return "attach \(type) to \(coordinators[parent] ?? "?\(parent)")"
    case .coordinatorFinish(let id, let output):
      return "finish \(coordinators[id] ?? "?\(id)")" + (output.map { " -> \($0)" } ?? "")
    case .coordinatorDetach(let id, let parent):
      return "detach \(coordinators[id] ?? "?\(id)") from \(coordinators[parent] ?? "?\(parent)")"
    case .coordinatorDeinit(let id):
      return "deinit \(coordinators[id] ?? "?\(id)")"
    case .setRoot(let mention, let coordinator, let router, let background, let initiator):
      return "setRoot \(screen(mention))\(by(coordinator))\(on(router))"
        + (background == true ? " background" : "") + system(initiator)
    case .push(let mention, let coordinator, let router, _, let initiator):
      return "push \(screen(mention))\(by(coordinator))\(on(router))" + system(initiator)
    case .pop(let coordinator, let router, let mention, let initiator):
      return "pop \(mention.map { screen($0) } ?? "")\(by(coordinator))\(on(router))" + system(initiator)
    case .popTo(let mention, let coordinator, let router, let initiator):
      return "popTo \(screen(mention))\(by(coordinator))\(on(router))" + system(initiator)
    case .popToRoot(let coordinator, let router, let initiator):
      return "popToRoot\(by(coordinator))\(on(router))" + system(initiator)
    case .present(let mention, let coordinator, let router, _, let initiator):
      return "present \(screen(mention))\(by(coordinator))\(on(router))" + system(initiator)
    case .dismiss(let coordinator, let router, let mention, let initiator):
      return "dismiss \(mention.map { screen($0) } ?? "")\(by(coordinator))\(on(router))" + system(initiator)
    case .selectTab(let mention, let coordinator, let router, let tab, let initiator):
      return "selectTab \(tab) \(screen(mention))\(by(coordinator))\(on(router))" + system(initiator)
    case .userAction(let id, let action, let label):
      return "user \(action)" + (label.map { " (\($0))" } ?? "") + " on \(screens[id] ?? "?\(id)")"
    case .deeplinkOpen(let url, let coordinator):
      return "deeplink \(url)\(by(coordinator))"
    case .note(let text):
      return "note \(text)"
    }
  }
}
