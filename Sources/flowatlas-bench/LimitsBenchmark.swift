import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite
import Foundation

/// `flowatlas-bench limits` and `flowatlas-bench flows`: what bounds a build's time and space,
/// measured from the outside on the real `flowatlas`.
///
/// - `limits`: the diagram shapes that cost Graphviz most for their size, at and past the sizes
///   ``DiagramRenderer/admits(_:)`` allows, each drawn by `flowatlas render` (a render worker)
///   under the usual 8 MB stack limit: its size as measured before layout, whether it was drawn
///   or refused, wall time and peak memory of the whole process tree. Run it under each Graphviz.
/// - `flows`: a site of one app of `--flows N` flows (8,000 by default: a 0.8 MB trace) built,
///   its time, peak memory and size; then one of `--refused N` (100,000) refused.
enum LimitsBenchmark {
  /// One shape: a trace of one run, the diagram of it that is measured.
  struct Shape {
    var name: String
    var diagram: String
    var lines: [String]
  }

  /// `limits [--work DIR] [--flowatlas PATH]`.
  static func limits(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    let flowatlas = options.values["flowatlas"] ?? SiteBenchmark.siblingExecutable("flowatlas")
    let work = options.values["work"] ?? NSTemporaryDirectory() + "flowatlas-bench-limits"
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    SiteBenchmark.say(
      "Graphviz \(Graphviz.version); limits: \(DiagramRenderer.maximumLayoutNodes) boxes, "
        + "\(DiagramRenderer.maximumLayoutEdges) lines, \(DiagramRenderer.maximumLayoutCrossings) crossings")
    SiteBenchmark.say("| shape | boxes | lines | crossings | drawn | seconds | peak MB |")
    SiteBenchmark.say("|---|---:|---:|---:|---|---:|---:|")
    for shape in shapes() {
      let trace = "\(work)/\(shape.name).jsonl"
      try Data((shape.lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: trace))
      let model = ModelBuilder(workers: 1).build(traces: [
        (trace, Array(try Data(contentsOf: URL(fileURLWithPath: trace))))
      ])
      guard let app = model.apps.first else { throw BenchError.usage("\(shape.name): no app") }
      let subject: DiagramSubject =
        shape.diagram == "hierarchy"
        ? .hierarchy
        : shape.diagram == "app" ? .appMap : .flow(coordinator: String(shape.diagram.dropFirst(5)))
      let size = try DiagramBuilder.diagram(for: subject, of: app).layoutSize
      let output = "\(work)/\(shape.name).svg"
      let outcome = try TimedChild(
        executable: "/usr/bin/prlimit",
        arguments: [
          "--stack=\(8 << 20)", flowatlas, "render", trace, "--diagram", shape.diagram, "--format", "svg",
          "--output", output,
        ], errors: "\(work)/\(shape.name).log"
      ).run()
      let svg = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      let drawn =
        outcome.status != 0 ? "failed (\(outcome.status))" : svg.contains("Diagram not drawn") ? "box" : "yes"
      SiteBenchmark.say(
        "| \(shape.name) | \(size.boxes) | \(size.lines) | \(size.crossings) | \(drawn) | "
          + "\(SiteBenchmark.format(outcome.seconds)) | \(outcome.treePeakKB / 1024) |")
    }
    return 0
  }

