import FlowAtlasLock
import Foundation

/// Draws DOT in parallel in worker processes (`flowatlas __render-worker`),
/// each layout under a deadline.
///
/// Graphviz is not thread-safe and a layout cannot be interrupted, so
/// parallelism and deadlines come from processes: a worker that runs past the
/// deadline, crashes or fails is killed and replaced. The deadline decides nothing about a
/// diagram: what is laid out is admitted by its size (``DiagramRenderer/admits(_:)``), and the
/// costliest admitted shape takes seconds here, so the deadline only stops a worker that is
/// stuck, and the renderer reports that as an error, never as a drawing. Long-lived workers are
/// recycled every ``recycleAfter`` jobs because Graphviz's memory grows a little
/// even when every graph is freed, and starting one costs more than a small layout: the
/// `render` case of `flowatlas-bench` times 1 against 2 workers, the `site` case a whole build.
package final class RenderPool: Sendable {
  /// The worker executable, e.g. the `flowatlas` binary itself.
  package let executable: String
  /// The arguments that make it a worker.
  package let arguments: [String]
  /// How many workers run at once.
  package let workers: Int
  /// How long one layout may take before its worker is killed: ten minutes by default, over a
  /// hundred times the costliest diagram admitted (`flowatlas-bench limits`: 4.6 s), so that a
  /// busy machine never reaches it.
  package let deadline: Duration
  /// A worker is replaced after this many jobs.
  package let recycleAfter: Int

  /// Workers waiting for jobs (tests count them).
  let idle = Lock<[WorkerProcess]>([])
  /// One per worker: a thread of ``forEach(_:_:)`` holds one while it draws, so that calls made
  /// at once share the workers rather than start more.
  private let permits: DispatchSemaphore

  /// - Parameters:
  ///   - executable: Path of the worker executable (the CLI passes its own path).
  ///   - arguments: Arguments that make it serve jobs on stdin.
  ///   - workers: Processes to run at once (at least 1).
  ///   - deadline: Time allowed per layout.
  ///   - recycleAfter: Jobs per worker before it is replaced.
  package init(
    executable: String, arguments: [String] = ["__render-worker"], workers: Int = 2,
    deadline: Duration = .seconds(600), recycleAfter: Int = 400
  ) {
    self.executable = executable
    self.arguments = arguments
    self.workers = max(1, workers)
    self.deadline = deadline
    self.recycleAfter = max(1, recycleAfter)
    permits = DispatchSemaphore(value: max(1, workers))
  }

  deinit { shutdown() }

  /// The absolute path of the running executable (`/proc/self/exe` on Linux),
  /// for a command line that is its own worker: `CommandLine.arguments[0]` may
  /// be a bare name found on `PATH`, which cannot be started again as is.
  package static var currentExecutablePath: String? {
    Bundle.main.executableURL?.resolvingSymlinksInPath().path
  }

  /// Draws every job, up to ``workers`` at a time, and returns the results in job order.
  ///
  /// - Parameter jobs: What to draw.
  /// - Returns: One result per job: the bytes, or why it failed (Graphviz's
  ///   message, ``RenderError/timedOut(seconds:)``, ``RenderError/workerFailed(message:)``).
  package func render(_ jobs: [RenderJob]) -> [Result<[UInt8], RenderError>] {
    RenderEngine.pool(self).render(jobs)
  }

  /// Runs `body` for every index below `count` on up to ``workers`` threads, each drawing
  /// with its own worker process, and returns when all are done. Calls made at once (from
  /// several threads) share the workers: no more than ``workers`` draw at a time, and a call's
  /// thread that finds them all busy waits for one. `body` must not call it again.
  ///
  /// - Parameters:
  ///   - count: How many tasks.
  ///   - body: One task; its `draw` sends a job to the thread's worker and waits for the
  ///     answer (a worker that fails, crashes or runs past the deadline is replaced for the
  ///     next job).
  package func forEach(
    _ count: Int, _ body: @Sendable (_ index: Int, _ draw: RenderEngine.Draw) -> Void
  ) {
    guard count > 0 else { return }
    let next = Lock(0)
    withoutActuallyEscaping(body) { body in
      // The threads reach `body` through a box emptied before returning: a `Thread` may keep
      // its closure a little after it has run, and `body` must not outlive this call.
      let shared = SharedBody(body: body)
      let group = DispatchGroup()
      // Plain threads, not the Swift concurrency pool: each blocks on a worker
      // for as long as a layout takes.
      for _ in 0..<min(workers, count) {
        group.enter()
        let thread = Thread { [self] in
          permits.wait()
          if let body = shared.body { drain(count: count, next: next, body: body) }
          permits.signal()
          group.leave()
        }
        thread.start()
      }
      group.wait()
      shared.body = nil
    }
  }

  /// The body of one ``forEach(_:_:)`` call, shared by its threads.
  private final class SharedBody: @unchecked Sendable {
    /// Set once before the threads start and cleared after they have all left.
    var body: (@Sendable (Int, RenderEngine.Draw) -> Void)?

    init(body: @escaping @Sendable (Int, RenderEngine.Draw) -> Void) { self.body = body }
  }

  /// Draws one job in a worker.
  ///
  /// - Throws: ``RenderError`` as ``render(_:)`` reports it.
  package func render(dot: String, format: OutputFormat) throws(RenderError) -> [UInt8] {
    try render([RenderJob(dot: dot, format: format)])[0].get()
  }

  /// Starts ``workers`` workers now, to wait idle for the first jobs: a worker's start (loading
  /// the program and Graphviz, tens of milliseconds) then happens while the caller prepares its
  /// jobs, not after. A worker that cannot start is left to the first job to report.
  package func startWorkers() {
    let missing = idle.withLock { workers - $0.count }
    var started: [WorkerProcess] = []
    for _ in 0..<max(0, missing) {
      guard let worker = try? WorkerProcess(executable: executable, arguments: arguments) else { break }
      started.append(worker)
    }
    idle.withLock { $0 += started }
  }

  /// Stops the idle workers (running ones stop when their batch ends).
  package func shutdown() {
    let workers = idle.withLock { idle in
      let taken = idle
      idle.removeAll()
      return taken
    }
    for worker in workers { worker.stop(force: false) }
  }

  /// Runs tasks until none are left, with one worker, replacing it when it fails.
  private func drain(
    count: Int, next: Lock<Int>, body: @Sendable (Int, RenderEngine.Draw) -> Void
  ) {
    var worker = idle.withLock { $0.popLast() }
    while true {
      let index = next.fetchAndIncrement()
      guard index < count else { break }
      body(index) { job in
        let result: Result<[UInt8], RenderError>
        do throws(RenderError) {
          if worker == nil { worker = try WorkerProcess(executable: executable, arguments: arguments) }
          result = worker!.run(job, deadline: deadline)
        } catch {
          result = .failure(error)
        }
        if let current = worker {
          // A failed layout may leave Graphviz's globals in a bad state: start afresh.
          if current.isStopped || current.jobsDone >= recycleAfter || (try? result.get()) == nil {
            current.stop(force: true)
            worker = nil
          }
        }
        return result
      }
    }
    if let worker { idle.withLock { $0.append(worker) } }
  }
}
