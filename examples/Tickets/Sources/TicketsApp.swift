import FlowAtlasPattern
import FlowAtlasRecording
import TicketsKit

/// The Tickets app after adopting FlowAtlas: the scene delegate wraps its navigation
/// controller in a recording router and follows the root coordinator. Nothing else changed
/// here (compare `examples/Tickets/Before/TicketsApp.swift`).
@MainActor
final class TicketsApp {
  /// The navigation controller (headless: `StackRouter`), recorded.
  let window: any RouterProtocol
  private let coordinator: AppCoordinator

  init(session: Session, recorder: FlowAtlasRecording.Recorder) {
    window = recorder.router(wrapping: StackRouter())
    coordinator = AppCoordinator(router: Router(navigationController: window), session: session)
    recorder.follow(coordinator)
  }

  /// Starts the root coordinator, as `scene(_:willConnectTo:options:)` would.
  func launch() {
    coordinator.start()
  }
}
