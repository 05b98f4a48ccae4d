import FlowAtlasLock

/// Where layouts run.
package struct RenderEngine: Sendable {
  private enum Place: Sendable {
    case inProcess
    case pool(RenderPool)
    case custom(@Sendable ([RenderJob]) -> [Result<[UInt8], RenderError>])
  }

  private let place: Place

  /// In this process, one at a time (Graphviz is serialized behind one lock).
  /// No deadline: a huge layout blocks the caller. The diagram size limits in
  /// ``DiagramOptions`` keep our own diagrams small enough.
  package static let inProcess = RenderEngine(place: .inProcess)

  /// In worker processes, in parallel, each layout under the pool's deadline.
  package static func pool(_ pool: RenderPool) -> RenderEngine { RenderEngine(place: .pool(pool)) }

  /// Any other way to draw jobs: our tests use it to simulate failures.
  package static func custom(
    _ render: @escaping @Sendable ([RenderJob]) -> [Result<[UInt8], RenderError>]
  ) -> RenderEngine {
    RenderEngine(place: .custom(render))
  }

  /// Starts a pool's workers ahead of its first jobs (``RenderPool/startWorkers()``); nothing
  /// for the other engines.
  package func startWorkers() {
    if case .pool(let pool) = place { pool.startWorkers() }
  }

  /// Draws one job; passed to the body of ``forEach(_:_:)``.
  package typealias Draw = (RenderJob) -> Result<[UInt8], RenderError>

  /// Runs `body` for every index below `count`, as many at once as the engine draws at once
  /// (a pool's workers; one for the others), and returns when all are done.
  ///
  /// Each call gets a `draw` function bound to its thread's worker, so a task can draw, look
  /// at the result and draw again (a fallback) without waiting for the other tasks: results
  /// flow out as they are made instead of after the slowest layout of a batch.
  package func forEach(_ count: Int, _ body: @Sendable (_ index: Int, _ draw: Draw) -> Void) {
    switch place {
    case .inProcess:
      for index in 0..<count {
        body(index) { job in
          Result { () throws(RenderError) in try Graphviz.render(dotBytes: job.dotBytes, format: job.format) }
        }
      }
    case .pool(let pool): pool.forEach(count, body)
    case .custom(let render):
      for index in 0..<count { body(index) { render([$0])[0] } }
    }
  }

  /// Draws `jobs`, returning results in job order.
  package func render(_ jobs: [RenderJob]) -> [Result<[UInt8], RenderError>] {
    if case .custom(let render) = place { return render(jobs) }
    let results = Lock<[Result<[UInt8], RenderError>?]>(Array(repeating: nil, count: jobs.count))
    forEach(jobs.count) { index, draw in
      let result = draw(jobs[index])
      results.withLock { $0[index] = result }
    }
    return results.withLock { results in
      results.map { $0 ?? .failure(.workerFailed(message: "the job was not run")) }
    }
  }
}
