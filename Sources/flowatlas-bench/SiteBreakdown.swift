import FlowAtlasBuild
import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where a site build's time goes, stage by stage, in this process: ingest, diagrams drawn by
/// the same worker pool `flowatlas build` uses, then pages and writing with the diagrams
/// already drawn (fresh folder, then again over it so the cached diagrams are reused).
struct SiteBreakdown {
  /// Hands the site diagrams drawn beforehand, so that only the site's own work is timed.
  struct Predrawn: DiagramProvider {
    let svgs: [String: [DiagramSubject: [UInt8]]]

    init(svgs: [String: [DiagramSubject: String]]) {
      self.svgs = svgs.mapValues { $0.mapValues { Array($0.utf8) } }
    }

    func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
      -> [DiagramSubject: String]
    {
      (svgs[app.name] ?? [:]).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands the bytes over as the worker pool does, without a copy per diagram.
    func draw(
      _ requests: [DiagramRequest], links: DiagramLinks, deliver: @Sendable (Int, [UInt8]) -> Void
    ) throws {
      for (index, request) in requests.enumerated() {
        if let svg = svgs[request.app.name]?[request.subject] { deliver(index, svg) }
      }
    }
  }

  let model: NavigationModel
  let flowatlas: String
  let jobs: Int
  let work: String

  /// Wall seconds and this process's CPU seconds (user + system) of `body`.
  private func timed(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    let cpuBefore = Self.cpuSeconds()
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, Self.cpuSeconds() - cpuBefore)
  }

  static func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// Times each stage `repeats` times (the drawing once: it is the slow one) and reports the
  /// medians: the stages are short enough that this machine's drift shows in a single run.
  func run(files: [String], repeats: Int) throws {
    let renderer = DiagramRenderer(
      engine: .pool(RenderPool(executable: flowatlas, workers: jobs)), options: DiagramOptions())
    var svgs: [String: [DiagramSubject: String]] = [:]
    let subjects = model.apps.map(DiagramSubject.all(of:))
    let drawing = try timed {
      for (app, subjects) in zip(model.apps, subjects) {
        svgs[app.name] = try renderer.svgs(for: subjects, of: app, links: .site)
      }
    }
    let svgBytes = svgs.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.utf8.count } }
    let site = "\(work)/site-breakdown"
    let builder = SiteBuilder(model: model, diagrams: Predrawn(svgs: svgs))
    var ingest: [(wall: Double, cpu: Double)] = []
    var dot: [(wall: Double, cpu: Double)] = []
    var pages: [(wall: Double, cpu: Double)] = []
    var reused: [(wall: Double, cpu: Double)] = []
    var summary: SiteSummary?
    var again: SiteSummary?
    for _ in 0..<repeats {
      ingest.append(
        try timed { _ = try ModelBuilder(keepsJourneys: true, workers: jobs).build(files: files) })
      // DOT text alone, timed apart: the renderer builds it again (on its render threads, each
      // diagram just before its layout) inside the drawing stage.
      dot.append(
        try timed {
          for (app, subjects) in zip(model.apps, subjects) {
            for subject in subjects {
              _ = try DiagramBuilder.diagram(for: subject, of: app, links: .site).dot
            }
          }
        })
      try? FileManager.default.removeItem(atPath: site)
      pages.append(try timed { summary = try builder.build(into: URL(fileURLWithPath: site)) })
      reused.append(try timed { again = try builder.build(into: URL(fileURLWithPath: site)) })
    }
    let written = Self.folderBytes(site)
    func cells(_ times: [(wall: Double, cpu: Double)]) -> String {
      "\(SiteBenchmark.format(SiteBenchmark.median(times.map(\.wall)))) | "
        + "\(SiteBenchmark.format(SiteBenchmark.median(times.map(\.cpu))))"
    }

    SiteBenchmark.say("")
    SiteBenchmark.say("breakdown (in-process; median of \(repeats), the drawing run once):")
    SiteBenchmark.say("| stage | wall s | CPU s of this process |")
    SiteBenchmark.say("|---|---:|---:|")
    SiteBenchmark.say("| ingest: ModelBuilder with journeys, \(jobs) workers | \(cells(ingest)) |")
    SiteBenchmark.say(
      "| DOT text alone: DiagramBuilder + Diagram.dot, serial (done again inside the next row) | "
        + "\(cells(dot)) |")
    SiteBenchmark.say(
      "| diagrams: DiagramRenderer.svgs over a RenderPool of \(jobs) workers, "
        + "\(svgs.values.reduce(0) { $0 + $1.count }) SVGs, \(svgBytes / 1_000_000) MB | "
        + "\(cells([drawing])) (workers not counted) |"
    )
    SiteBenchmark.say(
      "| pages + write, diagrams given: SiteBuilder.build, \(summary?.pages.count ?? 0) pages, "
        + "\(written / 1_000_000) MB written | \(cells(pages)) |"
    )
    SiteBenchmark.say(
      "| same again over that site, unchanged (\(again?.diagramsReused ?? 0) diagrams reused, "
        + "\(again?.unchanged == true ? "returned early: unchanged" : "written again")) | \(cells(reused)) |")
  }

  static func folderBytes(_ path: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
    var total = 0
    while let name = walker.nextObject() as? String {
      if let size = walker.fileAttributes?[.size] as? Int,
        walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular
      {
        total += size
      }
      _ = name
    }
    return total
  }
}
