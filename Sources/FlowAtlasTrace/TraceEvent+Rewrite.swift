/// The two rewrites the reader applies before delivering an event.
extension TraceEvent {
  /// The event with its screen mention replaced by the resolved screen object.
  func replacingScreen(with screen: Screen) -> TraceEvent {
    let mention = ScreenMention.introduce(screen)
    switch self {
    case .setRoot(_, let coordinator, let router, let background):
      return .setRoot(screen: mention, coordinator: coordinator, router: router, background: background)
    case .push(_, let coordinator, let router, let animated):
      return .push(screen: mention, coordinator: coordinator, router: router, animated: animated)
    case .pop(let coordinator, let router, _):
      return .pop(coordinator: coordinator, router: router, screen: mention)
    case .present(_, let coordinator, let router, let animated):
      return .present(screen: mention, coordinator: coordinator, router: router, animated: animated)
    case .dismiss(let coordinator, let router, _):
      return .dismiss(coordinator: coordinator, router: router, screen: mention)
    case .selectTab(_, let coordinator, let router, let tab):
      return .selectTab(screen: mention, coordinator: coordinator, router: router, tab: tab)
    default:
      return self
    }
  }

  /// The coordinator that asked for a router event or handled a deep link, if the event names one.
  var askingCoordinator: String? {
    switch self {
    case .setRoot(_, let coordinator, _, _), .push(_, let coordinator, _, _), .pop(let coordinator, _, _),
      .popToRoot(let coordinator, _), .present(_, let coordinator, _, _), .dismiss(let coordinator, _, _),
      .selectTab(_, let coordinator, _, _), .deeplinkOpen(_, let coordinator):
      return coordinator
    default:
      return nil
    }
  }

  /// The event as if it named no coordinator (for an unknown one on a router event or deep link).
  func removingCoordinator() -> TraceEvent {
    switch self {
    case .setRoot(let screen, _, let router, let background):
      return .setRoot(screen: screen, coordinator: nil, router: router, background: background)
    case .push(let screen, _, let router, let animated):
      return .push(screen: screen, coordinator: nil, router: router, animated: animated)
    case .pop(_, let router, let screen):
      return .pop(coordinator: nil, router: router, screen: screen)
    case .popToRoot(_, let router):
      return .popToRoot(coordinator: nil, router: router)
    case .present(let screen, _, let router, let animated):
      return .present(screen: screen, coordinator: nil, router: router, animated: animated)
    case .dismiss(_, let router, let screen):
      return .dismiss(coordinator: nil, router: router, screen: screen)
    case .selectTab(let screen, _, let router, let tab):
      return .selectTab(screen: screen, coordinator: nil, router: router, tab: tab)
    case .deeplinkOpen(let url, _):
      return .deeplinkOpen(url: url, coordinator: nil)
    default:
      return self
    }
  }
}
