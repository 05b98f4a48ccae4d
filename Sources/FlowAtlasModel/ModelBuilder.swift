import Dispatch
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasTrace
import Foundation

/// Builds a ``NavigationModel`` from trace files, replaying files in parallel.
///
/// Each file is replayed on its own (``RunReplay``); the sorted file list is cut into
/// contiguous chunks that workers take in turn, and the chunks' tallies are merged in
/// file order. The model is therefore the same whatever order the files were given in
/// and however many workers ran.
public struct ModelBuilder: Sendable {
  /// Reads one trace file into a consumer; the trace module's reader in production.
  /// Returns the hash of the bytes read (``Fingerprint/fast128(_:)-([UInt8])``), or "" when the
  /// builder has no cache to file replays under it.
  typealias Read = @Sendable (_ file: String, _ replay: inout RunReplay) throws -> String

  /// When false, runs keep no journey steps and no coordinator instance lists: memory
  /// then grows only with distinct screens, transitions and coordinator types (and the
  /// number of runs), never with the number of events.
  public var keepsJourneys: Bool
  /// How many files are replayed at once (at least 1).
  public var workers: Int
  /// Replays kept from a previous build, and where this build's are filed; used only with
  /// ``keepsJourneys`` (an entry holds its run's journey). With a cache, each run's journey is
  /// left in it (``Run/isShelved``) and read back when asked for, so that the model's memory
  /// grows with runs, screens and transitions, not with events.
  public var cache: ReplayCache?
  let read: Read

  /// A builder reading trace files with the trace module's ``TraceReader``.
  /// - Parameters:
  ///   - keepsJourneys: false to keep no journey steps or instance lists (for huge inputs).
  ///   - workers: files replayed at once; defaults to the machine's active cores.
  ///   - cache: replays to reuse, and where to file new ones (a rebuild then reads only the
  ///     traces that changed); nil to replay every trace.
  public init(
    keepsJourneys: Bool = true, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    cache: ReplayCache? = nil
  ) {
    // Only a cache files replays under the hash of their bytes: without one, none is made.
    let hashes = keepsJourneys && cache != nil
    self.init(keepsJourneys: keepsJourneys, workers: workers, cache: cache) { file, replay in
      guard hashes else {
        try TraceReader(path: file).read(into: &replay)
        return ""
      }
      return try TraceReader(path: file).readHashing(into: &replay)
    }
  }

  init(keepsJourneys: Bool, workers: Int, cache: ReplayCache? = nil, read: @escaping Read) {
    self.keepsJourneys = keepsJourneys
    self.workers = max(1, workers)
    self.cache = keepsJourneys ? cache : nil
    self.read = read
  }

  /// The model of `files`.
  /// - Parameter files: trace paths (see ``TraceInputs/files(in:)``); order and repeats do not matter.
  /// - Returns: the model, every list sorted as the spec's "Model export" states.
  /// - Throws: the ``TraceReadError`` of the first file (in sorted order) that could not be
  ///   opened or read; problems inside traces are diagnostics in the model instead.
  public func build(files: [String]) throws -> NavigationModel {
    try accumulate(files: files).model()
  }

  /// The model of traces held in memory (tests, tools that receive traces over a pipe).
  /// - Parameter traces: each trace's name (as diagnostics and runs name its file) and bytes;
  ///   a name given twice keeps its last bytes.
  /// - Returns: the same model as ``build(files:)`` would give for files with those names and bytes.
  public func build(traces: [(file: String, bytes: [UInt8])]) -> NavigationModel {
    let contents = Dictionary(traces.map { ($0.file, $0.bytes) }, uniquingKeysWith: { $1 })
    let builder = ModelBuilder(keepsJourneys: keepsJourneys, workers: workers, cache: cache) { file, replay in
      let bytes = contents[file] ?? []
      TraceReader.read(bytes: bytes, path: file, into: &replay)
      return Fingerprint.fast128(bytes)
    }
    // Reading memory cannot fail, so neither can this.
    return (try? builder.build(files: Array(contents.keys))) ?? NavigationModel(apps: [], diagnostics: [])
  }

  /// The runs of `files`, added up but not yet sorted into a model.
  ///
  /// Chunks are merged in file order as soon as every chunk before them is in, by whichever
  /// worker finished last: the merging goes on while the other worker replays, rather than on
  /// one core after both are done.
  func accumulate(files: [String]) throws -> ModelAccumulator {
    let files = Array(Set(files)).sorted()
    guard !files.isEmpty else { return ModelAccumulator() }
    let workers = min(workers, files.count)
    // Many chunks per worker, so that the last to finish leaves the other worker idle for a
    // few files at most (merging goes on meanwhile).
    let chunkCount = workers == 1 ? 1 : min(files.count, workers * 32)
    let bounds = (0...chunkCount).map { $0 * files.count / chunkCount }
    let chunks = Lock(ChunkMerge())
    let total = Lock(ModelAccumulator())
    let next = Lock(0)
    let work = { @Sendable in
      while true {
        let chunk = next.fetchAndIncrement()
        guard chunk < chunkCount else { return }
        let result = Result { try replay(files[bounds[chunk]..<bounds[chunk + 1]]) }
        chunks.withLock { $0.finished[chunk] = result }
        // Merge what is ready, in order; one worker at a time.
        while let ready = chunks.withLock({ $0.takeNext() }) {
          if case .success(let accumulator) = ready { total.withLock { $0.merge(accumulator) } }
          chunks.withLock { $0.merging = false }
        }
      }
    }
    if workers == 1 {
      work()
    } else {
      DispatchQueue.concurrentPerform(iterations: workers) { _ in work() }
    }
    // The first failure in file order, as if the chunks had been read one after another.
    if let failure = chunks.withLock({ $0.failures.min { $0.chunk < $1.chunk } }) { throw failure.error }
    return total.withLock { $0 }
  }

  /// Chunks replayed and not yet merged, and which to merge next.
  private struct ChunkMerge {
    var finished: [Int: Result<ModelAccumulator, any Error>] = [:]
    /// The next chunk to merge: every chunk before it is merged.
    var next = 0
    /// A worker is merging chunk `next - 1`.
    var merging = false
    var failures: [(chunk: Int, error: any Error)] = []

    /// The next chunk in order, when it is replayed and no one is merging: taken for merging
    /// (a failed one is kept to report).
    mutating func takeNext() -> Result<ModelAccumulator, any Error>? {
      guard !merging, let result = finished.removeValue(forKey: next) else { return nil }
      if case .failure(let error) = result { failures.append((next, error)) }
      next += 1
      merging = true
      return result
    }
  }

  private func replay(_ files: ArraySlice<String>) throws -> ModelAccumulator {
    var accumulator = ModelAccumulator()
    for file in files {
      if let cache, let (kept, key) = cache.replayed(file) {
        var run = kept
        run.shelve(key: key, in: cache)
        accumulator.add(run)
        continue
      }
      var replay = RunReplay(file: file, keepsJourney: keepsJourneys)
      let hash = try read(file, &replay)
      var run = replay.result
      if let cache { run.shelve(key: cache.file(run, contentHash: hash), in: cache) }
      accumulator.add(run)
    }
    return accumulator
  }
}
