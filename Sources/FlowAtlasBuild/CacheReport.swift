import FlowAtlasBytes
import FlowAtlasLock

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a build found wrong with what its previous build left for it: each entry of FlowAtlas's
/// caches that was there but could not be used (cut short, edited, not what its index says).
/// Such an entry is never trusted: the build makes what it stood for again, and reports it here
/// rather than silently, so that a damaged cache shows (`flowatlas build --verbose` lists it).
package final class CacheReport: Sendable {
  /// One entry that could not be used.
  package struct Damage: Hashable, Sendable, Comparable {
    /// The entry's path (under the site's `.flowatlas-cache/`, or a trace that went).
    package var entry: String
    /// What was wrong with it, and what the build did instead.
    package var problem: String

    package static func < (lhs: Damage, rhs: Damage) -> Bool {
      (lhs.entry, lhs.problem) < (rhs.entry, rhs.problem)
    }
  }

  private let found = Lock<Set<Damage>>([])

  package init() {}

  /// Notes that `entry` could not be used.
  package func damaged(_ entry: String, _ problem: String) {
    _ = found.withLock { $0.insert(Damage(entry: entry, problem: problem)) }
  }

  /// Every entry noted, sorted by entry: the same list whatever order threads found them in.
  package var damages: [Damage] { found.withLock { $0.sorted() } }

  /// The bytes of the cache file at `path`, as a regular file: nil, and noted in `report`, when
  /// something there cannot be read as one; nil when nothing is there, noted only as `missing`
  /// says (an entry the build knows was written). Without a report, nothing is noted.
  /// - Parameters:
  ///   - limit: the most bytes the entry may have.
  ///   - instead: what the build does without it, for the note ("the trace is replayed again").
  ///   - missing: the problem to note when nothing is at `path` ("gone"); nil notes nothing.
  package static func read(
    _ path: String, limit: Int, instead: String, missing: String? = nil, into report: CacheReport?
  ) -> [UInt8]? {
    guard let report else { return try? RegularFile.read(path, limit: limit).get() }
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if let missing { report.damaged(path, "\(missing); \(instead)") }
      return nil
    }
    switch RegularFile.read(path, limit: limit) {
    case .success(let bytes): return bytes
    case .failure(let problem):
      report.damaged(path, "\(problem.reason); \(instead)")
      return nil
    }
  }

  /// Notes `path` as damaged when `bytes`, which did not parse, begin with `header`, the first
  /// line this version of FlowAtlas writes, or are cut short within it (empty, say); an older
  /// version's file is only out of date.
  package func unparsable(_ path: String, _ bytes: [UInt8], header: String, instead: String) {
    let line = Array((header + "\n").utf8)
    guard bytes.starts(with: line) || line.starts(with: bytes) else { return }
    damaged(path, "cut short or edited since it was written; \(instead)")
  }
}
