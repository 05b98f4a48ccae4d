import FlowAtlasPattern

/// The team's router API, as the classic tutorials write it: modules in, no knowledge of
/// which coordinator calls. Coordinators depend on this protocol only.
@MainActor
public protocol Routing: AnyObject {
  func setRootModule(_ module: any Presentable)
  func push(_ module: any Presentable)
  func popModule()
  func popToRootModule()
  func present(_ module: any Presentable)
  func dismissModule()
}

/// The team's router: one instance, made by the app and passed from parent to child.
///
/// It drives the app's navigation controller. Headless, that is FlowAtlas's `StackRouter`, the
/// stand-in for `UINavigationController` (on a device, `NavigationRouter` over the real one);
/// recording wraps it once where the app makes it, so this class is the same before and after
/// adopting FlowAtlas.
@MainActor
public final class Router: Routing {
  private let navigationController: any RouterProtocol

  public init(navigationController: any RouterProtocol) {
    self.navigationController = navigationController
  }

  public func setRootModule(_ module: any Presentable) {
    navigationController.setRoot(module, animated: false)
  }

  public func push(_ module: any Presentable) {
    navigationController.push(module, animated: true)
  }

  public func popModule() {
    navigationController.pop(animated: true)
  }

  public func popToRootModule() {
    navigationController.popToRoot(animated: true)
  }

  public func present(_ module: any Presentable) {
    navigationController.present(module, animated: true)
  }

  public func dismissModule() {
    navigationController.dismiss(animated: true)
  }
}
