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
    coordinator.map { " by \(name($0))" } ?? ""
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

  /// What every navigation event ends with: who asked, on which router, and whether off-screen
  /// or by the system.
  private func context(
    _ coordinator: String?, _ router: String?, _ flag: Bool?, _ initiator: Initiator
  ) -> String {
    "\(by(coordinator))\(on(router))\(background(flag))\(system(initiator))"
  }

  private func name(_ coordinator: String) -> String { coordinators[coordinator] ?? "?\(coordinator)" }

  // Written as interpolations of named parts: as `+` chains of optionals' maps, this switch took
  // the compiler two seconds to type-check.
  private mutating func describe(_ event: TraceEvent) -> String {
    switch event {
    case .coordinatorStart(let id, let type, let parent, let module):
      coordinators[id] = module.map { "\($0).\(type)" } ?? type
      let under: String = parent.map { " under \(name($0))" } ?? ""
      return "start \(name(id))\(under)"
    case .coordinatorAttach(let id, let type, let parent, let module):
      coordinators[id] = module.map { "\($0).\(type)" } ?? type
      return "attach \(name(id)) to \(name(parent))"
    case .coordinatorFinish(let id, let output):
      let result: String = output.map { " -> \($0)" } ?? ""
      return "finish \(name(id))\(result)"
    case .coordinatorDetach(let id, let parent):
      return "detach \(name(id)) from \(name(parent))"
    case .coordinatorDeinit(let id):
      return "deinit \(name(id))"
    case .setRoot(let mention, let coordinator, let router, let flag, let initiator):
      return "setRoot \(screen(mention))\(hosts(mention))\(context(coordinator, router, flag, initiator))"
    case .push(let mention, let coordinator, let router, _, let initiator, let flag):
      return "push \(screen(mention))\(hosts(mention))\(context(coordinator, router, flag, initiator))"
    case .pop(let coordinator, let router, let mention, let initiator, let flag):
      let popped: String = mention.map { screen($0) } ?? ""
      return "pop \(popped)\(context(coordinator, router, flag, initiator))"
    case .popTo(let mention, let coordinator, let router, let initiator, let flag):
      return "popTo \(screen(mention))\(context(coordinator, router, flag, initiator))"
    case .popToRoot(let coordinator, let router, let initiator, let flag):
      return "popToRoot\(context(coordinator, router, flag, initiator))"
    case .present(let mention, let coordinator, let router, _, let initiator, let flag):
      return "present \(screen(mention))\(hosts(mention))\(context(coordinator, router, flag, initiator))"
    case .dismiss(let coordinator, let router, let mention, let initiator, let flag):
      let dismissed: String = mention.map { screen($0) } ?? ""
      return "dismiss \(dismissed)\(context(coordinator, router, flag, initiator))"
    case .selectTab(let mention, let coordinator, let router, let tab, let initiator, let flag):
      return "selectTab \(tab) \(screen(mention))\(context(coordinator, router, flag, initiator))"
    case .userAction(let mention, let action, let label):
      let labelled: String = label.map { " (\($0))" } ?? ""
      return "user \(action)\(labelled) on \(screen(mention))"
    case .screenUpdate(let update):
      let updated = screen(.introduce(update))
      let title: String = update.title.map { " title \($0)" } ?? ""
      return "update \(updated)\(title)\(hosts(.introduce(update)))"
    case .deeplinkOpen(let url, let coordinator):
      return "deeplink \(url)\(by(coordinator))"
    case .screenImage(let id, let file, let width, let height):
      var size = ""
      switch (width, height) {
      case (let width?, let height?): size = " \(width)×\(height)"
      case (let width?, nil): size = " \(width) wide"
      case (nil, let height?): size = " \(height) high"
      case (nil, nil): break
      }
      return "image \(id) \(file)\(size)"
    case .note(let text):
      return "note \(text)"
    }
  }
}
