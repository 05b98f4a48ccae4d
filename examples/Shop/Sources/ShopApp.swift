import FlowAtlasPattern
import FlowAtlasRecording

/// One launched shop: what the app delegate would own (the window's router and the root
/// coordinator).
@MainActor
final class ShopApp {
  let flavor: ShopFlavor
  let coordinator: ShopCoordinator

  /// Builds the app on `router`; nothing shows until ``launch(recorder:)``.
  /// - Parameters:
  ///   - flavor: Which shop.
  ///   - router: The window's router (headless, spying or recording).
  init(flavor: ShopFlavor, router: any RouterProtocol) {
    self.flavor = flavor
    coordinator = ShopCoordinator(
      router: router, catalog: flavor.catalog, configuration: flavor.checkout)
  }

  /// Starts the root coordinator, the way `scene(_:willConnectTo:options:)` would.
  /// - Parameter recorder: Records every coordinator's lifecycle, if the run is recorded.
  func launch(recorder: Recorder? = nil) {
    if let recorder { recorder.launch(coordinator) } else { coordinator.launch() }
  }
}
