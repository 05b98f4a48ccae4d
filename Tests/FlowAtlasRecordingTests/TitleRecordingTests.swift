import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

/// A screen whose title is known only once it is shown (a view model loads it, a view controller
/// sets it in `viewDidLoad`).
@MainActor
private final class LateTitleScreen: Presentable {
  var screenTitle: String?
}

/// Trace format revision 4: what a screen's title is once it is shown is recorded
/// (`screen.update`), for the SwiftUI router as for UIKit's.
@MainActor
struct TitleRecordingTests {
  @Test func aTitleKnownOnceTheScreenAppearsIsRecordedOnceAndOnlyWhenNew() {
    let (recorder, sink) = makeRecorder()
    let swiftUI = NavigationStackRouter()
    let router = recorder.router(wrapping: swiftUI)
    let screen = LateTitleScreen()
    router.push(screen)
    screen.screenTitle = "Recipe"
    // What NavigationStackHost does when the screen's view appears.
    swiftUI.didShow(screen)
    swiftUI.didShow(screen)
    screen.screenTitle = "Recipe (edited)"
    swiftUI.didShow(screen)
    #expect(
      sink.events == [
        .push(screen: introduce("s1", "LateTitleScreen"), coordinator: nil, router: nil, animated: true),
        .screenUpdate(screen: Screen(id: "s1", type: "LateTitleScreen", title: "Recipe")),
        .screenUpdate(screen: Screen(id: "s1", type: "LateTitleScreen", title: "Recipe (edited)")),
      ])
  }

  @Test func aScreenTheRunNeverShowedIsNotUpdated() {
    let (recorder, sink) = makeRecorder()
    let swiftUI = NavigationStackRouter()
    _ = recorder.router(wrapping: swiftUI)
    let screen = LateTitleScreen()
    screen.screenTitle = "Never pushed"
    swiftUI.didShow(screen)
    #expect(sink.events.isEmpty)
  }
}
