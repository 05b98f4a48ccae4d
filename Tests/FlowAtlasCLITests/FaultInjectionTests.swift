import Foundation
import Testing

@testable import FlowAtlasCLI

/// Kills the real program with SIGKILL at every point of a build in turn (each file it writes,
/// each step of replacing the folder) and checks the promise: the site folder holds the whole
/// old site or the whole new one, the next build succeeds, and nothing is left beside it.
///
/// Each way of replacing the folder is tried at every fourth point in each of four test cases,
/// in folders of their own: eight cases that run side by side, so that this test, the longest,
/// does not set the whole suite's wall time.
struct FaultInjectionTests {
  /// Every file under `folder` but FlowAtlas's own cache (the build record is written after).
  static func snapshot(_ folder: String) -> [String: Data] {
    regularFiles(under: folder) { $0.hasPrefix(".flowatlas-cache") }
  }

  /// Runs `flowatlas build` with `environment` added; returns how it ended.
  static func build(_ traces: String, into site: String, environment: [String: String] = [:]) async throws
    -> Process.TerminationReason
  {
    try await runFlowatlas(["build", traces, "--output", site, "--jobs", "1"], environment: environment)
      .reason
  }

  static func copy(_ from: String, _ to: String) throws {
    try? FileManager.default.removeItem(atPath: to)
    try FileManager.default.copyItem(atPath: from, toPath: to)
  }

  /// Every how many points one test case kills the build.
  static let stride = 4

  @Test(arguments: [false, true], 1...FaultInjectionTests.stride)
  func aBuildKilledAnywhereLeavesAWholeSite(twoRenames: Bool, firstPoint: Int) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = try oldAndNewTraces(in: folder)
    let work = folder.appendingPathComponent("work").path
    let site = work + "/site"
    let pristine = folder.appendingPathComponent("pristine").path
    let expected = folder.appendingPathComponent("expected").path
    // The old site, with a file of the person's in it; and the new site built over a copy.
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    #expect(try await Self.build(old, into: site) == .exit)
    try Data("docs.example.com\n".utf8).write(to: URL(fileURLWithPath: site + "/CNAME"))
    try Self.copy(site, pristine)
    try Self.copy(site, expected)
    #expect(try await Self.build(new, into: expected) == .exit)
    let before = Self.snapshot(pristine)
    let after = Self.snapshot(expected)
    #expect(before != after && before["CNAME"] != nil && after["CNAME"] == before["CNAME"])

    let environment = twoRenames ? ["FLOWATLAS_TWO_RENAMES": "1"] : [:]
    var point = firstPoint
    var killed = 0
    while point < 500 {
      try Self.copy(pristine, site)
      let reason = try await Self.build(
        new, into: site, environment: environment.merging(["FLOWATLAS_KILL_AT": "\(point)"]) { $1 })
      if reason == .exit { break }  // the build ended before reaching this point: every one was tried
      killed += 1
      let now = Self.snapshot(site)
      if twoRenames && now.isEmpty {
        // Killed between the fallback's two renames: the next build puts the old site back.
      } else {
        #expect(now == before || now == after, "killed at point \(point): the site is neither old nor new")
      }
      #expect(try await Self.build(new, into: site) == .exit, "the build after a kill at point \(point)")
      let rebuilt = Self.snapshot(site)
      #expect(
        rebuilt == after,
        "after a kill at point \(point): \(Set(rebuilt.keys).symmetricDifference(after.keys).sorted())")
      let beside = try FileManager.default.contentsOfDirectory(atPath: work).sorted()
      #expect(
        beside == ["site"],
        "left beside, point \(point): \(beside.map { "\($0) \(((try? FileManager.default.subpathsOfDirectory(atPath: work + "/" + $0)) ?? []).prefix(6))" })"
      )
      point += Self.stride
    }
    #expect(killed >= 5)
  }
}
