/// A recorded run written as short lines a test can compare, with ids resolved to types:
/// `push PaymentViewController by CheckoutCoordinator`, `finish CheckoutCoordinator -> ordered`.
///
/// For an app's own tests: assert the navigation a journey recorded without spelling out ids.
public struct TraceTranscript: Sendable {
  /// One line per event, in order.
  public private(set) var lines: [String] = []
  private var screens: [String: String] = [:]
  private var coordinators: [String: String] = [:]

  /// - Parameter events: a run's events in order (a sink's or a read trace's).
  public init(_ events: [TraceEvent]) {
    for event in events { lines.append(describe(event)) }
  }

  private mutating func screen(_ mention: ScreenMention) -> String {
    if case .introduce(let screen) = mention { screens[screen.id] = screen.type }
    return screens[mention.id] ?? "?\(mention.id)"
  }

  private func by(_ coordinator: String?) -> String {
    coordinator.map { " by " + (coordinators[$0] ?? "?\($0)") } ?? ""
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
    case .setRoot(let mention, let coordinator, let router, let background):
      return "setRoot \(screen(mention))\(by(coordinator))\(on(router))"
        + (background == true ? " background" : "")
    case .push(let mention, let coordinator, let router, _):
      return "push \(screen(mention))\(by(coordinator))\(on(router))"
    case .pop(let coordinator, let router, let mention):
      return "pop \(mention.map { screen($0) } ?? "")\(by(coordinator))\(on(router))"
    case .popToRoot(let coordinator, let router):
      return "popToRoot\(by(coordinator))\(on(router))"
    case .present(let mention, let coordinator, let router, _):
      return "present \(screen(mention))\(by(coordinator))\(on(router))"
    case .dismiss(let coordinator, let router, let mention):
      return "dismiss \(mention.map { screen($0) } ?? "")\(by(coordinator))\(on(router))"
    case .selectTab(let mention, let coordinator, let router, let tab):
      return "selectTab \(tab) \(screen(mention))\(by(coordinator))\(on(router))"
    case .userAction(let id, let action, let label):
      return "user \(action)" + (label.map { " (\($0))" } ?? "") + " on \(screens[id] ?? "?\(id)")"
    case .deeplinkOpen(let url, let coordinator):
      return "deeplink \(url)\(by(coordinator))"
    case .note(let text):
      return "note \(text)"
    }
  }
}
