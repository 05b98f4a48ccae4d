import Foundation
import Testing

@testable import FlowAtlasCLI

/// The two stale sites the design review's probe found (issue #44, item 8): a rebuild must give the
/// bytes of a fresh build when an input changed in a way its size and time do not show.
@Suite struct StaleInputTests {
  /// A trace rewritten to other bytes of the same size, its modification time put back (as
  /// archives with fixed times give: `tar --mtime`, zip, Nix and Bazel outputs).
  @Test func aTraceEditedWithItsSizeAndTimeKeptIsReadAgain() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = try IncrementalRebuildTests.copyOfTheShopExamples(in: folder)
    let site = folder.appendingPathComponent("site").path
    #expect(try await runFlowatlas(["build", traces.path, "--output", site, "--jobs", "1"]).status == 0)

    let trace = traces.appendingPathComponent("shop/buy-one-product.jsonl").path
    try rewriteKeepingSizeAndTime(
      trace, replacing: "ProductListViewController", with: "ProductGridViewController")
    #expect(try await runFlowatlas(["build", traces.path, "--output", site, "--jobs", "1"]).status == 0)
    let fresh = folder.appendingPathComponent("fresh").path
    #expect(try await runFlowatlas(["build", traces.path, "--output", fresh, "--jobs", "1"]).status == 0)
    #expect(IncrementalRebuildTests.contents(of: site) == IncrementalRebuildTests.contents(of: fresh))
    let index = try String(contentsOfFile: site + "/shop/index.html", encoding: .utf8)
    #expect(index.contains("ProductGridViewController"))
  }

  /// Inputs reached through symbolic links (the folder given is one, a trace in it is one): what
  /// the build reads is the file each leads to, so an edit behind the link is a change.
  @Test func anInputBehindASymbolicLinkIsTheFileItLeadsTo() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = try IncrementalRebuildTests.copyOfTheShopExamples(in: folder)
    let linked = folder.appendingPathComponent("linked").path
    try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: traces.path)
    let site = folder.appendingPathComponent("site").path
    let input = linked + "/shop/buy-one-product.jsonl"
    #expect(try await runFlowatlas(["build", input, "--output", site, "--jobs", "1"]).status == 0)

    // Edited behind the link, long after: the link's own size and time never change.
    let target = traces.appendingPathComponent("shop/buy-one-product.jsonl").path
    try rewriteKeepingSizeAndTime(
      target, replacing: "ProductListViewController", with: "ProductGridViewController")
    #expect(try await runFlowatlas(["build", input, "--output", site, "--jobs", "1"]).status == 0)
    let fresh = folder.appendingPathComponent("fresh").path
    #expect(try await runFlowatlas(["build", input, "--output", fresh, "--jobs", "1"]).status == 0)
    #expect(IncrementalRebuildTests.contents(of: site) == IncrementalRebuildTests.contents(of: fresh))
  }

  /// Writes `path` again with `old` replaced by `new` (of the same length), in place, then puts
  /// its access and modification times back.
  private func rewriteKeepingSizeAndTime(_ path: String, replacing old: String, with new: String) throws {
    #expect(old.utf8.count == new.utf8.count)
    var before = stat()
    #expect(stat(path, &before) == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(old))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.write(contentsOf: Data(text.replacingOccurrences(of: old, with: new).utf8))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    #expect(stat(path, &after) == 0 && after.st_size == before.st_size)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
  }
}
