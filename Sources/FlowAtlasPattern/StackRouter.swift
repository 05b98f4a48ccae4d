/// A router without UI that keeps real navigation state: a navigation stack and, above it,
/// modal layers, each a navigation stack of its own, exactly as the trace format's "Stacks"
/// section defines them.
///
/// Use it in tests and headless examples. Completions run synchronously, once, even when a
/// request is refused. A refused request (pop at the root, popToRoot with nothing to
/// remove, dismiss with nothing presented) leaves the state as it was, is appended to
/// ``refusals`` and passed to ``onRefusal``.
///
/// A journey or a test does what a person does with the system's controls through a `Person`
/// (FlowAtlasJourneys): the router changes its stacks and reports the change to its
/// ``SystemNavigationObserver``s, exactly as `NavigationRouter` reports UIKit's.
@MainActor
public final class StackRouter: RouterProtocol, NavigationStateReporting, SystemNavigationRelaying,
  PersonDrivenRouter
{
  /// Everything shown, bottom first: `layers[0]` is the navigation stack, later layers are
  /// modal and never empty.
  package private(set) var layers: [[any Presentable]] = [[]]
  /// Every request refused so far, oldest first.
  public private(set) var refusals: [RouterRefusal] = []
  /// Called with each refusal as it happens.
  public var onRefusal: ((RouterRefusal) -> Void)?
  package let systemNavigationObservers = SystemNavigationObservers()

  /// Creates a router that shows nothing yet.
  public init() {}

  /// The navigation stack under any modal layer, root first.
  package var stack: [any Presentable] { layers[0] }

  /// The modal layers, bottom first; each is a navigation stack, presented screen first.
  package var modalLayers: [[any Presentable]] { Array(layers.dropFirst()) }

  /// The top of the topmost layer: what people see.
  package var topScreen: (any Presentable)? { visibleScreen }

  /// Adds `screen` to the top layer (on an empty router it becomes the root).
  public func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    layers[layers.count - 1].append(screen)
    completion?()
  }

  /// Removes the top layer's top screen; refused when that is the layer's only screen.
  public func pop(animated: Bool, completion: (() -> Void)?) {
    if layers[layers.count - 1].count > 1 {
      layers[layers.count - 1].removeLast()
    } else {
      refuse(.popAtRoot)
    }
    completion?()
  }

  /// Keeps only the top layer's first screen; refused when there is nothing above it.
  public func popToRoot(animated: Bool, completion: (() -> Void)?) {
    if layers[layers.count - 1].count > 1 {
      layers[layers.count - 1].removeSubrange(1...)
    } else {
      refuse(.popToRootAtRoot)
    }
    completion?()
  }

  /// Adds a modal layer holding `screen`.
  public func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    layers.append([screen])
    completion?()
  }

  /// Removes the topmost modal layer; refused when nothing is presented.
  public func dismiss(animated: Bool, completion: (() -> Void)?) {
    if layers.count > 1 {
      layers.removeLast()
    } else {
      refuse(.dismissWithNothingPresented)
    }
    completion?()
  }

  /// Replaces everything, modal layers included, with `screen`.
  public func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    layers = [[screen]]
    completion?()
  }

  // MARK: What a person does

  /// The person taps the navigation bar's back button: the top layer's top screen goes.
  /// Refused at a layer's first screen, where there is no back button.
  package func tapBackButton() {
    systemPop(.backButton)
  }

  /// The person swipes back from the leading edge.
  /// - Parameter completing: false for a swipe the person gives up half-way: nothing changes
  ///   and nothing is reported, as UIKit reports nothing for a cancelled interactive pop.
  package func swipeBack(completing: Bool) {
    guard completing else { return }
    systemPop(.edgeSwipe)
  }

  /// The person long-presses the back button and picks `screen` from its menu: every screen
  /// above it in the top layer goes. Refused when `screen` is not below the top of that layer.
  /// - Parameter screen: A screen of the top layer, below its top.
  package func pickFromBackMenu(_ screen: any Presentable) {
    let top = layers[layers.count - 1]
    guard let index = top.lastIndex(where: { $0 === screen }), index < top.count - 1 else {
      return refuse(.notBelowTop(type: screen.screenType))
    }
    changeBySystem(.backMenu) { $0[$0.count - 1].removeSubrange((index + 1)...) }
  }

  /// The person swipes the topmost sheet down: its modal layer goes. Refused when nothing
  /// is presented.
  package func swipeDownSheet() {
    guard layers.count > 1 else { return refuse(.dismissWithNothingPresented) }
    changeBySystem(.swipeDown) { $0.removeLast() }
  }

  /// The person taps the tab this stack is in while it is selected: UIKit pops the stack to
  /// its first screen. Nothing happens at the first screen, or while a sheet covers the tab bar.
  func tapSelectedTab() {
    guard layers.count == 1, layers[0].count > 1 else { return }
    changeBySystem(.tabBar) { $0[0].removeSubrange(1...) }
  }

  private func systemPop(_ gesture: SystemGesture) {
    guard layers[layers.count - 1].count > 1 else { return refuse(.popAtRoot) }
    changeBySystem(gesture) { $0[$0.count - 1].removeLast() }
  }

  /// Applies a change the system makes and reports it, decided by ``SystemNavigation`` from
  /// the layers before and after, as the UIKit adapter decides.
  private func changeBySystem(_ gesture: SystemGesture, _ change: (inout [[any Presentable]]) -> Void) {
    let before = layers
    change(&layers)
    systemNavigationObservers.notify(from: before, to: layers, gesture: gesture)
  }

  private func refuse(_ refusal: RouterRefusal) {
    refusals.append(refusal)
    onRefusal?(refusal)
  }
}
