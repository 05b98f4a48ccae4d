import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// The person a journey scripts, the way a UI test drives an app: act on the screen that
/// is showing, and (when recording) record the action before the navigation it causes.
@MainActor
struct AccountsUser {
  let app: AccountsApp
  /// Records actions and deep links; nil when a test drives the app unrecorded.
  let recorder: Recorder?

  /// Acts on the visible screen.
  /// - Parameters:
  ///   - type: The screen the script expects on top.
  ///   - action: What the person does, as the trace names it (for example `Log in`).
  ///   - label: What they did it on, when it helps.
  ///   - body: Calls the screen's action method.
  /// - Throws: ``AccountsJourneyError/unexpectedScreen(expected:found:action:)`` when another
  ///   screen shows.
  func on<Screen: Presentable>(
    _ type: Screen.Type, _ action: String, label: String? = nil, _ body: (Screen) -> Void
  ) throws {
    guard let visible = app.visibleScreen as? Screen else {
      throw AccountsJourneyError.unexpectedScreen(
        expected: String(describing: type), found: app.visibleScreen?.screenType, action: action)
    }
    recorder?.userAction(on: visible, action: action, label: label)
    body(visible)
  }

  /// Uses the system's controls while `type` shows: the back button, a swipe. No action is
  /// recorded, as none reaches the app: the router records what the system did.
  /// - Parameters:
  ///   - type: The screen the script expects on top.
  ///   - gesture: What the person does with the visible router.
  /// - Throws: ``AccountsJourneyError/unexpectedScreen(expected:found:action:)`` when another
  ///   screen shows or its router cannot be driven by a person.
  func system<Screen: Presentable>(
    on type: Screen.Type, _ gesture: (Person) -> Void
  ) throws {
    guard app.visibleScreen is Screen, let router = app.visibleRouter, let person = try? Person(on: router)
    else {
      throw AccountsJourneyError.unexpectedScreen(
        expected: String(describing: type), found: app.visibleScreen?.screenType, action: "gesture")
    }
    gesture(person)
  }

  /// Opens the app at `url`, as iOS does when a link is tapped elsewhere.
  /// - Throws: ``AccountsJourneyError/unknownDeepLink(_:)`` for a URL the app does not route.
  func openDeepLink(_ url: String) throws {
    recorder?.deeplink(url, handledBy: app.coordinator)
    guard app.coordinator.open(url: url) else { throw AccountsJourneyError.unknownDeepLink(url) }
  }

  /// Adds a line to the run's narrative.
  func note(_ text: String) {
    recorder?.note(text)
  }
}
