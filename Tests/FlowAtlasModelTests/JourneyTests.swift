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
    let steps = script.model().runs[0].journey!.steps
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
    #expect(light.runs[0].journey!.steps.isEmpty)
    #expect(light.transitions == full.transitions)
    #expect(light.runs[0].transitionCount == 2)
  }

  /// A run that left its journey in a replay store has none to give: asking the runs themselves
  /// for it is a mistake that stops the program, not an empty journey page.
  @Test func heldJourneysRefuseARunWhoseJourneyIsInAStore() async throws {
    var script = script(keepsJourney: true)
    let run = script.model().runs[0]
    #expect(HeldJourneys().journey(of: run).steps.count == run.stepCount)
    #if compiler(>=6.2)
      // Exit tests: Swift 6.2 and later.
      let stopped = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var script = ReplayScript(keepsJourney: true)
        script.add(.note(text: "one step"))
        var left = script.model().runs[0]
        left.journey = nil
        _ = HeldJourneys().journey(of: left)
      }
      let said = String(decoding: try #require(stopped).standardErrorContent, as: UTF8.self)
      #expect(said.contains("was left in a replay store: read it from there"), "\(said)")
    #endif
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
    let actions = script.model().runs[0].journey!.steps.compactMap { step -> String? in
      guard case .userAction(let screen, let action, _) = step.kind else { return nil }
      return "\(action)@\(screen)"
    }
    #expect(actions == ["current@Sheet", "beneath@Home", "waiting@Tab", "gone@Sheet"])
  }
}
