import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording

/// The person a journey scripts, the way a UI test drives an app: act on the screen that
/// is showing, and (when recording) record the action before the navigation it causes.
@MainActor
struct ShopCustomer {
  /// What people see; the headless router under any spying or recording wrapper.
  let screen: Person
  /// Records each action as `user.action`; nil when a test drives the app unrecorded.
  let recorder: Recorder?
  /// What the shop sells, so steps can name products.
  let catalog: Catalog

  /// Acts on the visible screen.
  /// - Parameters:
  ///   - type: The screen the script expects on top.
  ///   - action: What the person does, as the trace names it (for example `Checkout`).
  ///   - label: What they did it on, when it helps (a product's name).
  ///   - body: Calls the screen's action method.
  /// - Throws: ``ShopJourneyError/unexpectedScreen(expected:found:action:)`` when another
  ///   screen shows.
  func on<Screen: Presentable>(
    _ type: Screen.Type, _ action: String, label: String? = nil, _ body: (Screen) -> Void
  ) throws {
    guard let visible = screen.visibleScreen as? Screen else {
      throw ShopJourneyError.unexpectedScreen(
        expected: String(describing: type), found: screen.visibleScreen?.screenType, action: action)
    }
    recorder?.userAction(on: visible, action: action, label: label)
    body(visible)
  }

  /// Uses the system's controls while `type` shows: the back button, a swipe. No action is
  /// recorded, as none reaches the app: the router records what the system did.
  /// - Parameters:
  ///   - type: The screen the script expects on top.
  ///   - gesture: What the person does with the router.
  /// - Throws: ``ShopJourneyError/unexpectedScreen(expected:found:action:)`` when another
  ///   screen shows or the router cannot be driven by a person.
  func system<Screen: Presentable>(
    on type: Screen.Type, _ gesture: (Person) -> Void
  ) throws {
    guard screen.visibleScreen is Screen else {
      throw ShopJourneyError.unexpectedScreen(
        expected: String(describing: type), found: screen.visibleScreen?.screenType, action: "gesture")
    }
    gesture(screen)
  }

  /// Whether the visible screen is of this type (for steps only one flavor has).
  func sees<Screen: Presentable>(_ type: Screen.Type) -> Bool {
    screen.visibleScreen is Screen
  }
}
