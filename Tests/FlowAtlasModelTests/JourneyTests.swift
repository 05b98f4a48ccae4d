import FlowAtlasLock
import FlowAtlasTrace
import Testing

@testable import FlowAtlasModel

@Suite("Journeys")
struct JourneyTests {
  func script(keepsJourney: Bool) -> ReplayScript {
    var script = ReplayScript(keepsJourney: keepsJourney)
    script.add(.deeplinkOpen(url: "shop://home", coordinator: nil))
    script.add(.coordinatorStart(coordinator: "app", type: "AppCoordinator", parent: nil))
    script.add(.deeplinkOpen(url: "shop://cart", coordinator: "app"))
    script.add(.setRoot(screen: screen("1", "Home"), coordinator: "app", router: nil, background: nil))
    script.add(.note(text: "logged out"))
    script.add(.userAction(screen: "1", action: "login", label: "Log in"))
    script.add(.coordinatorStart(coordinator: "l", type: "LoginCoordinator", parent: "app"))
    script.add(.present(screen: screen("2", "Login"), coordinator: "l", router: nil, animated: nil))
    script.add(.coordinatorFinish(coordinator: "l", output: "loggedIn"))
    script.add(.coordinatorDeinit(coordinator: "l"))
    return script
  }

  @Test func stepsFollowTheTraceInOrderWithTypesAndLines() {
    var script = script(keepsJourney: true)
    let steps = script.model().runs[0].journey.steps
    #expect(
      steps.map(\.kind) == [
        .deeplink(url: "shop://home", coordinator: nil),
        .flowStarted(coordinator: "AppCoordinator", parent: nil),
        .deeplink(url: "shop://cart", coordinator: "AppCoordinator"),
        .transition(
          from: nil, to: "Home", kind: .setRoot, coordinator: "AppCoordinator",
          trigger: .deeplink(url: "shop://cart")),
        .note("logged out"),
        .userAction(screen: "Home", action: "login", label: "Log in"),
        .flowStarted(coordinator: "LoginCoordinator", parent: "AppCoordinator"),
        .transition(
          from: "Home", to: "Login", kind: .present, coordinator: "LoginCoordinator",
          trigger: .action("login", label: "Log in")),
        .flowFinished(coordinator: "LoginCoordinator", output: "loggedIn"),
      ])
    #expect(steps.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10])
  }

  @Test func withoutJourneysTheStepsAreEmptyAndTheGraphTheSame() {
    var with = script(keepsJourney: true)
    var without = script(keepsJourney: false)
    let full = with.model()
    let light = without.model()
    #expect(light.runs[0].journey.steps.isEmpty)
    #expect(light.transitions == full.transitions)
    #expect(light.runs[0].transitionCount == 2)
  }

  /// A store that hands out one journey and counts how often it is asked.
  final class OneJourney: JourneyStore {
    let kept: Journey
    let asked = Lock(0)
    init(_ kept: Journey) { self.kept = kept }
    func journey(of run: Run) -> Journey {
      asked.withLock { $0 += 1 }
      return kept
    }
  }

  /// A run that left its journey in a store reads it from there, each time it is asked, and
  /// keeps what the pages need without it; given a journey again, it holds it.
  @Test func aRunLeftInAStoreReadsItsJourneyFromThere() {
    var script = script(keepsJourney: true)
    let held = script.model().runs[0]
    #expect(held.holdsJourney && !held.journey.steps.isEmpty)
    let store = OneJourney(held.journey)
    var left = held
    left.leaveJourney(in: store, under: "entry")
    #expect(!left.holdsJourney && left.replayKey == "entry")
    #expect(left.journey == held.journey && left.journey == held.journey)
    #expect(store.asked.withLock { $0 } == 2, "read from the store on each use, never kept")
    #expect(left.stepCount == held.stepCount && left.flaggedInstances == held.flaggedInstances)
    #expect(left.firstShown == held.firstShown)
    #expect(left != held, "a run in a store is another run than one holding its journey")
    left.journey = Journey()
    #expect(left.holdsJourney && left.stepCount == 0 && store.asked.withLock { $0 } == 2)
  }
}

