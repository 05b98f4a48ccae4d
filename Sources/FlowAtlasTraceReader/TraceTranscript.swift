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
    if case .introduce(let screen) = mention { screens[screen.id] = screen.qualifiedType }
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

  /// ` background` for navigation on a router off-screen.
  private func background(_ background: Bool?) -> String { background == true ? " background" : "" }

  /// ` hosts [r2, r3]` where an event introduces a container.
  private func hosts(_ mention: ScreenMention?) -> String {
    guard case .introduce(let screen)? = mention, let hosts = screen.hosts else { return "" }
    return " hosts [\(hosts.joined(separator: ", "))]"
  }

  private mutating func describe(_ event: TraceEvent) -> String {
    switch event {
    case .coordinatorStart(let id, let type, let parent, let module):
      coordinators[id] = module.map { "\($0).\(type)" } ?? type
      return "start \(coordinators[id]!)" + (parent.map { " under " + (coordinators[$0] ?? "?\($0)") } ?? "")
    case .coordinatorAttach(let id, let type, let parent, let module):
      coordinators[id] = module.map { "\($0).\(type)" } ?? type
      return "attach \(coordinators[id]!) to \(coordinators[parent] ?? "?\(parent)")"
    case .coordinatorFinish(let id, let output):
      return "finish \(coordinators[id] ?? "?\(id)")" + (output.map { " -> \($0)" } ?? "")
    case .coordinatorDetach(let id, let parent):
      return "detach \(coordinators[id] ?? "?\(id)") from \(coordinators[parent] ?? "?\(parent)")"
    case .coordinatorDeinit(let id):
      return "deinit \(coordinators[id] ?? "?\(id)")"
    case .setRoot(let mention, let coordinator, let router, let flag, let initiator):
      return "setRoot \(screen(mention))\(hosts(mention))\(by(coordinator))\(on(router))" + background(flag)
        + system(initiator)
    case .push(let mention, let coordinator, let router, _, let initiator, let flag):
      return "push \(screen(mention))\(hosts(mention))\(by(coordinator))\(on(router))" + background(flag)
        + system(initiator)
    case .pop(let coordinator, let router, let mention, let initiator, let flag):
      return "pop \(mention.map { screen($0) } ?? "")\(by(coordinator))\(on(router))" + background(flag)
        + system(initiator)
    case .popTo(let mention, let coordinator, let router, let initiator, let flag):
      return "popTo \(screen(mention))\(by(coordinator))\(on(router))" + background(flag) + system(initiator)
    case .popToRoot(let coordinator, let router, let initiator, let flag):
      return "popToRoot\(by(coordinator))\(on(router))" + background(flag) + system(initiator)
    case .present(let mention, let coordinator, let router, _, let initiator, let flag):
      return "present \(screen(mention))\(hosts(mention))\(by(coordinator))\(on(router))" + background(flag)
        + system(initiator)
    case .dismiss(let coordinator, let router, let mention, let initiator, let flag):
      return "dismiss \(mention.map { screen($0) } ?? "")\(by(coordinator))\(on(router))" + background(flag)
        + system(initiator)
    case .selectTab(let mention, let coordinator, let router, let tab, let initiator, let flag):
      return "selectTab \(tab) \(screen(mention))\(by(coordinator))\(on(router))" + background(flag)
        + system(initiator)
    case .userAction(let mention, let action, let label):
      return "user \(action)" + (label.map { " (\($0))" } ?? "") + " on \(screen(mention))"
    case .screenUpdate(let update):
      let name = screen(.introduce(update))
      return "update \(name)" + (update.title.map { " title \($0)" } ?? "") + hosts(.introduce(update))
    case .deeplinkOpen(let url, let coordinator):
      return "deeplink \(url)\(by(coordinator))"
    case .screenImage(let id, let file, let width, let height):
      let size =
        width.map { w in height.map { " \(w)×\($0)" } ?? " \(w) wide" } ?? height.map { " \($0) high" } ?? ""
      return "image \(id) \(file)\(size)"
    case .note(let text):
      return "note \(text)"
    }
  }
}
