import Dispatch
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasSite
import Foundation
import Testing

/// Draws Graphviz-shaped SVG without Graphviz: ids prefixed per diagram, `node screen`
/// and `edge kind-…` classes, `<a xlink:href>` links from ``DiagramLinks``, black strokes,
/// escaped labels, comments. Counts its calls so tests can see the cache at work.
final class FakeDiagramProvider: DiagramProvider {
  private let calls = Lock(0)
  var callCount: Int { calls.withLock { $0 } }
  let identity: String

  init(identity: String = "fake-1") {
    self.identity = identity
  }

  var cacheIdentity: String { identity }

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    calls.withLock { $0 += 1 }
    var result: [DiagramSubject: String] = [:]
    for subject in subjects { result[subject] = Self.svg(for: subject, of: app, links: links) }
    return result
  }

  static func prefix(_ subject: DiagramSubject, of app: AppModel) -> String {
    switch subject {
    case .appMap: "app-map"
    case .hierarchy: "hierarchy"
    case .flow(let coordinator): "flow-\(app.flow(coordinator)?.slug ?? "x")"
    case .journey(let run): "journey-\(app.run(slug: run)?.slug ?? "x")"
    case .screen(let type, _): "screen-\(app.screen(type)?.slug ?? "x")"
    }
  }

  static func escape(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;").replacing("-", with: "&#45;")
  }

  static func svg(for subject: DiagramSubject, of app: AppModel, links: DiagramLinks) -> String {
    let prefix = prefix(subject, of: app)
    var nodes: [(label: String, link: String?, cls: String)] = []
    switch subject {
    case .hierarchy:
      nodes = app.coordinators.map { ($0.type, links.flow($0.slug), "coordinator") }
    case .journey(let name):
      var seen: Set<String> = []
      // Wherever each run keeps its journey.
      for step in app.run(slug: name).map({ $0.journey.steps }) ?? [] {
        guard case .transition(_, let to, _, _, _) = step.kind, seen.insert(to).inserted,
          let screen = app.screen(to)
        else { continue }
        let owner = screen.owner.flatMap { app.flow($0)?.slug }
        nodes.append((screen.type, links.screen(owner, screen.slug), "screen"))
      }
    case .appMap:
      nodes = app.screens.map { screen in
        let owner = screen.owner.flatMap { app.flow($0)?.slug }
        return (screen.type, links.screen(owner, screen.slug), "screen")
      }
    case .screen(let type, _):
      let near = app.transitions.filter { $0.to == type || $0.from == type }.flatMap {
        [$0.to] + ($0.from.map { [$0] } ?? [])
      }
      nodes = Set(near + [type]).sorted().compactMap { app.screen($0) }.map { screen in
        (screen.type, links.screen(screen.owner.flatMap { app.flow($0)?.slug }, screen.slug), "screen")
      }
    case .flow(let coordinator):
      let flow = app.flow(coordinator)
      nodes = (flow?.screens ?? []).compactMap { app.screen($0) }.map { screen in
        (screen.type, links.screen(flow?.slug, screen.slug), "screen")
      }
      nodes += (flow?.children ?? []).compactMap { app.coordinator($0) }.map {
        ($0.type, links.flow($0.slug), "coordinator")
      }
    }
    let height = max(1, nodes.count) * 72 + 8
    var svg = """
      <svg width="260pt" height="\(height)pt" viewBox="0.00 0.00 260.00 \(height).00" \
      xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <g id="\(prefix)_graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 \(height - 4))">
      <title>\(escape(prefix))</title>
      <polygon fill="white" stroke="transparent" points="-4,4 -4,-\(height) 256,-\(height) 256,4 -4,4"/>

      """
    for (index, node) in nodes.enumerated() {
      let y = -(index * 72 + 36)
      svg +=
        "<!-- \(escape(node.label)) -->\n<g id=\"\(prefix)_node\(index + 1)\" class=\"node \(node.cls)\">"
      svg += "<title>\(escape(node.label))</title>\n"
      if let link = node.link {
        svg +=
          "<g id=\"a_\(prefix)_node\(index + 1)\"><a xlink:href=\"\(link)\" xlink:title=\"\(escape(node.label))\">\n"
      }
      svg += "<ellipse fill=\"none\" stroke=\"black\" cx=\"126\" cy=\"\(y)\" rx=\"120\" ry=\"18\"/>\n"
      svg +=
        "<text text-anchor=\"middle\" x=\"126\" y=\"\(y + 4)\" font-family=\"Times,serif\" font-size=\"14.00\">"
      svg += "\(escape(node.label))</text>\n"
      if node.link != nil { svg += "</a>\n</g>\n" }
      svg += "</g>\n"
      if index > 0 {
        svg +=
          "<g id=\"\(prefix)_edge\(index)\" class=\"edge kind-push\"><title>\(escape(nodes[index - 1].label))&#45;&gt;"
        svg += "\(escape(node.label))</title>\n"
        svg +=
          "<path fill=\"none\" stroke=\"black\" d=\"M126,\(y + 54)C126,\(y + 46) 126,\(y + 38) 126,\(y + 28)\"/>\n"
        svg +=
          "<polygon fill=\"black\" stroke=\"black\" points=\"129.5,\(y + 28) 126,\(y + 18) 122.5,\(y + 28) 129.5,\(y + 28)\"/>\n"
        svg += "</g>\n"
      }
    }
    svg += "</g>\n</svg>\n"
    return svg
  }
}

/// A provider that always fails, as a crashed Graphviz worker would.
struct FailingDiagramProvider: DiagramProvider {
  struct Failure: Error, LocalizedError {
    var errorDescription: String? { "Graphviz: trouble in init_rank" }
  }

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    throw Failure()
  }
}

/// A provider that returns the same given SVG for every subject.
struct FixedDiagramProvider: DiagramProvider {
  var svg: String

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    Dictionary(uniqueKeysWithValues: subjects.map { ($0, svg) })
  }
}

/// Draws like ``FakeDiagramProvider`` but through the streaming ``DiagramProvider/draw``,
/// delivering from several threads at once in reverse order, as a pool of workers would
/// (finished out of order), and leaving out the subjects in `skipping`.
struct ConcurrentDiagramProvider: DiagramProvider {
  var skipping: Set<DiagramSubject> = []
  /// Fails after this many deliveries, as a worker pool whose last fallback failed.
  var failingAfter: Int?

  var cacheIdentity: String { "fake-1" }

  func diagrams(for subjects: [DiagramSubject], of app: AppModel, links: DiagramLinks) throws
    -> [DiagramSubject: String]
  {
    Issue.record("the site should draw through draw(_:links:deliver:)")
    return [:]
  }

  func draw(
    _ requests: [DiagramRequest], links: DiagramLinks, deliver: @Sendable (Int, DrawnDiagram) -> Void
  ) throws {
    let delivered = Lock(0)
    DispatchQueue.concurrentPerform(iterations: requests.count) { step in
      let index = requests.count - 1 - step
      let request = requests[index]
      guard !skipping.contains(request.subject) else { return }
      if let failingAfter, delivered.fetchAndIncrement() + 1 > failingAfter { return }
      let svg = FakeDiagramProvider.svg(for: request.subject, of: request.app, links: links)
      deliver(index, DrawnDiagram(svg: Array(svg.utf8)))
    }
    if failingAfter != nil { throw FailingDiagramProvider.Failure() }
  }
}
