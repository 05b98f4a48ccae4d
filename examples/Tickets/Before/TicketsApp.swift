import FlowAtlasPattern
import TicketsKit

/// The Tickets app as the team had it before adopting FlowAtlas: what the scene delegate
/// makes (the navigation controller, the router, the session, the root coordinator).
@MainActor
public final class TicketsApp {
  /// The navigation controller (headless: `StackRouter`).
  public let window: StackRouter
  private let coordinator: AppCoordinator

  public init(session: Session) {
    window = StackRouter()
    coordinator = AppCoordinator(router: Router(navigationController: window), session: session)
  }

  /// Starts the root coordinator, as `scene(_:willConnectTo:options:)` would.
  public func launch() {
    coordinator.start()
  }

  /// Plays `journey` on a fresh app, unrecorded.
  /// - Returns: The person who played it (what they saw after each step).
  public static func play(_ journey: TicketsJourney) throws -> TicketsPerson {
    let app = TicketsApp(session: Session(email: journey.isLoggedIn ? "ada@example.com" : nil))
    return try withExtendedLifetime(app) {
      app.launch()
      let person = TicketsPerson(window: app.window)
      try journey.script(person)
      return person
    }
  }
}