@Suite("Journeys: actions on screens by id")
struct ActionScreenTests {
  @Test func anActionNamesTheTypeOfTheScreenItWasOnEvenBeneathTheCurrentOne() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "Home"), coordinator: nil, router: nil, background: nil))
    script.add(.setRoot(screen: screen("2", "Tab"), coordinator: nil, router: "tab", background: true))
    script.add(.present(screen: screen("3", "Sheet"), coordinator: nil, router: nil, animated: nil))
    script.add(.userAction(screen: "3", action: "current", label: nil))
    script.add(.userAction(screen: "1", action: "beneath", label: nil))
    script.add(.userAction(screen: "2", action: "waiting", label: nil))
    script.add(.dismiss(coordinator: nil, router: nil, screen: nil))
    script.add(.userAction(screen: "3", action: "gone", label: nil))
    let actions = script.model().runs[0].journey.steps.compactMap { step -> String? in
      guard case .userAction(let screen, let action, _) = step.kind else { return nil }
      return "\(action)@\(screen)"
    }
    #expect(actions == ["current@Sheet", "beneath@Home", "waiting@Tab", "gone@Sheet"])
  }
}

/// The screen a run showed at each of its problems' lines, noted by the replay for screen pages.
@Suite struct ScreensAtProblemsTests {
  @Test func theScreenShownAtALineIsWhatTheLastEarlierTransitionShowed() {
    let steps = [
      JourneyStep(.flowStarted(coordinator: "A", parent: nil), line: 2),
      JourneyStep(
        .transition(from: nil, to: "Home", kind: .setRoot, coordinator: "A", trigger: .automatic), line: 3),
      JourneyStep(.userAction(screen: "Home", action: "open", label: nil), line: 4),
      JourneyStep(
        .transition(from: "Home", to: "Detail", kind: .push, coordinator: "A", trigger: .automatic), line: 5),
    ]
    // Line 2 is before any screen, and line 3 is the one that shows the first: none for either.
    #expect(
      Run.screens(at: [99, 5, 4, 3, 2], in: steps) == [
        ScreenAtLine(line: 4, screenType: "Home"), ScreenAtLine(line: 5, screenType: "Home"),
        ScreenAtLine(line: 99, screenType: "Detail"),
      ])
    #expect(Run.screens(at: [7], in: []).isEmpty)
  }

  /// The replay notes them for the lines of the run's own problems (a rebuild reads them back
  /// from the archive: `ReplayCacheTests` compares the models).
  @Test func theReplayNotesTheScreenOfEachProblem() throws {
    let trace = """
      {"flowatlas":"trace","version":1,"app":"Mail","run":"read"}
      {"seq":1,"event":"coordinator.start","coordinator":"a","type":"InboxCoordinator"}
      {"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"InboxViewController"},"coordinator":"a"}
      {"seq":3,"event":"router.push","screen":{"id":"s2","type":"MessageViewController"},"coordinator":"a"}
      {"seq":4,"event":"app.somethingNew"}
      {"seq":5,"event":"router.pop","coordinator":"a","screen":"s2"}
      {"seq":6,"event":"app.somethingElse"}
      {"seq":7,"event":"coordinator.attach","coordinator":"b","type":"ComposeCoordinator","parent":"a"}
      {"seq":8,"event":"coordinator.start","coordinator":"b","type":"ComposeCoordinator","parent":"a"}
      {"seq":9,"event":"coordinator.finish","coordinator":"b"}

      """
    let model = ModelBuilder(workers: 1).build(traces: [("mail.jsonl", Array(trace.utf8))])
    // The leak, found when the run ends, is on no screen of its own.
    #expect(
      model.diagnostics.contains { $0.code == .coordinatorLeak && $0.line == 10 }, "\(model.diagnostics)")
    let run = try #require(model.apps.first?.runs.first)
    #expect(
      run.screensAtProblems == [
        ScreenAtLine(line: 5, screenType: "MessageViewController"),
        ScreenAtLine(line: 7, screenType: "InboxViewController"),
      ])
  }
}
