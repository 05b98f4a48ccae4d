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
  func accumulate(files: [String]) throws -> ModelAccumulator {
    let files = Array(Set(files)).sorted()
    guard !files.isEmpty else { return ModelAccumulator() }
    let workers = min(workers, files.count)
    // Several chunks per worker so a worker that drew big files does not hold up the rest.
    let chunkCount = workers == 1 ? 1 : min(files.count, workers * 8)
    let bounds = (0...chunkCount).map { $0 * files.count / chunkCount }
    let results = Lock<[Int: Result<ModelAccumulator, any Error>]>([:])
    let next = Lock(0)
    let work = { @Sendable in
      while true {
        let chunk = next.fetchAndIncrement()
        guard chunk < chunkCount else { return }
        let result = Result { try replay(files[bounds[chunk]..<bounds[chunk + 1]]) }
        results.withLock { $0[chunk] = result }
      }
    }
    if workers == 1 {
      work()
    } else {
      DispatchQueue.concurrentPerform(iterations: workers) { _ in work() }
    }
    var total = ModelAccumulator()
    let finished = results.withLock { $0 }
    for chunk in 0..<chunkCount {
      total.merge(try finished[chunk]!.get())
    }
    return total
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
