import FlowAtlasModel
import FlowAtlasSite
import Foundation

/// Real Graphviz SVG for the sample site, from the `dot` command: the site's tests must
/// not import the renderer, but the browser tests should see what Graphviz really writes
/// (ids with `&#45;`, `class` on nodes and edges, `xlink:href` links, hard-coded black).
struct DotDiagramProvider: DiagramProvider {
  struct Failure: Error, LocalizedError {
    var errorDescription: String?
  }

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    var result: [DiagramSubject: String] = [:]
    for subject in subjects { result[subject] = try Self.run(dot(for: subject, of: app, links: links)) }
    return result
  }

  static func quote(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }

  func dot(for subject: DiagramSubject, of app: AppModel, links: DiagramLinks) -> String {
    let prefix = FakeDiagramProvider.prefix(subject, of: app)
    var out = "digraph \(Self.quote(prefix)) {\n  id=\(Self.quote(prefix)); rankdir=LR;\n"
    out += "  node [shape=box, style=rounded, fontname=\"DejaVu Sans\", fontsize=11];\n"
    out += "  edge [fontname=\"DejaVu Sans\", fontsize=9];\n"
    func screenNode(_ type: String) -> String {
      guard let screen = app.screen(type) else { return "" }
      let owner = screen.owner.flatMap { app.flow($0)?.slug }
      let url = links.screen(owner, screen.slug).map { ", URL=\(Self.quote($0))" } ?? ""
      return "  \(Self.quote("s:" + type)) [label=\(Self.quote(type)), class=\"screen\"\(url)];\n"
    }
    func edges(_ transitions: [Transition], among screens: Set<String>) -> String {
      transitions.filter { screens.contains($0.to) && ($0.from.map(screens.contains) ?? false) }.map { t in
        "  \(Self.quote("s:" + t.from!)) -> \(Self.quote("s:" + t.to)) [class=\"kind-\(t.kind.rawValue)\""
          + (t.kind.isBack ? ", style=dashed" : "")
          + (t.triggers.isEmpty ? "" : ", xlabel=\(Self.quote(t.triggers.joined(separator: ", ")))") + "];\n"
      }.joined()
    }
    switch subject {
    case .hierarchy:
      for coordinator in app.coordinators {
        let url = links.flow(coordinator.slug).map { ", URL=\(Self.quote($0))" } ?? ""
        out += "  \(Self.quote(coordinator.type)) [class=\"coordinator\"\(url)];\n"
        for child in coordinator.children {
          out += "  \(Self.quote(coordinator.type)) -> \(Self.quote(child));\n"
        }
      }
    case .appMap:
      for (index, flow) in app.flows.enumerated() where !flow.screens.isEmpty {
        out +=
          "  subgraph \(Self.quote("cluster_\(index)")) {\n  id=\(Self.quote("\(prefix)-cluster-\(index)"));"
        out += " label=\(Self.quote(flow.coordinator)); class=\"flow\";\n"
        for screen in flow.screens { out += "  " + screenNode(screen) }
        out += "  }\n"
      }
      out += edges(app.transitions, among: Set(app.screens.map(\.type)))
    case .flow(let coordinator):
      let flow = app.flow(coordinator)
      let screens = Set(
        (flow?.screens ?? [])
          + (flow.map { $0.entries + $0.exits } ?? []).flatMap { [$0.to] + ($0.from.map { [$0] } ?? []) })
      for screen in screens.sorted() { out += screenNode(screen) }
      out += edges(app.transitions, among: screens)
    case .screen(let type, _):
      let near = app.transitions.filter { $0.to == type || $0.from == type }
      let screens = Set([type] + near.flatMap { [$0.to] + ($0.from.map { [$0] } ?? []) })
      for screen in screens.sorted() { out += screenNode(screen) }
      out += edges(near, among: screens)
    case .journey(let name):
      var previous: String?
      // Wherever each run keeps its journey.
      for step in app.run(slug: name).map({ $0.journey.steps }) ?? [] {
        guard case .transition(let from, let to, let kind, _, _) = step.kind else { continue }
        out += screenNode(to)
        if let from = from ?? previous {
          out +=
            "  \(Self.quote("s:" + from)) -> \(Self.quote("s:" + to)) [class=\"kind-\(kind.rawValue)\"];\n"
        }
        previous = to
      }
    }
    return out + "}\n"
  }

  static func run(_ dot: String) throws -> String {
    let process = Process()
    // The dot of the Graphviz under test: the first on PATH.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["dot", "-Tsvg"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(dot.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw Failure(errorDescription: "dot failed on:\n\(dot)") }
    let svg = String(decoding: data, as: UTF8.self)
    guard let start = svg.range(of: "<svg") else { throw Failure(errorDescription: "dot wrote no <svg>") }
    return String(svg[start.lowerBound...])
  }
}
