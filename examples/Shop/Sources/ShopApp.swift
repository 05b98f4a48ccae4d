import FlowAtlasPattern

/// One launched shop: what the app delegate would own (the window's router and the root
/// coordinator).
@MainActor
final class ShopApp {
  let flavor: ShopFlavor
  let coordinator: ShopCoordinator

  /// Builds the app on `router`; nothing shows until ``launch(observer:)``.
  /// - Parameters:
  ///   - flavor: Which shop.
  ///   - router: The window's router (headless, spying or recording).
  init(flavor: ShopFlavor, router: any RouterProtocol) {
    self.flavor = flavor
    coordinator = ShopCoordinator(
      router: router, catalog: flavor.catalog, configuration: flavor.checkout)
  }

  /// Starts the root coordinator, the way `scene(_:willConnectTo:options:)` would.
  /// - Parameter observer: Watches every coordinator's lifecycle (recording), if any.
  func launch(observer: (any CoordinatorLifecycleObserver)? = nil) {
    coordinator.lifecycleObserver = observer
    coordinator.launch()
  }
}
