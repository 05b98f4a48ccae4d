import FlowAtlasBuild
import FlowAtlasImages
import FlowAtlasModel
import Foundation

/// `flowatlas-bench pictures`: what screenshots cost a build. An app of about 300 screens in 100
/// flows over 40 runs (``corpus(screens:in:)``), built twice side by side: with a `screen.image` of
/// each screen (a 1170 × 2532 PNG, an iPhone's screenshot, each different), and without. Per round:
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
      "flowatlas: \(flowatlas), \(jobs) jobs, about \(screens) screens with a 1170 × 2532 PNG each "
        + "(\(bytes / 1_000_000) MB in all), "
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
        let first = try String(contentsOfFile: "\(traces)/run-00001.jsonl", encoding: .utf8)
        try first.replacingOccurrences(of: #""run":"run-00001""#, with: #""run":"added-\#(round)""#)
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

  /// The corpus twice, with and without screenshots: a seeded app of `screens / 3` flows (2 to 4
  /// screens each, about `screens` in all) over 40 runs of 1,500 events, the `one-app` generator's
  /// navigation; with, each screen type's first showing in a run is followed by a `screen.image` of
  /// that type's picture, one file per type. Returns both folders and the pictures' bytes.
  static func corpus(screens: Int, in work: String) throws -> (with: String, without: String, bytes: Int) {
    let with = "\(work)/with", without = "\(work)/without"
    _ = try ModelBenchmark.writeCorpus(
      apps: 1, coordinators: max(1, screens / 3), events: 60_000, files: 40, seed: 3, into: without)
    let traces = try TraceInputs.files(in: [without])
    try FileManager.default.createDirectory(atPath: with + "/shots", withIntermediateDirectories: true)
    let introduced = try NSRegularExpression(pattern: #""screen":\{"id":"([^"]+)","type":"([^"]+)""#)
    var pictures: [String: String] = [:]
    var bytes = 0
    for trace in traces {
      let text = try String(contentsOfFile: trace, encoding: .utf8)
      var out: [String] = []
      var shown: Set<String> = []
      var seq = 0
      for line in text.split(separator: "\n") {
        // Renumbered: each added line takes the next `seq`.
        var line = String(line)
        if line.hasPrefix(#"{"seq":"#), let end = line.firstIndex(of: ",") {
          seq += 1
          line = #"{"seq":\#(seq)"# + line[end...]
        }
        out.append(line)
        let range = NSRange(line.startIndex..., in: line)
        guard let match = introduced.firstMatch(in: line, range: range),
          let id = Range(match.range(at: 1), in: line).map({ String(line[$0]) }),
          let type = Range(match.range(at: 2), in: line).map({ String(line[$0]) }),
          shown.insert(type).inserted
        else { continue }
        if pictures[type] == nil {
          let name = "shots/\(pad(pictures.count)).png"
          guard let png = ScreenImageFile.patternPNG(width: 1170, height: 2532, seed: pictures.count) else {
            throw BenchError.usage("libspng could not write a picture")
          }
          try Data(png).write(to: URL(fileURLWithPath: "\(with)/\(name)"))
          bytes += png.count
          pictures[type] = name
        }
        seq += 1
        out.append(
          #"{"seq":\#(seq),"event":"screen.image","screen":"\#(id)","file":"\#(pictures[type]!)","width":1170,"height":2532}"#
        )
      }
      try (out.joined(separator: "\n") + "\n").write(
        toFile: with + "/" + URL(fileURLWithPath: trace).lastPathComponent, atomically: true, encoding: .utf8)
    }
    // The same runs, flat: the added trace of each round copies the first.
    for trace in traces {
      try FileManager.default.moveItem(
        atPath: trace, toPath: without + "/" + URL(fileURLWithPath: trace).lastPathComponent)
    }
    return (with, without, bytes)
  }

  private static func pad(_ number: Int) -> String { String(format: "%03d", number) }
  private static func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
