import FlowAtlasPattern

/// A router that writes down every call, the way an iOS team's test double does, and
/// forwards it to a headless ``StackRouter`` so the app keeps real navigation state.
///
/// It logs type names only and holds no screen itself, so a screen's release can still be
/// observed through a weak reference.
@MainActor
final class SpyRouter: RouterProtocol, NavigationStateReporting, SystemNavigationReporting,
  PersonDrivenRouter
{
  let stack = StackRouter()
  private(set) var calls: [String] = []

  var layers: [[any Presentable]] { stack.layers }

  /// The type names of each layer's screens, bottom first.
  var layerTypes: [[String]] { stack.layers.map { $0.map(\.screenType) } }

  func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    calls.append("push(\(screen.screenType))")
    stack.push(screen, animated: animated, completion: completion)
  }

  func pop(animated: Bool, completion: (() -> Void)?) {
    calls.append("pop")
    stack.pop(animated: animated, completion: completion)
  }

  func popToRoot(animated: Bool, completion: (() -> Void)?) {
    calls.append("popToRoot")
    stack.popToRoot(animated: animated, completion: completion)
  }

  func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    calls.append("present(\(screen.screenType))")
    stack.present(screen, animated: animated, completion: completion)
  }

  func dismiss(animated: Bool, completion: (() -> Void)?) {
    calls.append("dismiss")
    stack.dismiss(animated: animated, completion: completion)
  }

  func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    calls.append("setRoot(\(screen.screenType))")
    stack.setRoot(screen, animated: animated, completion: completion)
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
    calls.append("tapBackButton")
    stack.tapBackButton()
  }

  func swipeBack(completing: Bool) {
    calls.append("swipeBack")
    stack.swipeBack(completing: completing)
  }

  func pickFromBackMenu(_ screen: any Presentable) {
    calls.append("pickFromBackMenu(\(screen.screenType))")
    stack.pickFromBackMenu(screen)
  }

  func swipeDownSheet() {
    calls.append("swipeDownSheet")
    stack.swipeDownSheet()
  }
}
