/// The router a ``Coordinator`` navigates with: its own router, seen by that coordinator, that
/// remembers the screens the coordinator put on a stack (`setRoot`, `push`, `present`).
///
/// It is how a coordinator knows that the system took its screens away (the back button, an
/// edge swipe, a sheet swiped down): ``Coordinator`` compares the screens a
/// ``SystemNavigation`` removed with the ones it remembers. Screens are held weakly.
@MainActor
package final class CoordinatorRouter: AttributingRouter, NavigationStateReporting,
  SystemNavigationReporting
{
  private struct Shown {
    weak var screen: (any Presentable)?
  }

  /// The router calls are forwarded to (bound to the coordinator when it attributes calls).
  package let base: any RouterProtocol
  /// By identity, checked against the weak reference (an identity can be reused once freed).
  /// Unchecked for exclusivity at run time: the class is the main actor's, and no access to
  /// it overlaps another (a dynamic check cost every push more than the look-up itself).
  @exclusivity(unchecked) private var shown: [ObjectIdentifier: Shown] = [:]
  /// Released screens are swept out when the table reaches this size.
  @exclusivity(unchecked) private var sweepAt = 64
  /// The first screen the coordinator showed since it was launched.
  package private(set) weak var firstScreen: (any Presentable)?

  init(base: any RouterProtocol) {
    self.base = base
  }

  /// Whether the coordinator put `screen` on a stack.
  package func showed(_ screen: any Presentable) -> Bool {
    shown[ObjectIdentifier(screen)]?.screen === screen
  }

  /// Forgets the screens shown, when the coordinator is launched again.
  func forgetShownScreens() {
    shown.removeAll()
    firstScreen = nil
  }

  /// A push costs one hash lookup (it is on recording's hot path); sweeping the released
  /// screens out is amortized over the table doubling.
  private func remember(_ screen: any Presentable) {
    if firstScreen == nil { firstScreen = screen }
    let key = ObjectIdentifier(screen)
    guard shown[key]?.screen !== screen else { return }
    if shown.count >= sweepAt {
      shown = shown.filter { $0.value.screen != nil }
      sweepAt = max(64, shown.count * 2)
    }
    shown[key] = Shown(screen: screen)
  }

  package var layers: [[any Presentable]] { (base as? any NavigationStateReporting)?.layers ?? [[]] }

  package func on(behalfOf coordinator: any CoordinatorProtocol) -> any RouterProtocol {
    (base as? any AttributingRouter)?.on(behalfOf: coordinator) ?? base
  }

  package func addSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    (base as? any SystemNavigationReporting)?.addSystemNavigationObserver(observer)
  }

  package func removeSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    (base as? any SystemNavigationReporting)?.removeSystemNavigationObserver(observer)
  }

  package func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    remember(screen)
    base.push(screen, animated: animated, completion: completion)
  }

  package func pop(animated: Bool, completion: (() -> Void)?) {
    base.pop(animated: animated, completion: completion)
  }

  package func popToRoot(animated: Bool, completion: (() -> Void)?) {
    base.popToRoot(animated: animated, completion: completion)
  }

  package func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    remember(screen)
    base.present(screen, animated: animated, completion: completion)
  }

  package func dismiss(animated: Bool, completion: (() -> Void)?) {
    base.dismiss(animated: animated, completion: completion)
  }

  package func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    remember(screen)
    base.setRoot(screen, animated: animated, completion: completion)
  }
}

extension CoordinatorRouter: RouterWrapper {
  package var routerUnderneath: AnyObject { base }
}
