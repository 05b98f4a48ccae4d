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
public final class StackRouter: RouterProtocol, NavigationStateReporting, SystemNavigationRelaying {
  /// Everything shown, bottom first: `layers[0]` is the navigation stack, later layers are
  /// modal and never empty.
  package private(set) var layers: [[any Presentable]] = [[]]
  /// Every request refused so far, oldest first.
  public private(set) var refusals: [RouterRefusal] = []
  /// Called with each refusal as it happens.
  public var onRefusal: ((RouterRefusal) -> Void)?
  package let systemNavigationObservers = SystemNavigationObservers()
  /// Called with the navigation the system did on a person's gesture (back, the back menu, a
  /// sheet dragged down), after FlowAtlas's coordinators and recording heard it: where coordinators
  /// of the app's own learn that their screens are gone and finish their flows
  /// (docs/own-coordinators.md).
  public var onSystemNavigation: ((SystemNavigation) -> Void)? {
    get { systemNavigationObservers.appCallback }
    set { systemNavigationObservers.appCallback = newValue }
  }

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

  // MARK: What the system does

  /// The system changed the stacks to `layers`, on a person's `gesture`, as UIKit's navigation
  /// controller does with no coordinator asked (a `Person`, FlowAtlasJourneys, decides what
  /// each gesture removes): the router takes them and reports the change, decided by
  /// ``SystemNavigation`` from the layers before and after, as the UIKit adapter decides.
  package func changeBySystem(_ gesture: SystemGesture, to layers: [[any Presentable]]) {
    let before = self.layers
    self.layers = layers.isEmpty ? [[]] : layers
    systemNavigationObservers.notify(from: before, to: self.layers, gesture: gesture)
  }

  /// Records `refusal`: a request, or a gesture the system would not do.
  package func refuse(_ refusal: RouterRefusal) {
    refusals.append(refusal)
    onRefusal?(refusal)
  }
}
