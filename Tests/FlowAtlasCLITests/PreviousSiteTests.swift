import FlowAtlasModel
import FlowAtlasRender
import Foundation
import Testing

@testable import FlowAtlasCLI

/// What an interrupted or failed build leaves of the previous site, through the command line: the
/// person's site whole, never one they deleted brought back. (Found by the third adversarial pass,
/// issue #47; the numbers are its items.)
@Suite struct PreviousSiteTests {
  /// Empties the folder `site` is in, copies `pristine` to `site`, then builds `traces` there,
  /// killed at fault point `point` (`FLOWATLAS_KILL_AT`).
  /// - Returns: whether it was killed (false: it ended before the point).
  static func build(_ traces: String, over pristine: String, into site: String, killedAt point: Int)
    async throws -> Bool
  {
    let work = (site as NSString).deletingLastPathComponent
    try? FileManager.default.removeItem(atPath: work)
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: pristine, toPath: site)
    let result = try await runFlowatlas(
      ["build", traces, "--output", site, "--jobs", "1"], environment: ["FLOWATLAS_KILL_AT": "\(point)"])
    return result.reason == .uncaughtSignal
  }

  /// The last point at which a build of `traces` over a copy of `pristine` can be killed, found
  /// by bisection: killed there, the new site is in place and the old one, set aside beside it,
  /// is being removed (the point before: it is set aside, whole).
  static func lastKillPoint(of traces: String, over pristine: String, into site: String) async throws -> Int {
    var (low, high) = (1, 2)
    while try await build(traces, over: pristine, into: site, killedAt: high) {
      (low, high) = (high, high * 2)
    }
    while high - low > 1 {
      let middle = (low + high) / 2
      if try await build(traces, over: pristine, into: site, killedAt: middle) {
        low = middle
      } else {
        high = middle
      }
    }
    return low
  }

  // 5: a site the person deleted after an interrupted build is not brought back from what that
  // build set aside, and what is left of the person's there is named.
  @Test func aDeletedSiteDoesNotComeBackFromAnInterruptedBuild() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = try oldAndNewTraces(in: folder)
    let work = folder.appendingPathComponent("work").path
    let site = work + "/site"
    let pristine = folder.appendingPathComponent("pristine").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    #expect(try await runFlowatlas(["build", old, "--output", site, "--jobs", "1"]).reason == .exit)
    try Data("TOKEN=hunter2\n".utf8).write(to: URL(fileURLWithPath: site + "/secret.env"))
    try FileManager.default.copyItem(atPath: site, toPath: pristine)
    let point = try await Self.lastKillPoint(of: new, over: pristine, into: site)
    // Killed once the old site is set aside, before its removal began.
    #expect(try await Self.build(new, over: pristine, into: site, killedAt: point - 1))
    // The person starts clean.
    try FileManager.default.removeItem(atPath: site)
    let rebuilt = try await runFlowatlas(["build", new, "--output", site, "--jobs", "1"])
    #expect(rebuilt.reason == .exit && rebuilt.status == 0, "\(rebuilt.err)")
    #expect(!FileManager.default.fileExists(atPath: site + "/secret.env"), "the deleted site came back")
    // What is left beside is the person's file, in the folder the warning names, and that
    // folder's lock file, by which the next build knows it.
    let warning = try #require(
      rebuilt.err.split(separator: "\n").first { $0.contains("an interrupted build set a copy") },
      "\(rebuilt.err)")
    let leftover = String(try #require(warning.split(separator: ": ").dropFirst(2).first))
    #expect(warning.contains("(secret.env)"), "\(warning)")
    #expect(regularFiles(under: leftover).keys.sorted() == [".flowatlas-site", "secret.env"])
    let after = try FileManager.default.contentsOfDirectory(atPath: work).sorted()
    let name = (leftover as NSString).lastPathComponent
    #expect(
      Set(after).subtracting([name, name + ".lock"]) == ["site"],
      "\(after.map { "\($0): \(regularFiles(under: work + "/" + $0).keys.sorted().prefix(5))" })")
    // And it is named again, until the person deals with it.
    let again = try await runFlowatlas(["build", old, "--output", site, "--jobs", "1"])
    #expect(again.err.contains(String(warning)), "\(again.err)")
  }

  // 2: a layout the machine stops (past the pool's deadline, or a crash) fails the build, which
  // leaves the previous site; it is never drawn as a box or a simpler drawing, nor cached.
  @Test(arguments: [RenderError.timedOut(seconds: 600), .workerFailed(message: "killed by signal 11")])
  func aLayoutTheMachineStopsFailsTheBuildAndKeepsThePreviousSite(stop: RenderError) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = try oldAndNewTraces(in: folder)
    let site = folder.appendingPathComponent("site").path
    #expect(await flowatlas("build", old, "--output", site, "--jobs", "1").status == 0)
    let before = regularFiles(under: site)
    // Every full drawing (with its groups) is stopped; anything simpler would be drawn.
    let stopping = RenderEngine.custom { jobs in
      jobs.map { job in
        String(decoding: job.dotBytes, as: UTF8.self).contains("subgraph \"cluster_")
          ? .failure(stop)
          : Result { () throws(RenderError) in try Graphviz.render(dotBytes: job.dotBytes, format: job.format)
          }
      }
    }
    let model = try ModelBuilder().build(files: [new])
    var failure: CommandLineError?
    do {
      _ = try BuildCommand.build(
        model, into: site, notes: nil, replays: nil, baselines: [:], contracts: [],
        provider: GraphvizDiagrams(renderer: DiagramRenderer(engine: stopping)))
    } catch {
      failure = error
    }
    #expect(failure?.status == .render, "\(String(describing: failure))")
    #expect(failure?.localizedDescription.contains(stop.localizedDescription) == true)
    #expect(regularFiles(under: site) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["new", "old", "site"])
  }
}
