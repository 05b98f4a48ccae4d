import Foundation
import Synchronization

/// Draws DOT in parallel in worker processes (`flowatlas __render-worker`),
/// each layout under a deadline.
///
/// Graphviz is not thread-safe and a layout cannot be interrupted, so
/// parallelism and deadlines come from processes: a worker that runs past the
/// deadline, crashes or fails is killed and replaced. Long-lived workers are
/// recycled every ``recycleAfter`` jobs because Graphviz's memory grows
/// (~1 MB per 200-node layout) even when every graph is freed.
public final class RenderPool: Sendable {
  /// The worker executable, e.g. the `flowatlas` binary itself.
  public let executable: String
  /// The arguments that make it a worker.
  public let arguments: [String]
  /// How many workers run at once.
  public let workers: Int
  /// How long one layout may take before its worker is killed.
  public let deadline: Duration
  /// A worker is replaced after this many jobs.
  public let recycleAfter: Int

  private let idle = Mutex<[WorkerProcess]>([])

  /// - Parameters:
  ///   - executable: Path of the worker executable (the CLI passes its own path).
  ///   - arguments: Arguments that make it serve jobs on stdin.
  ///   - workers: Processes to run at once (at least 1).
  ///   - deadline: Time allowed per layout.
  ///   - recycleAfter: Jobs per worker before it is replaced.
  public init(
    executable: String, arguments: [String] = ["__render-worker"], workers: Int = 2,
    deadline: Duration = .seconds(30), recycleAfter: Int = 50
  ) {
    self.executable = executable
    self.arguments = arguments
    self.workers = max(1, workers)
    self.deadline = deadline
    self.recycleAfter = max(1, recycleAfter)
  }

  deinit { shutdown() }

  /// The absolute path of the running executable (`/proc/self/exe` on Linux),
  /// for a command line that is its own worker: `CommandLine.arguments[0]` may
  /// be a bare name found on `PATH`, which cannot be started again as is.
  public static var currentExecutablePath: String? {
    Bundle.main.executableURL?.resolvingSymlinksInPath().path
  }

  /// Draws every job, up to ``workers`` at a time, and returns the results in job order.
  ///
  /// - Parameter jobs: What to draw.
  /// - Returns: One result per job: the bytes, or why it failed (Graphviz's
  ///   message, ``RenderError/timedOut(seconds:)``, ``RenderError/workerFailed(message:)``).
  public func render(_ jobs: [RenderJob]) -> [Result<[UInt8], RenderError>] {
    guard !jobs.isEmpty else { return [] }
    let batch = Batch(jobs: jobs)
    let threads = min(workers, jobs.count)
    let group = DispatchGroup()
    // Plain threads, not the Swift concurrency pool: each blocks on a worker
    // for as long as a layout takes.
    for _ in 0..<threads {
      group.enter()
      let thread = Thread { [self] in
        drain(batch)
        group.leave()
      }
      thread.start()
    }
    group.wait()
    return batch.results.withLock { results in
      results.map { $0 ?? .failure(.workerFailed(message: "the job was not run")) }
    }
  }

  /// Draws one job in a worker.
  ///
  /// - Throws: ``RenderError`` as ``render(_:)`` reports it.
  public func render(dot: String, format: OutputFormat) throws(RenderError) -> [UInt8] {
    try render([RenderJob(dot: dot, format: format)])[0].get()
  }

  /// Stops the idle workers (running ones stop when their batch ends).
  public func shutdown() {
    let workers = idle.withLock { idle in
      let taken = idle
      idle.removeAll()
      return taken
    }
    for worker in workers { worker.stop(force: false) }
  }

  /// The jobs of one ``render(_:)`` call, shared by its threads.
  private final class Batch: Sendable {
    let jobs: [RenderJob]
    let next = Atomic<Int>(0)
    let results: Mutex<[Result<[UInt8], RenderError>?]>

    init(jobs: [RenderJob]) {
      self.jobs = jobs
      results = Mutex(Array(repeating: nil, count: jobs.count))
    }
  }

  /// Takes jobs until none are left, with one worker, replacing it when it fails.
  private func drain(_ batch: Batch) {
    var worker = idle.withLock { $0.popLast() }
    while true {
      let index = batch.next.wrappingAdd(1, ordering: .relaxed).oldValue
      guard index < batch.jobs.count else { break }
      let result: Result<[UInt8], RenderError>
      do throws(RenderError) {
        if worker == nil { worker = try WorkerProcess(executable: executable, arguments: arguments) }
        result = worker!.run(batch.jobs[index], deadline: deadline)
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
      batch.results.withLock { $0[index] = result }
    }
    if let worker { idle.withLock { $0.append(worker) } }
  }
}
