import Foundation
import Testing

/// What a build finds wrong with its previous build's caches is made again and said: each
/// damaged entry with `--verbose`, one warning without; the site is a fresh build's bytes.
struct CacheDamageTests {
  /// A site of the Shop examples with its caches, and a clean build of the same traces.
  private func built() async throws -> (folder: URL, traces: String, site: String, fresh: [String: Data]) {
    let folder = try temporaryFolder()
    let traces = try IncrementalRebuildTests.copyOfTheShopExamples(in: folder).path
    let site = folder.appendingPathComponent("site").path
    #expect(try await runFlowatlas(["build", traces, "--output", site]).status == 0)
    let fresh = folder.appendingPathComponent("fresh").path
    #expect(try await runFlowatlas(["build", traces, "--output", fresh]).status == 0)
    return (folder, traces, site, IncrementalRebuildTests.contents(of: fresh))
  }

  /// Cuts `path`'s last bytes off (a new file: a page may be a hard link to a cache entry).
  private func cut(_ path: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try FileManager.default.removeItem(atPath: path)
    try bytes.dropLast(9).write(to: URL(fileURLWithPath: path))
  }

  /// Adds a line no record has to the file at `path`.
  private func scribble(_ path: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try FileManager.default.removeItem(atPath: path)
    try (bytes + Data("scribbled\n".utf8)).write(to: URL(fileURLWithPath: path))
  }

  /// Deletes the landing page: a reason to build again, with every input as it was, so that
  /// the build asks its caches for everything they hold.
  private func forceABuild(of site: String) throws {
    try FileManager.default.removeItem(atPath: site + "/index.html")
  }

  @Test func damagedEntriesAreListedWithVerboseAndMadeAgain() async throws {
    let (folder, traces, site, fresh) = try await built()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = site + "/.flowatlas-cache"
    let run = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache + "/runs").sorted().first)
    let diagram = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache + "/diagrams").sorted().first {
        $0.hasSuffix(".svg")
      })
    try cut(cache + "/runs/" + run)
    try cut(cache + "/diagrams/" + diagram)
    try scribble(cache + "/apps")
    try cut(cache + "/identities")
    try forceABuild(of: site)

    let result = try await runFlowatlas(["build", traces, "--output", site, "--verbose"])
    #expect(result.status == 0)
    // The damaged replay's trace is the only one read again.
    #expect(result.err.contains("flowatlas: cache: 1 of 12 traces replayed, 11 reused; "), "\(result.err)")
    for (entry, problem) in [
      ("runs/" + run, "cut short or edited since it was written; the trace is replayed again"),
      ("diagrams/" + diagram, "not the bytes its index records; the diagram is drawn again"),
      ("apps", "cut short or edited since it was written; no page is reused"),
      ("identities", "cut short or edited since it was written; each page is hashed to tell it is unchanged"),
    ] {
      #expect(
        result.err.contains("flowatlas: cache: \(cache)/\(entry): \(problem)\n"), "\(entry): \(result.err)")
    }
    let rebuilt = IncrementalRebuildTests.contents(of: site)
    #expect(rebuilt.keys.sorted() == fresh.keys.sorted())
    for (path, bytes) in fresh { #expect(rebuilt[path] == bytes, "\(path)") }
  }

  /// The identities only spare a rebuild reading the pages it keeps: without them it hashes each.
  @Test func damagedIdentitiesAreSaidAndThePagesHashedInstead() async throws {
    let (folder, traces, site, fresh) = try await built()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = site + "/.flowatlas-cache"
    let page = try #require(
      fresh.keys.sorted().first { $0.hasSuffix("/index.html") && !$0.hasPrefix(".") }, "an app's overview")
    let inode = { (path: String) in
      try (FileManager.default.attributesOfItem(atPath: site + "/" + path)[.systemFileNumber] as? NSNumber)?
        .uint64Value
    }
    let before = try inode(page)
    try cut(cache + "/identities")
    try forceABuild(of: site)

    let result = try await runFlowatlas(["build", traces, "--output", site, "--verbose"])
    #expect(result.status == 0)
    #expect(
      result.err.contains(
        "flowatlas: cache: \(cache)/identities: cut short or edited since it was written; "
          + "each page is hashed to tell it is unchanged\n"), "\(result.err)")
    // Every app's pages kept (the same file, linked into the new site), each after its bytes
    // were checked: nothing drawn again.
    #expect(try inode(page) == before, "\(page) was made again")
    #expect(result.err.contains("; 0 diagrams drawn, "), "\(result.err)")
    let rebuilt = IncrementalRebuildTests.contents(of: site)
    #expect(rebuilt.keys.sorted() == fresh.keys.sorted())
    for (path, bytes) in fresh { #expect(rebuilt[path] == bytes, "\(path)") }
  }

  @Test func withoutVerboseOneWarningSaysHowManyAndAnIntactCacheSaysNothing() async throws {
    let (folder, traces, site, _) = try await built()
    defer { try? FileManager.default.removeItem(at: folder) }
    try forceABuild(of: site)
    let intact = try await runFlowatlas(["build", traces, "--output", site])
    #expect(intact.status == 0)
    #expect(!intact.err.contains("cache"), "\(intact.err)")

    let cache = site + "/.flowatlas-cache"
    for entry in try FileManager.default.contentsOfDirectory(atPath: cache + "/runs").sorted().prefix(2) {
      try cut(cache + "/runs/" + entry)
    }
    // Emptied, as a crash while writing it would leave it: damage.
    try FileManager.default.removeItem(atPath: cache + "/diagrams/index")
    try Data().write(to: URL(fileURLWithPath: cache + "/diagrams/index"))
    // An older FlowAtlas's record of pages: out of date, not damaged.
    try FileManager.default.removeItem(atPath: cache + "/apps")
    try Data("flowatlas-app-pages 1\napp 0123 shop\n".utf8).write(to: URL(fileURLWithPath: cache + "/apps"))
    try forceABuild(of: site)
    let damaged = try await runFlowatlas(["build", traces, "--output", site])
    #expect(damaged.status == 0)
    #expect(
      damaged.err.contains(
        "flowatlas: warning: 3 entries of the previous build's cache could not be used and were made again "
          + "(--verbose lists them)"), "\(damaged.err)")
  }
}
