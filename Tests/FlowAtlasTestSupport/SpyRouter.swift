import FlowAtlasPattern

/// Where spies write, in call order across every router of the app.
@MainActor
package final class CallLog {
  package private(set) var calls: [String] = []

  package init() {}

  package func append(_ call: String) { calls.append(call) }
}

/// A router that writes down every call, the way an iOS team's test double does, and forwards
/// it to a headless ``StackRouter`` so the app keeps real navigation state: in ``calls`` as
/// `call`, and in the shared log as `name: call`. A person's gesture (a `Person` drives the
/// stack underneath) is written down as the person's call, `tapBackButton`, `swipeBack`,
/// `pickFromBackMenu(Type)`, `swipeDownSheet`, as the stack reports it. It logs type names only
/// and holds no screen itself, so a screen's release can still be seen through a weak reference.
@MainActor
package final class SpyRouter: RouterProtocol, NavigationStateReporting, SystemNavigationReporting,
  RouterWrapper
{
  package let name: String
  package let stack = StackRouter()
  /// This router's calls, in order.
  package private(set) var calls: [String] = []
  private let log: CallLog
  private var gestures: GestureLog?

  package init(name: String = "router", log: CallLog = CallLog()) {
    self.name = name
    self.log = log
    let gestures = GestureLog { [weak self] in self?.note($0) }
    stack.addSystemNavigationObserver(gestures)
    self.gestures = gestures
  }

  package var routerUnderneath: AnyObject { stack }

  private func note(_ call: String) {
    calls.append(call)
    log.append("\(name): \(call)")
  }

  package var layers: [[any Presentable]] { stack.layers }

  /// The type names of each layer's screens, bottom first.
  package var layerTypes: [[String]] { stack.layers.map { $0.map(\.screenType) } }

  package func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    note("push(\(screen.screenType))")
    stack.push(screen, animated: animated, completion: completion)
  }

  package func pop(animated: Bool, completion: (() -> Void)?) {
    note("pop")
    stack.pop(animated: animated, completion: completion)
  }

  package func popToRoot(animated: Bool, completion: (() -> Void)?) {
    note("popToRoot")
    stack.popToRoot(animated: animated, completion: completion)
  }

  package func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    note("present(\(screen.screenType))")
    stack.present(screen, animated: animated, completion: completion)
  }

  package func dismiss(animated: Bool, completion: (() -> Void)?) {
    note("dismiss")
    stack.dismiss(animated: animated, completion: completion)
  }

  package func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    note("setRoot(\(screen.screenType))")
    stack.setRoot(screen, animated: animated, completion: completion)
  }
}

/// A tab container whose tabs are spy routers named after their tab, writing to one log, over a
/// headless ``TabRouter`` of their stacks (a `Person` taps it: `tabs: tapTab(name)`).
@MainActor
package final class SpyTabRouter: TabRouting, RouterWrapper {
  package let tabs: [String]
  package let routers: [String: SpyRouter]
  private let tabBar: TabRouter
  private let log: CallLog
  private var taps: TapLog?

  package init(tabs: [String], log: CallLog) {
    self.log = log
    let routers = Dictionary(uniqueKeysWithValues: tabs.map { ($0, SpyRouter(name: $0, log: log)) })
    self.routers = routers
    tabBar = TabRouter(stacks: tabs.compactMap { tab in routers[tab].map { (tab, $0.stack) } })
    self.tabs = tabBar.tabs
    let taps = TapLog { log.append("tabs: tapTab(\($0))") }
    tabBar.addSystemNavigationObserver(taps)
    self.taps = taps
  }

  package var selectedTab: String? { tabBar.selectedTab }

  package var routerUnderneath: AnyObject { tabBar }

  package func router(forTab tab: String) -> (any RouterProtocol)? { routers[tab] }

  package func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
    log.append("tabs: selectTab(\(tab))")
    tabBar.selectTab(tab, animated: animated, completion: completion)
  }
}

/// Writes down a tab the person tapped.
@MainActor
private final class TapLog: SystemNavigationObserver {
  let note: (String) -> Void

  init(note: @escaping (String) -> Void) { self.note = note }

  func systemDidNavigate(_ navigation: SystemNavigation) {
    if navigation.kind == .selectTab, let tab = navigation.tab { note(tab) }
  }
}

// What the system does on a person's gesture reaches the coordinators through the stack.
extension SpyRouter {
  package func addSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    stack.addSystemNavigationObserver(observer)
  }

  package func removeSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    stack.removeSystemNavigationObserver(observer)
  }
}

/// Writes down what the system did on a person's gesture as the person's call.
@MainActor
private final class GestureLog: SystemNavigationObserver {
  let note: (String) -> Void

  init(note: @escaping (String) -> Void) { self.note = note }

  func systemDidNavigate(_ navigation: SystemNavigation) {
    switch navigation.gesture {
    case .backButton: note("tapBackButton")
    case .edgeSwipe: note("swipeBack")
    case .backMenu: note("pickFromBackMenu(\(navigation.shown?.screenType ?? "nothing"))")
    case .swipeDown: note("swipeDownSheet")
    case .tabBar: note("tapSelectedTab")
    default: note("system \(navigation.kind)")
    }
  }
}
