import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

/// A coordinator of an app's own that loads before it navigates.
@MainActor
private final class LoadingCoordinator {
  @RecordedRouter var router: any RouterProtocol  // FlowAtlas

  init(router: any RouterProtocol) { self.router = router }

  func start() {
    Recorder.started(self)  // FlowAtlas
    router.setRoot(ProductListScreen())
  }

  /// Loads, then shows the product: the router is read after the `await`.
  func showProductAfterLoading() async {
    await Task.yield()
    router.push(ProductScreen("Lamp"))
  }

  /// Reads its router and navigates nowhere (hands it on, looks at it).
  func peek() { withExtendedLifetime(router) {} }
}

/// A read of the router is the coordinator's only within the synchronous code it is part of:
/// after an `await`, or in another task, navigation names no coordinator unless the
/// coordinator reads its router again, rather than the one that read last.
///
/// Serialized: the main queue's turns are the process's, and a test of this suite awaiting
/// while another reads would see that read end its turn.
@MainActor
@Suite(.serialized)
struct AsyncAttributionTests {
  private func launch() -> (LoadingCoordinator, any RouterProtocol, Recorder, MemoryTraceSinkView) {
    let (recorder, sink) = makeRecorder()
    let navigation = recorder.router(wrapping: StackRouter())
    let coordinator = LoadingCoordinator(router: navigation)
    recorder.follow(coordinator)
    coordinator.start()
    return (coordinator, navigation, recorder, MemoryTraceSinkView(sink: sink))
  }

  @Test func navigationAfterAnAwaitIsTheCoordinatorsThatReadsItsRouterThere() async {
    let (coordinator, _, recorder, trace) = launch()
    await coordinator.showProductAfterLoading()
    recorder.finish()
    #expect(trace.lastLine == "push ProductScreen by LoadingCoordinator")
  }

  @Test func aReadIsSpentWhenItsTurnOfTheMainQueueEnds() async {
    let (coordinator, navigation, recorder, trace) = launch()
    coordinator.peek()
    await Task.yield()  // the turn ends: what comes next is another callback's
    navigation.push(PaymentScreen())  // through a router captured earlier: no read
    recorder.finish()
    #expect(trace.lastLine == "push PaymentScreen")
  }

  /// What the push above relies on, in this run's own slot, which other tests running on the
  /// main actor during the `await` (each with a recorder of its own) cannot touch.
  @Test func noReadWaitsOnceItsTurnEnded() async {
    let (coordinator, _, recorder, _) = launch()
    coordinator.peek()
    // Compared here, not inside #expect: reflecting a coordinator reaches the recorder's lock,
    // which Swift Testing cannot copy to describe it.
    let waitsBefore = recorder.coordinatorOfWaitingRead === coordinator
    #expect(waitsBefore)
    await Task.yield()
    let waitsAfter = recorder.coordinatorOfWaitingRead != nil
    #expect(!waitsAfter)
  }

  /// The one case the turn does not cover: another task's continuation already queued on the
  /// main actor when the read happens runs in the same turn, but in its own task.
  @Test func aReadInOneTaskCreditsNothingInAnother() async {
    let (coordinator, navigation, recorder, trace) = launch()
    let gate = Gate()
    let other = Task { @MainActor in
      await gate.wait()
      let waits = recorder.coordinatorOfWaitingRead != nil
      #expect(!waits)
      navigation.push(PaymentScreen())  // through a router captured earlier: no read
    }
    await gate.untilWaiting()
    gate.open()  // the other task's continuation is queued on the main actor now
    coordinator.peek()  // and the read after it, in this task
    await other.value
    recorder.finish()
    #expect(trace.lastLine == "push PaymentScreen")
  }

  @Test func aReadAndTheCallItLeadsToAreStillOne() {
    let (coordinator, _, recorder, trace) = launch()
    coordinator.router.push(PaymentScreen())
    recorder.finish()
    #expect(trace.lastLine == "push PaymentScreen by LoadingCoordinator")
  }
}

/// The recorded run as a test reads it.
@MainActor
private struct MemoryTraceSinkView {
  let sink: MemoryTraceSink
  var lastLine: String? { TraceTranscript(sink.events).lines.last }
}

/// Holds a task until the test opens it.
@MainActor
private final class Gate {
  private var waiting: CheckedContinuation<Void, Never>?

  func wait() async {
    await withCheckedContinuation { waiting = $0 }
  }

  /// Returns once a task waits at the gate.
  func untilWaiting() async {
    while waiting == nil { await Task.yield() }
  }

  func open() {
    waiting?.resume()
    waiting = nil
  }
}
