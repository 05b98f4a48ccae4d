import FlowAtlasTrace
import Foundation
import Synchronization

/// Replayed traces kept between builds, so that a rebuild replays only the traces that changed.
///
/// Each trace's replay is filed under a key naming what it was replayed from: the trace's path
/// (diagnostics and runs name it), the hash of its bytes and ``version``. ``ModelBuilder`` asks
/// for a trace's replay before reading it and files the replays it makes; whoever keeps the
/// cache (the site, in `.flowatlas-cache/runs/`) then writes ``entries`` out. An entry that is
/// missing, not a regular file, cut short or edited is replayed again: it cannot change a model.
public final class ReplayCache: Sendable {
  /// Bump whenever replaying (``RunReplay``) or the archive layout changes what a trace gives,
  /// so that entries an older FlowAtlas wrote are replayed again rather than trusted.
  public static let version = "1"
  /// The largest entry read back (a trace's replay is a small fraction of the trace).
  static let maximumEntrySize = 1 << 30

  /// What this build's model was made from, by key.
  public enum Entry: Sendable, Equatable {
    /// The previous build's file, unchanged.
    case kept(URL)
    /// A trace replayed by this build, archived.
    case made([UInt8])
  }

  /// The folder of the previous build's entries; nil when there is none.
  public let previous: URL?
  /// Each trace's content hash, as the build record took it before reading.
  private let hashes: [String: String]
  private let state = Mutex<[String: Entry]>([:])

  /// - Parameters:
  ///   - previous: the folder the previous build wrote its entries into, if any.
  ///   - hashes: trace path → ``Fingerprint/fast128(_:)-([UInt8])`` of its bytes; a trace
  ///     without one is always replayed.
  public init(previous: URL?, hashes: [String: String]) {
    self.previous = previous
    self.hashes = hashes
  }

  /// The entries this build used or made, by key (an entry's file name is its key).
  public var entries: [String: Entry] { state.withLock { $0 } }

  /// The key of a trace replayed from bytes with hash `contentHash`: hex, safe as a file name.
  static func key(file: String, contentHash: String) -> String {
    var bytes = Array("flowatlas-replay \(version)\u{0}".utf8)
    bytes += Array(file.utf8) + [0] + Array(contentHash.utf8)
    return Fingerprint.fast128(bytes)
  }

  /// The previous build's replay of `file`, if it has one for the bytes the file holds now.
  func replayed(_ file: String) -> (run: ReplayedRun, key: String)? {
    guard let previous, let hash = hashes[file] else { return nil }
    let key = Self.key(file: file, contentHash: hash)
    let url = previous.appendingPathComponent(key)
    guard let bytes = try? RegularFile.read(url.path, limit: Self.maximumEntrySize).get(),
      let run = RunArchive.run(from: bytes), run.file == file
    else { return nil }
    state.withLock { $0[key] = .kept(url) }
    return (run, key)
  }

  /// Files the replay of `run`, read from bytes with hash `contentHash`.
  /// - Returns: its key.
  func file(_ run: ReplayedRun, contentHash: String) -> String {
    let key = Self.key(file: run.file, contentHash: contentHash)
    let bytes = RunArchive.bytes(of: run)
    state.withLock { $0[key] = .made(bytes) }
    return key
  }
}
