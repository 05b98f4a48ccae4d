import Observation

/// A router for SwiftUI: plain observable state that a `NavigationStack(path:)` view binds to,
/// the bottom navigation stack and modal layers (sheets, full-screen covers), each a stack of
/// its own, exactly the trace format's "Stacks" model.
///
/// Coordinators navigate it through ``RouterProtocol``, as over UIKit or ``StackRouter``; its
/// view (`NavigationStackHost`, where SwiftUI exists) shows ``layers``. When SwiftUI writes the
/// state itself, because the person went back, picked a screen from the back menu or dragged a
/// sheet down, the view calls ``write(path:toLayer:)`` or ``write(isPresented:layer:)``: the
/// router compares old and new state and reports the change to its
/// ``SystemNavigationObserver``s, as the UIKit adapter reports UIKit's. A write that changes
/// nothing reports nothing; one SwiftUI cannot make (a longer path, routes it never showed, a
/// covered layer) is refused, reported through ``onRefusal`` and left undone.
///
/// **Several screens at once.** Calls made in one turn of the main actor (a deep link pushing
/// three screens) are one update for SwiftUI, which draws the final path. SwiftUI cannot
/// present a second modal layer in the update that presents the first, so ``isPresented(layer:)``
/// holds each modal layer back until the view reports that the one below it appeared
/// (``didAppear(layer:)``): the router keeps the whole state and presents layer by layer.
///
/// Needs Observation: iOS 17, macOS 14, tvOS 17, watchOS 10.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
@MainActor
public final class NavigationStackRouter: RouterProtocol, NavigationStateReporting, SystemNavigationRelaying {
  /// Every stack, bottom first: `stacks[0]` is the bottom navigation stack, the others modal.
  package private(set) var stacks: [NavigationLayer] = [NavigationLayer(style: nil, root: nil, path: [])]
  /// How many modal layers the view reported as appeared.
  package private(set) var appearedModalLayers = 0
  /// Every request and write refused so far, oldest first (observed: a view may show them).
  public var refusals: [RouterRefusal] { refused }
  /// ``refusals``, kept apart so that the public property has no setter: `@Observable` gives a
  /// `private(set)` stored property one that the API listing shows.
  private var refused: [RouterRefusal] = []
  /// Called with each refusal as it happens.
  @ObservationIgnored public var onRefusal: ((RouterRefusal) -> Void)?
  /// How ``present(_:animated:completion:)`` shows a screen; a sheet unless it says otherwise.
  @ObservationIgnored public var modalStyle: @MainActor (any Presentable) -> ModalStyle = { _ in .sheet }
  @ObservationIgnored package let systemNavigationObservers = SystemNavigationObservers()
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

  package var layers: [[any Presentable]] { stacks.map(\.screens) }

  /// Whether modal layer `layer` (1 for the first) is presented: it exists, and the one below
  /// it appeared.
  /// - Parameter layer: The index in ``stacks``.
  package func isPresented(layer: Int) -> Bool {
    layer >= 1 && layer < stacks.count && layer <= appearedModalLayers + 1
  }

  /// The view showed modal layer `layer`: the one above it may be presented now.
  /// - Parameter layer: The index in ``stacks``.
  package func didAppear(layer: Int) {
    guard layer < stacks.count, layer > appearedModalLayers else { return }
    appearedModalLayers = layer
  }

  /// The view showed `screen` (its view appeared): observers learn what became known of it once
  /// shown, such as a title a view model set on loading.
  /// - Parameter screen: A screen of one of the stacks.
  package func didShow(_ screen: any Presentable) {
    systemNavigationObservers.notifyShown(screen)
  }

  // MARK: What coordinators ask for

