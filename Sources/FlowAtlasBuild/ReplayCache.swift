import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation

/// Replayed traces kept between builds, so that a rebuild replays only the traces that changed.
///
/// Each trace's replay is filed under a key naming what it was replayed from: the trace's path
/// (diagnostics and runs name it) and the hash of its bytes; the entry's first line names the
/// build of FlowAtlas that wrote it (``CacheFormat``), and another build's is replayed again. ``ModelBuilder`` asks
/// for a trace's replay before reading it and files the replays it makes; whoever keeps the
/// cache (the site, in `.flowatlas-cache/runs/`) then writes ``entries`` out. An entry that is
/// missing, not a regular file, cut short or edited is replayed again: it cannot change a model.
///
/// It is also where a model built with it keeps its journeys: each run holds its counts and
/// the key of its entry and the cache, which reads a run's steps and instances back from that
/// entry when a page, diagram or check asks (``Run/journey``), so that memory does not grow with
/// the traces' events. The cache's files must stay until the model's last journey has been read.
package final class ReplayCache: ReplayStore {
  /// The largest entry read back (a trace's replay is a small fraction of the trace).
  static let maximumEntrySize = 1 << 30

  /// What this build's model was made from, by key.
  package enum Entry: Sendable, Equatable {
    /// The previous build's file, unchanged.
    case kept(URL)
    /// A trace replayed by this build, archived in ``ReplayCache/scratch``.
    case written(URL)
    /// A trace replayed by this build, archived in memory (no scratch folder, or it could not
    /// be written).
    case made([UInt8])
  }

  /// The folder of the previous build's entries; nil when there is none.
  package let previous: URL?
  /// Where this build's new entries are written as they are made, so that memory does not grow
  /// with the traces' events; nil to hold them in memory.
  package let scratch: URL?
  /// Each trace's content hash, as the build record took it before reading.
  private let hashes: [String: String]
  /// Where an entry that is there but cannot be used is noted.
  private let report: CacheReport?
  private let state = Lock<[String: Entry]>([:])
  /// The journeys read back last, newest first: the pages and diagrams of one run ask for its
  /// journey a few times in a row, from several threads.
  private let recent = Lock<[(key: String, journey: Journey)]>([])
  /// How many journeys ``recent`` holds: about as many as are worked on at once.
  private static let recentCount = 4

  /// - Parameters:
  ///   - previous: the folder the previous build wrote its entries into, if any.
  ///   - hashes: trace path → ``Fingerprint/fast128(_:)-([UInt8])`` of its bytes; a trace
  ///     without one is always replayed.
  ///   - scratch: an existing folder for this build's new entries (see ``scratch``).
  ///   - report: where to note an entry that is there but cannot be used.
  package init(previous: URL?, hashes: [String: String], scratch: URL? = nil, report: CacheReport? = nil) {
    self.previous = previous
    self.scratch = scratch
    self.hashes = hashes
    self.report = report
  }

  /// The entries this build used or made, by key (an entry's file name is its key).
  package var entries: [String: Entry] { state.withLock { $0 } }

  /// The key of a trace replayed from bytes with hash `contentHash`: hex, safe as a file name.
  static func key(file: String, contentHash: String) -> String {
    var bytes = Array("flowatlas-replay\u{0}".utf8)
    bytes += Array(file.utf8) + [0] + Array(contentHash.utf8)
    return Fingerprint.fast128(bytes)
  }

  /// The previous build's replay of `file`, if it has one for the bytes the file holds now.
  package func replayed(_ file: String) -> ReplayedRun? {
    guard let previous, let hash = hashes[file] else { return nil }
    let key = Self.key(file: file, contentHash: hash)
    let url = previous.appendingPathComponent(key)
    let instead = "the trace is replayed again"
    guard let bytes = read(url, instead: instead) else { return nil }
    guard var run = RunArchive.run(from: bytes, journey: false), run.file == file else {
      unparsable(url, bytes, instead: instead)
      return nil
    }
    state.withLock { $0[key] = .kept(url) }
    run.leaveJourney(in: self, under: key)
    return run
  }

  /// The journey of `run`: its own when it holds one; else read back from the entry its
  /// ``Run/replayKey`` names, or, when that is gone or damaged since (a file changed during the
  /// build), from replaying the run's trace again, which is noted.
  package func journey(of run: Run) -> Journey {
    if run.holdsJourney { return run.journey }
    guard let key = run.replayKey else { return replayedAgain(run) }
    if let found = recent.withLock({ list in list.first { $0.key == key }?.journey }) { return found }
    let instead = "its journey is read from the trace again"
    let journey: Journey
    switch state.withLock({ $0[key] }) {
    case .made(let archive):
      journey = RunArchive.journey(from: archive) ?? replayedAgain(run)
    case .kept(let url), .written(let url):
      // It was read or written whole by this build: gone or changed since, it is damage.
      let bytes = read(url, instead: instead, missing: "gone during the build")
      if let bytes, let found = RunArchive.journey(from: bytes) {
        journey = found
      } else {
        if bytes != nil { report?.damaged(url.path, "changed during the build; \(instead)") }
        journey = replayedAgain(run)
      }
    case nil: journey = replayedAgain(run)
    }
    recent.withLock { list in
      list.removeAll { $0.key == key }
      list.insert((key, journey), at: 0)
      if list.count > Self.recentCount { list.removeLast() }
    }
    return journey
  }

  /// The entry at `url`, read as a regular file of at most ``maximumEntrySize`` bytes.
  private func read(_ url: URL, instead: String, missing: String? = nil) -> [UInt8]? {
    CacheReport.read(url.path, limit: Self.maximumEntrySize, instead: instead, missing: missing, into: report)
  }

  /// Notes `bytes`, the entry at `url`, which does not parse, as damaged when this build wrote it
  /// (``CacheReport/unparsable(_:_:header:instead:)``): another build's is only out of date.
  private func unparsable(_ url: URL, _ bytes: [UInt8], instead: String) {
    report?.unparsable(
      url.path, bytes, header: CacheFormat.header("flowatlas-replayed-run"), instead: instead)
  }

  /// The journey of `run` from its trace, read again; an empty one, noted, when the trace
  /// cannot be read any more (it went during the build).
  private func replayedAgain(_ run: Run) -> Journey {
    var replay = RunReplay(file: run.file)
    do {
      try TraceReader(path: run.file).read(into: &replay)
    } catch {
      report?.damaged(
        run.file, "the trace went during the build (\(error.localizedDescription)); its journey is left empty"
      )
    }
    return replay.result.run?.journey ?? Journey()
  }

  /// Files the replay of `run`, read from bytes with hash `contentHash`.
  /// - Returns: its key.
  package func file(_ run: ReplayedRun, contentHash: String) -> String {
    let key = Self.key(file: run.file, contentHash: contentHash)
    let bytes = RunArchive.bytes(of: run)
    var entry = Entry.made(bytes)
    if let scratch {
      let url = scratch.appendingPathComponent(key)
      if (try? Data(bytes).write(to: url)) != nil { entry = .written(url) }
    }
    state.withLock { $0[key] = entry }
    return key
  }
}
