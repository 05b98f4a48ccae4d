import FlowAtlasImages
import Foundation

/// `flowatlas-bench pictures`: what screenshots cost a build. An app of 300 screens over 30 runs,
/// built twice side by side: with a `screen.image` of each screen's first showing (a 1170 × 2532
/// PNG, an iPhone's screenshot, each different), and without. Per round:
///
/// - a full build of each into a fresh folder: the goal is that pictures add at most 0.25×;
/// - one more trace added to each, and the sites built again: no picture changed, so the goal is
///   that they add nothing.
enum PicturesBenchmark {
  /// `pictures [--rounds N] [--jobs N] [--screens N] [--work DIR] [--flowatlas PATH]`.
  static func run(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    let flowatlas = options.values["flowatlas"] ?? SiteBenchmark.siblingExecutable("flowatlas")
    let rounds = max(1, options.int("rounds", default: 3))
    let jobs = max(1, options.int("jobs", default: 2))
    let screens = max(10, options.int("screens", default: 300))
    let work = options.values["work"] ?? NSTemporaryDirectory() + "flowatlas-bench-pictures"
    try? FileManager.default.removeItem(atPath: work)
    let (with, without, bytes) = try corpus(screens: screens, in: work)
    SiteBenchmark.say(
      "flowatlas: \(flowatlas), \(jobs) jobs, \(screens) screens with a \(bytes / screens / 1000) kB PNG each, "
        + "\(rounds) rounds, work \(work)")
    var full: [(with: Double, without: Double)] = []
    var rebuild: [(with: Double, without: Double)] = []
    for round in 1...rounds {
      var times: [String: Double] = [:]
      for (name, traces) in [("without", without), ("with", with)] {
        let site = "\(work)/site-\(name)"
        times["full " + name] =
          try GoalsBenchmark.checkedBuild(flowatlas, traces, output: site, jobs: jobs, work: work).seconds
        let added = "\(traces)/added-\(round).jsonl"
        let first = try String(contentsOfFile: "\(traces)/run-000.jsonl", encoding: .utf8)
        try first.replacingOccurrences(of: #""run":"run-000""#, with: #""run":"added-\#(round)""#)
          .write(toFile: added, atomically: true, encoding: .utf8)
        let outcome = try TimedChild(
          executable: flowatlas, arguments: ["build", traces, "--output", site, "--jobs", "\(jobs)"],
          errors: "\(work)/build.log"
        ).run()
        times["rebuild " + name] =
          try SiteBenchmark.checked(outcome, "flowatlas build \(traces) again", log: "\(work)/build.log")
          .seconds
        try FileManager.default.removeItem(atPath: added)
      }
      full.append((times["full with"]!, times["full without"]!))
      rebuild.append((times["rebuild with"]!, times["rebuild without"]!))
      SiteBenchmark.say(
        "round \(round): full \(f(times["full with"]!)) s with pictures, \(f(times["full without"]!)) s without; "
          + "one more trace \(f(times["rebuild with"]!)) s with, \(f(times["rebuild without"]!)) s without")
    }
    let fullAdded = SiteBenchmark.median(full.map { ($0.with - $0.without) / $0.without })
    let rebuildAdded = SiteBenchmark.median(rebuild.map { ($0.with - $0.without) / $0.without })
    SiteBenchmark.say("")
    SiteBenchmark.say("| what | with pictures | without | added | goal |")
    SiteBenchmark.say("|---|---|---|---|---|")
    SiteBenchmark.say(
      "| full build | \(f(SiteBenchmark.median(full.map(\.with)))) s | \(f(SiteBenchmark.median(full.map(\.without)))) s "
        + "| \(f(fullAdded))× | ≤ 0.25× |")
    SiteBenchmark.say(
      "| one more trace | \(f(SiteBenchmark.median(rebuild.map(\.with)))) s | "
        + "\(f(SiteBenchmark.median(rebuild.map(\.without)))) s | \(f(rebuildAdded))× | none |")
    return 0
  }

  /// The corpus twice, with and without screenshots; returns both folders and the pictures' bytes.
  static func corpus(screens: Int, in work: String) throws -> (with: String, without: String, bytes: Int) {
    let with = "\(work)/with", without = "\(work)/without"
    for folder in [with + "/shots", without] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    var bytes = 0
    let perRun = 10
    for run in 0..<((screens + perRun - 1) / perRun) {
      var plain = [#"{"flowatlas":"trace","version":1,"app":"Pictures","run":"run-\#(pad(run))"}"#]
      plain.append(#"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator"}"#)
      var pictured = plain
      for index in (run * perRun)..<min(screens, (run + 1) * perRun) {
        let event = index == run * perRun ? "router.setRoot" : "router.push"
        let line =
          #"{"seq":\#(plain.count),"event":"\#(event)","coordinator":"c1","screen":{"id":"s\#(index)","type":"Screen\#(pad(index))ViewController"}}"#
        plain.append(line)
        pictured.append(
          line.replacingOccurrences(of: #""seq":\#(plain.count - 1)"#, with: #""seq":\#(pictured.count)"#))
        pictured.append(
          #"{"seq":\#(pictured.count),"event":"screen.image","screen":"s\#(index)","file":"shots/s\#(pad(index)).png","width":1170,"height":2532}"#
        )
        guard let png = ScreenImageFile.patternPNG(width: 1170, height: 2532, seed: index) else {
          throw BenchError.usage("libvips could not write a picture")
        }
        try Data(png).write(to: URL(fileURLWithPath: "\(with)/shots/s\(pad(index)).png"))
        bytes += png.count
      }
      try (plain.joined(separator: "\n") + "\n").write(
        toFile: "\(without)/run-\(pad(run)).jsonl", atomically: true, encoding: .utf8)
      try (pictured.joined(separator: "\n") + "\n").write(
        toFile: "\(with)/run-\(pad(run)).jsonl", atomically: true, encoding: .utf8)
    }
    return (with, without, bytes)
  }

  private static func pad(_ number: Int) -> String { String(format: "%03d", number) }
  private static func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
