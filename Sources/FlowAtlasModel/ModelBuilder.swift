import Dispatch
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation

/// Builds a ``NavigationModel`` from trace files, replaying files in parallel.
///
/// Each file is replayed on its own (``RunReplay``), workers taking files in turn, and the runs
/// are added up in sorted file order. The model is therefore the same whatever order the files
/// were given in and however many workers ran.
package struct ModelBuilder: Sendable {
  /// Reads one trace file into a consumer; the trace module's reader in production.
  /// Returns the hash of the bytes read (``Fingerprint/fast128(_:)-([UInt8])``), or "" when the
  /// builder has no cache to file replays under it.
  package typealias Read = @Sendable (_ file: String, _ replay: inout RunReplay) throws -> String

  /// When false, runs keep no journey steps and no coordinator instance lists: memory
  /// then grows only with distinct screens, transitions and coordinator types (and the
  /// number of runs), never with the number of events.
  package var keepsJourneys: Bool
  /// How many files are replayed at once (at least 1).
  package var workers: Int
  /// Replays kept from a previous build, and where this build's are filed; used only with
  /// ``keepsJourneys`` (an entry holds its run's journey). With a cache, each run's journey is
  /// left in it (the run reads it from there: ``Run/journey``), so
  /// that the model's memory grows with runs, screens and transitions, not with events.
  package var cache: (any ReplayStore)?

  /// A builder.
  /// - Parameters:
  ///   - keepsJourneys: false to keep no journey steps or instance lists (for huge inputs).
  ///   - workers: files replayed at once; defaults to the machine's active cores.
  ///   - cache: replays to reuse, and where to file new ones (a rebuild then reads only the
  ///     traces that changed); nil to replay every trace.
  package init(
    keepsJourneys: Bool = true, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    cache: (any ReplayStore)? = nil
  ) {
    self.keepsJourneys = keepsJourneys
    self.workers = max(1, workers)
    self.cache = keepsJourneys ? cache : nil
  }

  /// The model of the traces named `files`, each read by `reader` (the model itself reads no
  /// file: the build stage's `build(files:)` gives the trace reader).
  /// - Parameters:
  ///   - files: trace names; order and repeats do not matter.
  ///   - reader: reads one trace into its replay.
  /// - Returns: the model, every list sorted as the spec's "Model export" states.
  /// - Throws: the first error (in sorted order) of a trace that could not be read; problems
  ///   inside traces are diagnostics in the model instead.
  package func build(files: [String], reader: @escaping Read) throws -> NavigationModel {
    try accumulate(files: files, read: reader).model()
  }

  /// The model of traces held in memory (tests, tools that receive traces over a pipe).
  /// - Parameter traces: each trace's name (as diagnostics and runs name its file) and bytes;
  ///   a name given twice keeps its last bytes.
  /// - Returns: the same model as ``build(files:)`` would give for files with those names and bytes.
  package func build(traces: [(file: String, bytes: [UInt8])]) -> NavigationModel {
    let contents = Dictionary(traces.map { ($0.file, $0.bytes) }, uniquingKeysWith: { $1 })
    let read: Read = { file, replay in
      let bytes = contents[file] ?? []
      TraceReader.read(bytes: bytes, path: file, into: &replay)
      return Fingerprint.fast128(bytes)
    }
    // Reading memory cannot fail, so neither can this.
    return (try? build(files: Array(contents.keys), reader: read))
      ?? NavigationModel(apps: [], diagnostics: [])
  }

  /// The runs of `files`, added up but not yet sorted into a model.
  ///
  /// Workers take files in turn, and each replayed run is added in file order as soon as every
  /// file before it is in, by whichever worker finished it: the adding goes on while the other
  /// worker replays, rather than on one core after both are done, and a worker that drew a big
  /// file holds up the rest by that file at most.
  func accumulate(files: [String], read: @escaping Read) throws -> ModelAccumulator {
    let files = Array(Set(files)).sorted()
    let replayed = Lock(InOrder())
    let total = Lock(ModelAccumulator())
    let next = Lock(0)
    let work = { @Sendable in
      while true {
        let index = next.fetchAndIncrement()
        guard index < files.count else { return }
        let result = Result { try replay(files[index], read: read) }
        replayed.withLock { $0.finished[index] = result }
        // Add what is ready, in order; one worker at a time.
        while let ready = replayed.withLock({ $0.takeNext() }) {
          if case .success(let run) = ready { total.withLock { $0.add(run) } }
          replayed.withLock { $0.adding = false }
        }
      }
    }
    if min(workers, files.count) <= 1 {
      work()
    } else {
      DispatchQueue.concurrentPerform(iterations: min(workers, files.count)) { _ in work() }
    }
    // The first failure in file order, as if the files had been read one after another.
    if let failure = replayed.withLock({ $0.failures.min { $0.index < $1.index } }) { throw failure.error }
    return total.withLock { $0 }
  }

  /// Runs replayed and not yet added, and which to add next.
  private struct InOrder {
    var finished: [Int: Result<ReplayedRun, any Error>] = [:]
    /// The next file to add: every file before it is added.
    var next = 0
    /// A worker is adding file `next - 1`.
    var adding = false
    var failures: [(index: Int, error: any Error)] = []

    /// The next run in file order, when it is replayed and no one is adding: taken for adding
    /// (a failure is kept to report).
    mutating func takeNext() -> Result<ReplayedRun, any Error>? {
      guard !adding, let result = finished.removeValue(forKey: next) else { return nil }
      if case .failure(let error) = result { failures.append((next, error)) }
      next += 1
      adding = true
      return result
    }
  }

  private func replay(_ file: String, read: Read) throws -> ReplayedRun {
    if let cache, let kept = cache.replayed(file) { return kept }
    var replay = RunReplay(file: file, keepsJourney: keepsJourneys)
    let hash = try read(file, &replay)
    var run = replay.result
    if let cache { run.leaveJourney(in: cache, under: cache.file(run, contentHash: hash)) }
    return run
  }
}
