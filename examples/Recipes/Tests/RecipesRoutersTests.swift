import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace
import Testing

@testable import RecipesExample

/// The same coordinators over the headless router and over SwiftUI's: one recording.
@MainActor
struct RecipesRoutersTests {
  static func trace(of journey: RecipesJourney, over window: (Recorder) -> any RouterProtocol) throws
    -> String
  {
    let sink = MemoryTraceSink()
    let recorder = Recorder(
      header: TraceHeader(app: "Recipes", run: journey.run, title: journey.title), sink: sink)
    try journey.play(over: window(recorder), recorder: recorder)
    return sink.text
  }

  @Test(arguments: RecipesJourney.all.map(\.run))
  func theSameCoordinatorsRecordTheSameTraceOverStackRouterAndNavigationStackRouter(run: String) throws {
    let journey = try #require(RecipesJourney.all.first { $0.run == run })
    let headless = try Self.trace(of: journey) { $0.router(wrapping: StackRouter()) }
    let swiftUI = try Self.trace(of: journey) { $0.router(wrapping: NavigationStackRouter()) }
    // One difference, and only one: UIKit (and StackRouter, which plays it) knows a back button
    // from a swipe; SwiftUI writes a shorter path and does not say which.
    let backs = headless.components(separatedBy: #""gesture":"backButton""#).count - 1
    #expect(swiftUI.components(separatedBy: #""gesture":"back""#).count - 1 == backs)
    #expect(
      headless.replacingOccurrences(of: #""gesture":"backButton""#, with: #""gesture":"back""#) == swiftUI)
    #expect(swiftUI.split(separator: "\n").count > 8)
  }

  @Test func theSwiftUIRouterRefusedNothingTheJourneysDid() throws {
    for journey in RecipesJourney.all {
      let router = NavigationStackRouter()
      _ = try Self.trace(of: journey) { $0.router(wrapping: router) }
      #expect(router.refusals.isEmpty, "\(journey.run): \(router.refusals)")
    }
  }

  @Test func aDeepLinkIsOneTurnOfPushesAndSwiftUIGetsTheWholePath() throws {
    let router = NavigationStackRouter()
    let app = RecipesApp(window: router)
    app.launch()
    #expect(app.coordinator.open(url: "recipes://recipes/pancakes/steps/2"))
    #expect(
      router.stacks[0].path.map(\.screen.screenType) == ["RecipeDetailScreen", "StepScreen", "StepScreen"])
    #expect(!app.coordinator.open(url: "recipes://recipes/pancakes/steps/9"))
    #expect(!app.coordinator.open(url: "recipes://recipes/waffles"))
    #expect(router.stacks[0].path.count == 3)
  }
}
