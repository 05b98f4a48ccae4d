/// Where layouts run.
public enum RenderEngine: Sendable {
  /// In this process, one at a time (Graphviz is serialized behind one lock).
  /// No deadline: a huge layout blocks the caller. The diagram size limits in
  /// ``DiagramOptions`` keep our own diagrams small enough.
  case inProcess
  /// In worker processes, in parallel, each layout under the pool's deadline.
  case pool(RenderPool)
  /// Any other way to draw jobs (tests use it to simulate failures).
  case custom(@Sendable ([RenderJob]) -> [Result<[UInt8], RenderError>])

  /// Draws `jobs`, returning results in job order.
  public func render(_ jobs: [RenderJob]) -> [Result<[UInt8], RenderError>] {
    switch self {
    case .inProcess:
      jobs.map { job in
        Result { () throws(RenderError) in try Graphviz.render(dot: job.dot, format: job.format) }
      }
    case .pool(let pool): pool.render(jobs)
    case .custom(let render): render(jobs)
    }
  }
}