  /// Pushes on the top layer (on an empty router the screen becomes the root).
  public func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    let top = stacks.count - 1
    if stacks[top].root == nil {
      stacks[top].root = NavigationRoute(screen)
    } else {
      stacks[top].path.append(NavigationRoute(screen))
    }
    completion?()
  }

  /// Removes the top layer's top screen; refused at its root.
  public func pop(animated: Bool, completion: (() -> Void)?) {
    let top = stacks.count - 1
    if stacks[top].path.isEmpty { refuse(.popAtRoot) } else { stacks[top].path.removeLast() }
    completion?()
  }

  /// Keeps the top layer's root; refused with nothing above it.
  public func popToRoot(animated: Bool, completion: (() -> Void)?) {
    let top = stacks.count - 1
    if stacks[top].path.isEmpty { refuse(.popToRootAtRoot) } else { stacks[top].path.removeAll() }
    completion?()
  }

  /// Presents `screen` in a modal layer of its own, styled by ``modalStyle``.
  public func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    present(screen, style: modalStyle(screen), completion: completion)
  }

  /// Presents `screen` in a modal layer of its own.
  /// - Parameters:
  ///   - screen: The layer's root.
  ///   - style: A sheet or a full-screen cover.
  ///   - completion: Runs once the state holds the layer.
  public func present(_ screen: any Presentable, style: ModalStyle, completion: (() -> Void)? = nil) {
    stacks.append(NavigationLayer(style: style, root: NavigationRoute(screen), path: []))
    completion?()
  }

  /// Removes the topmost modal layer; refused when none is presented.
  public func dismiss(animated: Bool, completion: (() -> Void)?) {
    if stacks.count > 1 { removeTopLayer() } else { refuse(.dismissWithNothingPresented) }
    completion?()
  }

  /// Replaces everything, modal layers included, with `screen`.
  public func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    stacks = [NavigationLayer(style: nil, root: NavigationRoute(screen), path: [])]
    appearedModalLayers = 0
    completion?()
  }

  // MARK: What SwiftUI writes

  /// SwiftUI set `layer`'s path (`NavigationStack(path:)`'s binding): the person went back one
  /// screen (the back button or the edge swipe; SwiftUI does not say which, so the gesture is
  /// `back`) or several (the back button's menu, `backMenu`).
  /// - Parameters:
  ///   - path: The new path.
  ///   - layer: The index in ``stacks``.
  package func write(path: [NavigationRoute], toLayer layer: Int) {
    guard layer >= 0, layer < stacks.count else { return refuse(.noSuchLayer(layer: layer)) }
    let old = stacks[layer].path
    guard path != old else { return }
    guard layer == stacks.count - 1 else { return refuse(.layerCovered(layer: layer)) }
    guard path.count < old.count, Array(old.prefix(path.count)) == path else {
      return refuse(.pathNotShortened(layer: layer))
    }
    let gesture: SystemGesture = old.count - path.count == 1 ? .back : .backMenu
    changeBySystem(gesture) { $0[layer].path = path }
  }

  /// SwiftUI set whether modal layer `layer` is presented (`.sheet(isPresented:)`'s binding):
  /// `false` when the person dragged the sheet down.
  /// - Parameters:
  ///   - isPresented: The new value.
  ///   - layer: The index in ``stacks``.
  package func write(isPresented: Bool, layer: Int) {
    guard layer >= 1 else { return refuse(.noSuchLayer(layer: layer)) }
    // Already so: SwiftUI echoing the state back.
    guard isPresented != (layer < stacks.count) else { return }
    guard !isPresented else { return refuse(.noSuchLayer(layer: layer)) }
    guard layer == stacks.count - 1 else { return refuse(.layerCovered(layer: layer)) }
    guard stacks[layer].style == .sheet else { return refuse(.coverDismissedByView(layer: layer)) }
    changeBySystem(.swipeDown) { $0.removeLast() }
    appearedModalLayers = min(appearedModalLayers, stacks.count - 1)
  }

  private func removeTopLayer() {
    stacks.removeLast()
    appearedModalLayers = min(appearedModalLayers, stacks.count - 1)
  }

  private func changeBySystem(_ gesture: SystemGesture, _ change: (inout [NavigationLayer]) -> Void) {
    let before = layers
    change(&stacks)
    systemNavigationObservers.notify(from: before, to: layers, gesture: gesture)
  }

  /// Records `refusal`: a request, a write SwiftUI cannot make, or a gesture it would not do.
  package func refuse(_ refusal: RouterRefusal) {
    refused.append(refusal)
    onRefusal?(refusal)
  }
}
