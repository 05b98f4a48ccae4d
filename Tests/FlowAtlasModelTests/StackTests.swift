import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@testable import FlowAtlasModel

@Suite("Stacks and the current screen")
struct StackTests {
  @Test func pushAndPopMoveTheCurrentScreen() {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "c", type: "AppCoordinator", parent: nil))
    script.add(.setRoot(screen: screen("1", "A"), coordinator: "c", router: nil, background: nil))
    script.add(.push(screen: screen("2", "B"), coordinator: "c", router: nil, animated: true))
    script.add(.pop(coordinator: "c", router: nil, screen: nil))
    let app = script.model()
    #expect(
      edges(app) == [
        "->A:setRoot:AppCoordinator*1", "A>B:push:AppCoordinator*1", "B>A:pop:AppCoordinator*1",
      ])
    #expect(app.runs[0].transitionCount == 3)
  }

  @Test func aPresentedScreenPushesInItsOwnLayerAndDismissRemovesTheLayer() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.push(screen: screen("2", "B"), coordinator: nil, router: nil, animated: nil))
    script.add(.present(screen: screen("3", "M"), coordinator: nil, router: nil, animated: nil))
    script.add(.push(screen: screen("4", "N"), coordinator: nil, router: nil, animated: nil))
    script.add(.popToRoot(coordinator: nil, router: nil))
    script.add(.push(screen: screen("5", "N"), coordinator: nil, router: nil, animated: nil))
    script.add(.dismiss(coordinator: nil, router: nil, screen: nil))
    let app = script.model()
    #expect(
      edges(app) == [
        "->A:setRoot:-*1", "A>B:push:-*1", "B>M:present:-*1", "M>N:push:-*2",
        "N>B:dismiss:-*1", "N>M:popToRoot:-*1",
      ])
    #expect(app.diagnostics.isEmpty)
  }

  @Test func anEventThatKeepsTheCurrentScreenAddsNoTransition() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.selectTab(screen: screen("2", "B"), coordinator: nil, router: nil, tab: "x"))
    #expect(edges(script.model()) == ["->A:setRoot:-*1"])
  }

  @Test func routersAreOrderedByTheirLatestEvent() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("t", "Tabs"), coordinator: nil, router: "main", background: nil))
    script.add(.setRoot(screen: screen("h", "Home"), coordinator: nil, router: "home", background: true))
    script.add(
      .setRoot(screen: screen("s", "Settings"), coordinator: nil, router: "settings", background: true))
    script.add(.selectTab(screen: screen("h", "Home"), coordinator: nil, router: "home", tab: "home"))
    script.add(.push(screen: screen("d", "Detail"), coordinator: nil, router: "home", animated: nil))
    script.add(.selectTab(screen: screen("s", "Settings"), coordinator: nil, router: "settings", tab: "s"))
    // Home keeps its pushed Detail while Settings is shown: selecting it again shows Detail.
    script.add(.selectTab(screen: screen("h", "Home"), coordinator: nil, router: "home", tab: "home"))
    let app = script.model()
    #expect(
      edges(app) == [
        "->Tabs:setRoot:-*1", "Detail>Settings:selectTab:-*1", "Home>Detail:push:-*1",
        "Settings>Detail:selectTab:-*1", "Tabs>Home:selectTab:-*1",
      ])
  }

  @Test func aFlowThatEmptiesItsOwnRouterUncoversTheScreenBeneath() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "Home"), coordinator: nil, router: "main", background: nil))
    script.add(.present(screen: screen("2", "Login"), coordinator: nil, router: "login", animated: nil))
    script.add(.push(screen: screen("3", "Password"), coordinator: nil, router: "login", animated: nil))
    script.add(.dismiss(coordinator: nil, router: "login", screen: nil))
    let app = script.model()
    #expect(
      edges(app) == [
        "->Home:setRoot:-*1", "Home>Login:present:-*1", "Login>Password:push:-*1",
        "Password>Home:dismiss:-*1",
      ])
  }

  @Test(arguments: [
    TraceEvent.pop(coordinator: nil, router: nil, screen: nil),
    .popToRoot(coordinator: nil, router: nil),
    .dismiss(coordinator: nil, router: nil, screen: nil),
    .pop(coordinator: nil, router: "never-used", screen: nil),
  ])
  func removingWhatIsNotThereIsEmptyStack(event: TraceEvent) {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(event)
    let run = script.finish()
    #expect(run.diagnostics.map(\.code) == [.emptyStack])
    #expect(run.diagnostics.map(\.line) == [3])
    #expect(run.run?.transitionCount == 1)
  }

  @Test func aLineTheReaderReportedGetsNoSecondDiagnostic() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.readerProblem(.seqOrder)
    script.add(.pop(coordinator: nil, router: nil, screen: nil))
    let run = script.finish()
    #expect(run.diagnostics.map(\.code) == [.seqOrder])
  }

  @Test func aReaderDiagnosticArrivingAfterTheLineReplacesTheReplays() {
    var replay = RunReplay(file: "f")
    replay.header(TraceHeader(app: "App", run: "r"))
    replay.record(TraceRecord(seq: 1, event: .pop(coordinator: nil, router: nil, screen: nil), line: 2))
    replay.diagnostic(Diagnostic(code: .seqOrder, file: "f", line: 2, message: "reader"))
    replay.end(TraceSummary(file: "f", events: 1, lastLine: 2, rejected: false))
    #expect(replay.result.diagnostics.map(\.code) == [.seqOrder])
  }
}
