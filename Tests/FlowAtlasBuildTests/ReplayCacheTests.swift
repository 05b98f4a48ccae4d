import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation
import Testing

@testable import FlowAtlasBuild
@testable import FlowAtlasModel

@Suite("Replays kept between builds")
struct ReplayCacheTests {
  /// Every bundled example's traces, with their hashes.
  static let examples: [(file: String, bytes: [UInt8])] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples")
    let files = (try? TraceInputs.files(in: [root.path])) ?? []
    return files.map { ($0, [UInt8](FileManager.default.contents(atPath: $0) ?? Data())) }
  }()

  static var hashes: [String: String] {
    Dictionary(uniqueKeysWithValues: examples.map { ($0.file, Fingerprint.fast128($0.bytes)) })
  }

  /// The traces a builder read.
  final class Reads: Sendable {
    private let files = Lock<[String]>([])
    func add(_ file: String) { files.withLock { $0.append(file) } }
    func take() -> [String] {
      files.withLock { files in
        defer { files = [] }; return files
      }
    }
  }

  /// A builder over the examples that counts the traces it reads.
  static func builder(cache: ReplayCache?, reads: Reads) -> CountingBuilder {
    CountingBuilder(cache: cache, reads: reads)
  }

  /// Builds from the examples held in memory, counting the traces it reads.
  struct CountingBuilder {
    var cache: ReplayCache?
    var reads: Reads

    func build(files: [String]) throws -> NavigationModel {
      let contents = Dictionary(uniqueKeysWithValues: ReplayCacheTests.examples)
      return try ModelBuilder(keepsJourneys: true, workers: 2, cache: cache).build(files: files) {
        [reads] file, replay in
        reads.add(file)
        let bytes = contents[file] ?? []
        TraceReader.read(bytes: bytes, path: file, into: &replay)
        return Fingerprint.fast128(bytes)
      }
    }
  }

  /// Writes a cache's entries as the site does: one file per key.
  /// Builds the examples' model with a new cache and saves its entries into `folder`, as a
  /// previous build leaves them.
  static func firstBuild(savedInto folder: URL, reads: Reads) throws -> NavigationModel {
    let first = ReplayCache(previous: nil, hashes: Self.hashes)
    let made = try Self.builder(cache: first, reads: reads).build(files: Self.examples.map(\.file))
    try Self.save(first, into: folder)
    return made
  }

  static func save(_ cache: ReplayCache, into folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (key, entry) in cache.entries {
      switch entry {
      case .made(let bytes): try Data(bytes).write(to: folder.appendingPathComponent(key))
      case .kept(let url), .written(let url):
        try FileManager.default.copyItem(at: url, to: folder.appendingPathComponent(key))
      }
    }
  }

  static func temporaryFolder() -> URL {
    URL(fileURLWithPath: Scratch.path("replay-cache"))
  }

  /// The model with each run's replay key removed and its journey, read from wherever it is,
  /// held in the run, to compare with a build that kept none.
  static func withoutKeys(_ model: NavigationModel) -> [[Run]] {
    model.apps.map { app in
      app.runs.map { run in
        var held = run
        held.replayKey = nil
        held.journey = run.journey
        return held
      }
    }
  }

  @Test func aRebuildReadsNoTraceItReplayedBeforeAndGivesTheSameModel() throws {
    #expect(Self.examples.count >= 10)
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let reads = Reads()
    let plain = try Self.builder(cache: nil, reads: reads).build(files: Self.examples.map(\.file))

    let first = ReplayCache(previous: nil, hashes: Self.hashes)
    let made = try Self.builder(cache: first, reads: reads).build(files: Self.examples.map(\.file))
    #expect(first.entries.count == Self.examples.count)
    #expect(first.entries.values.allSatisfy { if case .made = $0 { true } else { false } })
    try Self.save(first, into: folder)

    _ = reads.take()
    let second = ReplayCache(previous: folder, hashes: Self.hashes)
    let reused = try Self.builder(cache: second, reads: reads).build(files: Self.examples.map(\.file))
    #expect(reads.take().isEmpty)
    #expect(second.entries.values.allSatisfy { if case .kept = $0 { true } else { false } })
    #expect(reused == made)
    #expect(Self.withoutKeys(reused) == Self.withoutKeys(plain))
    #expect(reused.diagnostics == plain.diagnostics)
    #expect(ModelExport.json(reused) == ModelExport.json(plain))
    #expect(reused.apps.allSatisfy { $0.runs.allSatisfy { $0.replayKey != nil } })
    // The journeys stay in the cache, read back when asked for; a model built without one holds them.
    #expect(reused.apps.allSatisfy { $0.runs.allSatisfy { !$0.holdsJourney } })
    #expect(made.apps.allSatisfy { $0.runs.allSatisfy { !$0.holdsJourney } })
    #expect(plain.apps.allSatisfy { $0.runs.allSatisfy(\.holdsJourney) })
    let journeys = reused.apps.flatMap { $0.runs.map(\.journey) }
    #expect(journeys == plain.apps.flatMap { $0.runs.map(\.journey) })
    #expect(reused.apps.flatMap { $0.runs.map(\.stepCount) } == journeys.map(\.steps.count))
    #expect(journeys.contains { !$0.steps.isEmpty && !$0.instances.isEmpty })

    // An entry gone during the build (after the model was made): the trace is read again.
    // (The first run's journey was read longest ago, so no longer held.)
    try FileManager.default.removeItem(at: folder)
    let run = try #require(reused.apps.first?.runs.first)
    #expect(second.journey(of: run) == plain.apps.first?.runs.first?.journey)
    #expect(second.journey(of: run).steps.count == run.stepCount)
  }

  /// With a scratch folder, new replays go to disk as they are made: memory holds none.
  @Test func newReplaysAreWrittenToTheScratchFolderAndReadBackFromIt() throws {
    let scratch = Self.temporaryFolder()
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let plain = try Self.builder(cache: nil, reads: Reads()).build(files: Self.examples.map(\.file))
    let cache = ReplayCache(previous: nil, hashes: Self.hashes, scratch: scratch)
    let model = try Self.builder(cache: cache, reads: Reads()).build(files: Self.examples.map(\.file))
    #expect(cache.entries.count == Self.examples.count)
    for (key, entry) in cache.entries {
      #expect(entry == .written(scratch.appendingPathComponent(key)))
      #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent(key).path))
    }
    #expect(model.apps.allSatisfy { $0.runs.allSatisfy { !$0.holdsJourney } })
    #expect(
      model.apps.flatMap { $0.runs.map(cache.journey(of:)) }
        == plain.apps.flatMap { $0.runs.map(\.journey) })
  }

  @Test func aChangedTraceIsReadAgainAndOnlyIt() throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let reads = Reads()
    let first = ReplayCache(previous: nil, hashes: Self.hashes)
    _ = try Self.builder(cache: first, reads: reads).build(files: Self.examples.map(\.file))
    try Self.save(first, into: folder)

    var hashes = Self.hashes
    let changed = Self.examples[3].file
    hashes[changed] = "0123456789abcdef0123456789abcdef"
    _ = reads.take()
    _ = try Self.builder(cache: ReplayCache(previous: folder, hashes: hashes), reads: reads)
      .build(files: Self.examples.map(\.file))
    #expect(reads.take() == [changed])
  }

  /// An entry that is not what the cache wrote is replayed again, never trusted or fatal; it is
  /// noted as damaged, but for one another build of FlowAtlas wrote, which is only out of date.
  @Test(arguments: ["truncated", "flipped", "empty", "symlink", "fifo", "folder", "another build"])
  func aDamagedEntryIsReplayedAgain(damage: String) throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let reads = Reads()
    let made = try Self.firstBuild(savedInto: folder, reads: reads)

    let victim = Self.examples[0].file
    let key = ReplayCache.key(file: victim, contentHash: Self.hashes[victim]!)
    let entry = folder.appendingPathComponent(key)
    var bytes = [UInt8](try Data(contentsOf: entry))
    try FileManager.default.removeItem(at: entry)
    switch damage {
    case "truncated": try Data(bytes.dropLast(7)).write(to: entry)
    case "flipped":
      bytes[bytes.count - 5] ^= 0x20
      try Data(bytes).write(to: entry)
    case "empty": try Data().write(to: entry)
    case "symlink":
      // Even to an intact copy: the cache reads only its own regular files.
      let outside = folder.deletingLastPathComponent().appendingPathComponent("outside-\(key)")
      try Data(bytes).write(to: outside)
      defer { try? FileManager.default.removeItem(at: outside) }
      try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: outside)
    case "fifo": #expect(mkfifo(entry.path, 0o644) == 0)
    case "folder": try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: false)
    default:
      bytes.replaceSubrange(0..<RunArchive.magic.count, with: Array("flowatlas-replayed-run 0\n".utf8))
      try Data(bytes).write(to: entry)
    }
    _ = reads.take()
    let report = CacheReport()
    let second = ReplayCache(previous: folder, hashes: Self.hashes, report: report)
    let rebuilt = try Self.builder(cache: second, reads: reads).build(files: Self.examples.map(\.file))
    #expect(reads.take() == [victim])
    #expect(rebuilt == made)
    #expect(report.damages.map(\.entry) == (damage == "another build" ? [] : [entry.path]))
    if case .made = second.entries[key] {} else { Issue.record("the damaged entry was not made again") }
  }

  /// Hardening round 2, item 7: an archive whose hash is right but whose content lies (a
  /// count of `Int.max`, a run naming another file) is refused, so the build replays the trace
  /// again: no trap when tallies are merged, no read of a path that is not an input.
  @Test(arguments: ["count of Int.max", "negative count", "run of another file"])
  func anArchiveThatLiesIsRefusedAndReplayedAgain(lie: String) throws {
    let folder = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let reads = Reads()
    let made = try Self.firstBuild(savedInto: folder, reads: reads)

    let victim = try #require(Self.examples.first { !$0.bytes.isEmpty })
    var replay = RunReplay(file: victim.file)
    TraceReader.read(bytes: victim.bytes, path: victim.file, into: &replay)
    var forged = replay.result
    try #require(!forged.transitions.isEmpty)
    switch lie {
    case "count of Int.max": forged.transitions[0].1.count = .max
    case "negative count": forged.transitions[0].1.count = -9
    default: forged.tally.runs[0].file = "/etc/passwd"
    }
    let archive = RunArchive.bytes(of: forged)
    #expect(RunArchive.run(from: archive) == nil, "the reader took it")
    let entry = folder.appendingPathComponent(
      ReplayCache.key(file: victim.file, contentHash: Self.hashes[victim.file]!))
    try Data(archive).write(to: entry)

    _ = reads.take()
    let second = ReplayCache(previous: folder, hashes: Self.hashes)
    let rebuilt = try Self.builder(cache: second, reads: reads).build(files: Self.examples.map(\.file))
    #expect(reads.take() == [victim.file])
    #expect(rebuilt == made)
  }

  /// The archive reader checks every length: no prefix of an archive, and no payload with a
  /// byte changed, reads as a run it was not, or crashes.
  @Test func everyPrefixAndByteFlipOfAnArchiveIsRefusedOrReadWhole() throws {
    let (file, bytes) = Self.examples.max { $0.bytes.count < $1.bytes.count }!
    var replay = RunReplay(file: file)
    TraceReader.read(bytes: bytes, path: file, into: &replay)
    let archive = RunArchive.bytes(of: replay.result)
    #expect(RunArchive.run(from: archive)?.run == replay.result.run)
    for length in 0..<archive.count {
      #expect(RunArchive.run(from: Array(archive[..<length])) == nil)
    }
    let start = RunArchive.magic.count + 33
    var generator = SeededRandom(seed: 3)
    for _ in 0..<2_000 {
      var payload = Array(archive[start...])
      let index = Int.random(in: 0..<payload.count, using: &generator)
      payload[index] ^= UInt8.random(in: 1...255, using: &generator)
      // Bypass the hash, so the parser itself meets the damage.
      _ = RunArchive.run(fromPayload: payload[...])
    }
  }

  @Test func theArchiveOfARunIsTheSameBytesEachTime() {
    let (file, bytes) = Self.examples[0]
    let archives = (0..<3).map { _ in
      var replay = RunReplay(file: file)
      TraceReader.read(bytes: bytes, path: file, into: &replay)
      return RunArchive.bytes(of: replay.result)
    }
    #expect(Set(archives).count == 1)
  }
}
