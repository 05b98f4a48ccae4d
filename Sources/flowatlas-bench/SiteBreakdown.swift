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
    let svgs: [String: [DiagramSubject: String]]

    func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
      -> [DiagramSubject: String]
    {
      svgs[app.name] ?? [:]
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

  func run(ingest: Double) throws {
    let renderer = DiagramRenderer(
      engine: .pool(RenderPool(executable: flowatlas, workers: jobs)), options: DiagramOptions())
    var svgs: [String: [DiagramSubject: String]] = [:]
    let subjects = model.apps.map(DiagramSubject.all(of:))
    // DOT text alone, timed apart: the renderer builds it again (on its render threads, each
    // diagram just before its layout) inside the next stage.
    let dot = try timed {
      for (app, subjects) in zip(model.apps, subjects) {
        for subject in subjects { _ = try DiagramBuilder.diagram(for: subject, of: app, links: .site).dot }
      }
    }
    let drawing = try timed {
      for (app, subjects) in zip(model.apps, subjects) {
        svgs[app.name] = try renderer.svgs(for: subjects, of: app, links: .site)
      }
    }
    let svgBytes = svgs.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.utf8.count } }
    let site = "\(work)/site-breakdown"
    try? FileManager.default.removeItem(atPath: site)
    let builder = SiteBuilder(model: model, diagrams: Predrawn(svgs: svgs))
    var summary: SiteSummary?
    let pages = try timed { summary = try builder.build(into: URL(fileURLWithPath: site)) }
    let written = Self.folderBytes(site)
    var again: SiteSummary?
    let reused = try timed { again = try builder.build(into: URL(fileURLWithPath: site)) }

    SiteBenchmark.say("")
    SiteBenchmark.say("breakdown (in-process, one run):")
    SiteBenchmark.say("| stage | wall s | CPU s of this process |")
    SiteBenchmark.say("|---|---:|---:|")
    SiteBenchmark.say("| ingest: ModelBuilder with journeys | \(SiteBenchmark.format(ingest)) | |")
    SiteBenchmark.say(
      "| DOT text alone: DiagramBuilder + Diagram.dot, serial (done again inside the next row) | "
        + "\(SiteBenchmark.format(dot.wall)) | \(SiteBenchmark.format(dot.cpu)) |")
    SiteBenchmark.say(
      "| diagrams: DiagramRenderer.svgs over a RenderPool of \(jobs) workers, "
        + "\(svgs.values.reduce(0) { $0 + $1.count }) SVGs, \(svgBytes / 1_000_000) MB | "
        + "\(SiteBenchmark.format(drawing.wall)) | \(SiteBenchmark.format(drawing.cpu)) (workers not counted) |"
    )
    SiteBenchmark.say(
      "| pages + write, diagrams given: SiteBuilder.build, \(summary?.pages.count ?? 0) pages, "
        + "\(written / 1_000_000) MB written | \(SiteBenchmark.format(pages.wall)) | \(SiteBenchmark.format(pages.cpu)) |"
    )
    SiteBenchmark.say(
      "| same again over that site, unchanged (\(again?.diagramsReused ?? 0) diagrams reused, \(again?.unchanged == true ? "returned early: unchanged" : "written again")) | "
        + "\(SiteBenchmark.format(reused.wall)) | \(SiteBenchmark.format(reused.cpu)) |")
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
