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
/// `call`, and in the shared log as `name: call`. It logs type names only and holds no screen
/// itself, so a screen's release can still be seen through a weak reference.
@MainActor
package final class SpyRouter: RouterProtocol, NavigationStateReporting, SystemNavigationReporting,
  PersonDrivenRouter
{
  package let name: String
  package let stack = StackRouter()
  /// This router's calls, in order.
  package private(set) var calls: [String] = []
  private let log: CallLog

  package init(name: String = "router", log: CallLog = CallLog()) {
    self.name = name
    self.log = log
  }

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

/// A tab container whose tabs are spy routers named after their tab, writing to one log.
@MainActor
package final class SpyTabRouter: TabRouting, PersonDrivenTabRouter {
  package let tabs: [String]
  package private(set) var selectedTab: String?
  package let routers: [String: SpyRouter]
  private let log: CallLog

  package init(tabs: [String], log: CallLog) {
    self.tabs = tabs
    self.log = log
    routers = Dictionary(uniqueKeysWithValues: tabs.map { ($0, SpyRouter(name: $0, log: log)) })
  }

  package func router(forTab tab: String) -> (any RouterProtocol)? { routers[tab] }

  package func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
    log.append("tabs: selectTab(\(tab))")
    selectedTab = tab
    completion?()
  }

  package func tapTab(_ tab: String) {
    log.append("tabs: tapTab(\(tab))")
    selectedTab = tab
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

  package func tapBackButton() {
    note("tapBackButton")
    stack.tapBackButton()
  }

  package func swipeBack(completing: Bool) {
    note("swipeBack")
    stack.swipeBack(completing: completing)
  }

  package func pickFromBackMenu(_ screen: any Presentable) {
    note("pickFromBackMenu(\(screen.screenType))")
    stack.pickFromBackMenu(screen)
  }

  package func swipeDownSheet() {
    note("swipeDownSheet")
    stack.swipeDownSheet()
  }
}
