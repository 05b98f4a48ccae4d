import FlowAtlasPattern

/// Where spies write, in call order across every router of the app.
@MainActor
final class CallLog {
  private(set) var calls: [String] = []

  func append(_ call: String) { calls.append(call) }
}

/// A router that writes down every call as `name: call`, the way an iOS team's test double
/// does, and forwards it to a headless ``StackRouter`` so the app keeps real navigation
/// state. It logs type names only and holds no screen itself.
@MainActor
final class SpyRouter: RouterProtocol, NavigationStateReporting, SystemNavigationReporting,
  PersonDrivenRouter
{
  let name: String
  let stack = StackRouter()
  private let log: CallLog

  init(name: String, log: CallLog) {
    self.name = name
    self.log = log
  }

  var layers: [[any Presentable]] { stack.layers }

  /// The type names of each layer's screens, bottom first.
  var layerTypes: [[String]] { stack.layers.map { $0.map(\.screenType) } }

  func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    log.append("\(name): push(\(screen.screenType))")
    stack.push(screen, animated: animated, completion: completion)
  }

  func pop(animated: Bool, completion: (() -> Void)?) {
    log.append("\(name): pop")
    stack.pop(animated: animated, completion: completion)
  }

  func popToRoot(animated: Bool, completion: (() -> Void)?) {
    log.append("\(name): popToRoot")
    stack.popToRoot(animated: animated, completion: completion)
  }

  func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    log.append("\(name): present(\(screen.screenType))")
    stack.present(screen, animated: animated, completion: completion)
  }

  func dismiss(animated: Bool, completion: (() -> Void)?) {
    log.append("\(name): dismiss")
    stack.dismiss(animated: animated, completion: completion)
  }

  func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    log.append("\(name): setRoot(\(screen.screenType))")
    stack.setRoot(screen, animated: animated, completion: completion)
  }
}

/// A tab container whose tabs are spy routers named after their tab, writing to one log.
@MainActor
final class SpyTabRouter: TabRouting, PersonDrivenTabRouter {
  let tabs: [String]
  private(set) var selectedTab: String?
  let routers: [String: SpyRouter]
  private let log: CallLog

  init(tabs: [String], log: CallLog) {
    self.tabs = tabs
    self.log = log
    routers = Dictionary(uniqueKeysWithValues: tabs.map { ($0, SpyRouter(name: $0, log: log)) })
  }

  func router(forTab tab: String) -> (any RouterProtocol)? { routers[tab] }

  func selectTab(_ tab: String, animated: Bool, completion: (() -> Void)?) {
    log.append("tabs: selectTab(\(tab))")
    selectedTab = tab
    completion?()
  }

  func tapTab(_ tab: String) {
    log.append("tabs: tapTab(\(tab))")
    selectedTab = tab
  }
}

// What the system does on a person's gesture reaches the coordinators through the stack.
extension SpyRouter {
  func addSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    stack.addSystemNavigationObserver(observer)
  }

  func removeSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    stack.removeSystemNavigationObserver(observer)
  }

  func tapBackButton() {
    log.append("\(name): tapBackButton")
    stack.tapBackButton()
  }

  func swipeBack(completing: Bool) {
    log.append("\(name): swipeBack")
    stack.swipeBack(completing: completing)
  }

  func pickFromBackMenu(_ screen: any Presentable) {
    log.append("\(name): pickFromBackMenu(\(screen.screenType))")
    stack.pickFromBackMenu(screen)
  }

  func swipeDownSheet() {
    log.append("\(name): swipeDownSheet")
    stack.swipeDownSheet()
  }
}