  /// The shapes, as traces: one coordinator `c1` unless said.
  static func shapes() -> [Shape] {
    func header(_ name: String) -> String {
      #"{"flowatlas":"trace","version":1,"app":"Limits","run":"\#(name)"}"#
    }
    func event(_ seq: Int, _ body: String) -> String { #"{"seq":\#(seq),\#(body)}"# }
    func show(_ seq: Int, _ kind: String, _ screen: String, by coordinator: String = "c1") -> String {
      event(
        seq,
        #""event":"router.\#(kind)","coordinator":"\#(coordinator)","screen":{"id":"s\#(seq)","type":"\#(screen)"}"#
      )
    }
    let start = #""event":"coordinator.start","coordinator":"c1","type":"LimitsCoordinator""#
    var shapes: [Shape] = []
    // A chain of pushes, as many boxes as are admitted.
    var chain = [header("chain"), event(1, start)]
    for index in 0..<1_499 {
      chain.append(show(chain.count, index == 0 ? "setRoot" : "push", "Screen\(index)"))
    }
    shapes.append(Shape(name: "chain-1500", diagram: "flow:LimitsCoordinator", lines: chain))
    // A root starting as many child flows: the hierarchy is a star.
    var star = [header("star"), event(1, start)]
    for index in 1..<1_500 {
      star.append(
        event(
          star.count,
          #""event":"coordinator.start","coordinator":"c\#(index + 1)","type":"Child\#(index)Coordinator","parent":"c1""#
        ))
    }
    shapes.append(Shape(name: "star-1500", diagram: "hierarchy", lines: star))
    // Three rows: a root presents lists, each list pushes details (as many lines as admitted).
    for (lists, perList) in [(500, 5), (500, 7)] {
      var rows = [header("rows"), event(1, start), show(2, "setRoot", "Root")]
      var random = SeededRandom(seed: 47)
      for list in 0..<lists {
        rows.append(show(rows.count, "present", "List\(list)"))
        for _ in 0..<perList {
          rows.append(show(rows.count, "push", "Detail\(Int.random(in: 0..<1_000, using: &random))"))
          rows.append(event(rows.count, #""event":"router.pop","coordinator":"c1""#))
        }
        rows.append(event(rows.count, #""event":"router.dismiss","coordinator":"c1""#))
      }
      shapes.append(Shape(name: "rows-\(lists)x\(perList)", diagram: "flow:LimitsCoordinator", lines: rows))
    }
    // Random transitions among a flow's screens: the most crossings for the fewest boxes.
    for (screens, transitions) in [(100, 180), (110, 200), (120, 220), (150, 450), (250, 500)] {
      var random = SeededRandom(seed: UInt64(screens * 1_000 + transitions))
      var tangle = [header("tangle"), event(1, start)]
      for _ in 0..<(transitions / 2) {
        for kind in ["setRoot", "push"] {
          tangle.append(show(tangle.count, kind, "Screen\(Int.random(in: 0..<screens, using: &random))"))
        }
      }
      shapes.append(
        Shape(name: "tangle-\(screens)-\(transitions)", diagram: "flow:LimitsCoordinator", lines: tangle))
    }
    return shapes
  }
}

extension LimitsBenchmark {
  /// `flows [--flows N] [--refused N] [--work DIR] [--flowatlas PATH] [--jobs N]`.
  static func flows(_ arguments: [String]) throws -> Int32 {
    let options = try Options(arguments)
    let flowatlas = options.values["flowatlas"] ?? SiteBenchmark.siblingExecutable("flowatlas")
    let work = options.values["work"] ?? NSTemporaryDirectory() + "flowatlas-bench-flows"
    let jobs = options.int("jobs", default: 2)
    try? FileManager.default.removeItem(atPath: work)
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    for (count, expectsRefusal) in [
      (options.int("flows", default: 8_000), false), (options.int("refused", default: 100_000), true),
    ] {
      let trace = "\(work)/flows-\(count).jsonl"
      var lines = [
        #"{"flowatlas":"trace","version":1,"app":"Big","run":"many-flows"}"#,
        #"{"seq":1,"event":"coordinator.start","coordinator":"c0","type":"AppCoordinator"}"#,
      ]
      for index in 1..<count {
        lines.append(
          #"{"seq":\#(index + 1),"event":"coordinator.start","coordinator":"c\#(index)","type":"Flow\#(index)Coordinator","parent":"c0"}"#
        )
      }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: trace))
      let traceBytes = (try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
      let site = "\(work)/site-\(count)"
      let log = "\(work)/build-\(count).log"
      let outcome = try TimedChild(
        executable: flowatlas, arguments: ["build", trace, "--output", site, "--jobs", "\(jobs)"], errors: log
      ).run()
      let (apparent, disk) = sizes(of: site)
      let said = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").last ?? ""
      SiteBenchmark.say(
        "\(count) flows (a \(traceBytes / 1024) KB trace): exit \(outcome.status) in "
          + "\(SiteBenchmark.format(outcome.seconds)) s, peak \(outcome.treePeakKB / 1024) MB (process tree), site "
          + "\(apparent >> 20) MB of files, \(disk >> 20) MB on disk"
          + (expectsRefusal ? "; said: \(said)" : ""))
    }
    return 0
  }

  /// The bytes of every file under `folder`, and the blocks they take on disk (hard links once).
  static func sizes(of folder: String) -> (apparent: Int, disk: Int) {
    var apparent = 0
    var disk = 0
    var seen: Set<UInt64> = []
    for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
      var info = stat()
      guard lstat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        seen.insert(UInt64(info.st_ino)).inserted
      else { continue }
      apparent += Int(info.st_size)
      disk += Int(info.st_blocks) * 512
    }
    return (apparent, disk)
  }
}
