import FlowAtlasLock
import FlowAtlasModel
import Foundation
import Testing

@testable import FlowAtlasRender

/// The worker processes, run for real: the `flowatlas` binary built next to
/// this test bundle serves `__render-worker`.
@Suite struct RenderPoolTests {
  /// `.build/<triple>/debug/flowatlas`, next to the test executable (Linux) or
  /// next to the `.xctest` bundle (macOS).
  static let flowatlas: String = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while url.path.contains(".xctest") { url.deleteLastPathComponent() }
    return url.appendingPathComponent("flowatlas").path
  }()

  static let jobs: [RenderJob] = {
    let app = SampleApps.shop
    let subjects: [DiagramSubject] = [
      .appMap, .hierarchy, .flow(coordinator: "AppCoordinator"), .flow(coordinator: "AuthCoordinator"),
      .flow(coordinator: "CheckoutCoordinator"), .journey(run: "buy-shoes"),
    ]
    return subjects.map { RenderJob(dot: try! DiagramBuilder.diagram(for: $0, of: app).dot, format: .svg) }
  }()

  @Test func currentExecutableIsAnAbsolutePath() throws {
    let path = try #require(RenderPool.currentExecutablePath)
    #expect(path.hasPrefix("/"))
    #expect(FileManager.default.isExecutableFile(atPath: path))
  }

  @Test func workerBinaryWasBuilt() {
    #expect(FileManager.default.isExecutableFile(atPath: Self.flowatlas), "build the flowatlas product first")
  }

  @Test func workersDrawTheSameBytesAsThisProcess() throws {
    let pool = RenderPool(executable: Self.flowatlas, workers: 2, recycleAfter: 2)
    let results = pool.render(Self.jobs + Self.jobs)
    #expect(results.count == Self.jobs.count * 2)
    for (index, result) in results.enumerated() {
      let job = Self.jobs[index % Self.jobs.count]
      #expect(try result.get() == Graphviz.render(dot: job.dot, format: job.format))
    }
  }

  /// Workers started ahead of the first jobs wait, as many as the pool runs (starting them
  /// again adds none), and serve those jobs: the pool starts no others.
  @Test func workersStartedAheadServeTheFirstJobs() throws {
    let pool = RenderPool(executable: Self.flowatlas, workers: 2)
    pool.startWorkers()
    pool.startWorkers()
    #expect(pool.idle.withLock { $0.count } == 2)
    let started = Set(pool.idle.withLock { $0.map { ObjectIdentifier($0) } })
    let results = pool.render(Self.jobs)
    for (job, result) in zip(Self.jobs, results) {
      #expect(try result.get() == Graphviz.render(dot: job.dot, format: job.format))
    }
    #expect(Set(pool.idle.withLock { $0.map { ObjectIdentifier($0) } }) == started)
  }

  /// Two calls at once share the pool's workers: while one call's job holds a worker, the
  /// other call draws with the second and its other thread waits for a free one, rather than
  /// start a third process on a machine with two cores.
  @Test func callsAtOnceShareTheWorkers() throws {
    let pool = RenderPool(executable: Self.flowatlas, workers: 2)
    pool.startWorkers()
    let started = Set(pool.idle.withLock { $0.map { ObjectIdentifier($0) } })
    let (firstHolds, secondDrew, firstDone) = (
      DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
    )
    let waited = Lock<DispatchTimeoutResult?>(nil)
    let results = Lock<[Int: [UInt8]]>([:])
    Thread {
      pool.forEach(1) { _, draw in
        firstHolds.signal()
        // Holds its worker until the other call has drawn with the other one.
        waited.withLock { $0 = secondDrew.wait(timeout: .now() + 60) }
        if case .success(let bytes) = draw(Self.jobs[0]) { results.withLock { $0[0] = bytes } }
      }
      firstDone.signal()
    }.start()
    firstHolds.wait()
    pool.forEach(3) { index, draw in
      if case .success(let bytes) = draw(Self.jobs[index + 1]) { results.withLock { $0[index + 1] = bytes } }
      secondDrew.signal()
    }
    #expect(firstDone.wait(timeout: .now() + 120) == .success)
    #expect(waited.withLock { $0 } == .success)
    for index in 0..<4 {
      let job = Self.jobs[index]
      #expect(try results.withLock { $0[index] } == Graphviz.render(dot: job.dot, format: job.format))
    }
    #expect(Set(pool.idle.withLock { $0.map { ObjectIdentifier($0) } }) == started)
  }

  @Test func graphvizErrorTextComesBackFromTheWorker() {
    let pool = RenderPool(executable: Self.flowatlas, workers: 1)
    #expect {
      try pool.render(dot: "digraph { a -> }", format: .svg)
    } throws: { error in
      guard case .invalidDOT(let message) = error as? RenderError else { return false }
      return message.contains("syntax error in line 1")
    }
  }

  /// Edge `label`s make Graphviz 2.42 abort in gvFreeLayout (a double free):
  /// in a worker that is an error, and the pool goes on with a new worker.
  @Test func aCrashingLayoutFailsOnlyItsJob() throws {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/init-rank-failure", withExtension: "dot"))
    let crashing = RenderJob(dot: try String(contentsOf: url, encoding: .utf8), format: .svg)
    let pool = RenderPool(executable: Self.flowatlas, workers: 1)
    let results = pool.render([crashing, Self.jobs[0]])
    #expect(throws: RenderError.self) { try results[0].get() }
    #expect(throws: Never.self) { try results[1].get() }
  }

  /// `sleep` never answers: the deadline stops it, deterministically.
  @Test func aWorkerPastTheDeadlineIsKilled() {
    let pool = RenderPool(
      executable: "/bin/sleep", arguments: ["600"], workers: 2, deadline: .milliseconds(50))
    let results = pool.render(Array(Self.jobs.prefix(3)))
    for result in results {
      #expect(throws: RenderError.timedOut(seconds: 0.05)) { try result.get() }
    }
  }

  /// A job larger than the socket's buffer, to a worker that never reads: the
  /// deadline covers sending too.
  @Test func aWorkerThatDoesNotReadIsKilledAtTheDeadline() {
    let pool = RenderPool(
      executable: "/bin/sleep", arguments: ["600"], workers: 1, deadline: .milliseconds(50))
    let huge = "digraph g { a }\n" + String(repeating: "// padding\n", count: 400_000)
    #expect(throws: RenderError.timedOut(seconds: 0.05)) { try pool.render(dot: huge, format: .svg) }
  }

  @Test func aWorkerThatExitsIsAnError() {
    let pool = RenderPool(executable: "/bin/true", arguments: [], workers: 1)
    #expect {
      try pool.render(dot: Self.jobs[0].dot, format: .svg)
    } throws: { error in
      guard case .workerFailed(let message) = error as? RenderError else { return false }
      return message.contains("exited with status 0")
    }
  }

  /// A worker that answers with a frame the protocol does not allow: the job fails with a
  /// message, it does not hang or crash.
  @Test(arguments: [
    (#"printf '\000\000\000\002\011x'; sleep 5"#, "unreadable response"),
    (#"printf '\000\000\000\000'; sleep 5"#, "a frame of 0 bytes"),
  ])
  func aMalformedAnswerIsAnError(script: String, expected: String) {
    let pool = RenderPool(executable: "/bin/sh", arguments: ["-c", script], workers: 1)
    #expect {
      try pool.render(dot: Self.jobs[0].dot, format: .svg)
    } throws: { error in
      guard case .workerFailed(let message) = error as? RenderError else { return false }
      return message.contains(expected)
    }
  }

  @Test func aMissingWorkerIsAnError() {
    let pool = RenderPool(executable: "/nonexistent/flowatlas")
    #expect {
      try pool.render(dot: Self.jobs[0].dot, format: .svg)
    } throws: { error in
      if case .workerUnavailable(let path, _) = error as? RenderError {
        return path == "/nonexistent/flowatlas"
      }
      return false
    }
  }

  @Test func rendererUsesThePoolForASite() throws {
    let pool = RenderPool(executable: Self.flowatlas, workers: 2)
    let subjects: [DiagramSubject] = [.appMap, .hierarchy, .journey(run: "buy-shoes")]
    let svgs = try DiagramRenderer.svgs(for: subjects, of: SampleApps.shop, links: .site, engine: .pool(pool))
    #expect(svgs.count == 3)
    #expect(svgs.values.allSatisfy { $0.hasPrefix("<svg") })
  }

  @Test func streamedDiagramsOfSeveralAppsMatchTheBatchOnesEachDeliveredOnce() throws {
    let pool = RenderPool(executable: Self.flowatlas, workers: 2)
    let renderer = DiagramRenderer(engine: .pool(pool))
    let shop: [DiagramSubject] = [.journey(run: "buy-shoes"), .appMap, .hierarchy]
    let hostile: [DiagramSubject] = [.appMap, .hierarchy]
    let requests = shop.map { (SampleApps.shop, $0) } + hostile.map { (SampleApps.hostileApp, $0) }
    let delivered = Lock<[Int: [RenderedDiagram]]>([:])
    renderer.render(requests, links: .site, format: .svg) { index, result in
      delivered.withLock { $0[index, default: []].append(try! result.get()) }
    }
    let streamed = delivered.withLock { $0 }
    #expect(streamed.keys.sorted() == Array(requests.indices))
    #expect(streamed.values.allSatisfy { $0.count == 1 })
    let batch =
      try renderer.render(shop, of: SampleApps.shop, links: .site, format: .svg)
      + renderer.render(hostile, of: SampleApps.hostileApp, links: .site, format: .svg)
    for (index, diagram) in batch.enumerated() {
      #expect(streamed[index]?.first == diagram, "request \(index)")
    }
  }

  @Test func aFailedLayoutFallsBackWithinItsOwnRequest() throws {
    // Every clustered layout is refused by Graphviz: that request alone falls back; a worker
    // killed instead fails that request alone (the machine, not the diagram, decided it).
    for error in [
      RenderError.layoutFailed(message: "Error: trouble in init_rank"), .workerFailed(message: "killed"),
    ] {
      let engine = RenderEngine.failing("subgraph", with: error)
      let results = Lock<[Int: Result<RenderedDiagram, RenderError>]>([:])
      DiagramRenderer(engine: engine).render(
        [(SampleApps.shop, .appMap), (SampleApps.shop, .hierarchy)], links: .none, format: .svg
      ) { index, result in results.withLock { $0[index] = result } }
      let appMap = try #require(results.withLock { $0 }[0])
      if error.isGraphvizsAnswer {
        let drawn = try appMap.get()
        #expect(drawn.isCoordinatorLevel && drawn.fallbackReason == error)
      } else {
        #expect(throws: error) { try appMap.get() }
      }
      #expect(try results.withLock { $0 }[1]?.get().fallbackReason == nil)
    }
  }
}
