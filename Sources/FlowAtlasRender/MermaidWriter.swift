import FlowAtlasBytes
import FlowAtlasModel

/// Writes a diagram as a Mermaid flowchart (no Graphviz needed), for Markdown
/// hosts that draw Mermaid themselves.
///
/// Labels are quoted and every character Mermaid or HTML gives meaning to is
/// written as a Mermaid entity (`#quot;`, `#lt;` …), so trace text stays text.
/// No `click` links: Mermaid only follows them with a loose security level.
package enum MermaidWriter {
  /// The Mermaid text of `diagram`.
  ///
  /// - Parameter diagram: A diagram from ``DiagramBuilder``.
  /// - Returns: A `flowchart` definition.
  package static func mermaid(_ diagram: Diagram) -> String { mermaid(diagram.graph) }

  static func mermaid(_ graph: DiagramGraph) -> String {
    var out = "flowchart \(graph.direction.rawValue)\n"
    if let caption = graph.caption {
      // A comment runs to the end of the line: flatten it so nothing escapes it.
      out += "  %% " + caption.map { $0.isNewline ? " " : $0 }.map(String.init).joined() + "\n"
    }
    var classes: [String: [String]] = [:]
    func node(_ node: DiagramGraph.Node, indent: String) {
      let (open, close) = shape(node.role)
      out += "\(indent)\(identifier(node.id))\(open)\"\(quoted(node.label))\"\(close)\n"
      for name in node.classes { classes[name, default: []].append(identifier(node.id)) }
    }
    for cluster in graph.clusters {
      out += "  subgraph \(identifier(cluster.id))[\"\(quoted(cluster.label))\"]\n"
      for member in cluster.nodes { node(member, indent: "    ") }
      out += "  end\n"
    }
    for member in graph.nodes { node(member, indent: "  ") }
    for edge in graph.edges where edge.role != .invisible {
      let label = edge.xlabel.map { "|\"\(quoted($0))\"|" } ?? ""
      out += "  \(identifier(edge.from)) \(arrow(edge.role))\(label) \(identifier(edge.to))\n"
    }
    for (name, style) in classStyles where classes[name] != nil {
      out += "  classDef \(name) \(style)\n"
      out += "  class \(classes[name]!.joined(separator: ",")) \(name)\n"
    }
    return out
  }

  private static let classStyles: [(String, String)] = [
    ("entry", "stroke-width:3px"), ("neighbour", "stroke-dasharray:4 3"),
    ("leaked", "fill:#ffebe9,stroke:#cf222e"), ("root", "stroke-width:3px"),
    ("step", "fill:#fff8c5,stroke:#9a6700"),
    ("diff-added", "fill:#dafbe1,stroke:#1a7f37,color:#044f1e,stroke-width:2px"),
    ("diff-removed", "fill:#ffebe9,stroke:#cf222e,color:#82071e,stroke-dasharray:4 3"),
    ("diff-changed", "fill:#fff8c5,stroke:#9a6700,color:#4d2d00"),
  ]

  /// Mermaid ids must not contain `-` next to arrows; ours are slugs, so `_` is safe.
  static func identifier(_ id: String) -> String {
    "n_" + id.replacingOccurrences(of: "-", with: "_")
  }

  private static func shape(_ role: DiagramGraph.NodeRole) -> (String, String) {
    switch role {
    case .screen, .entryScreen, .coordinator, .rootCoordinator, .leakedCoordinator, .text, .diffScreen:
      ("[", "]")
    case .neighbour: ("([", "])")
    case .start, .point: ("((", "))")
    case .childFlow: ("[[", "]]")
    case .step: ("(", ")")
    }
  }

  private static func arrow(_ role: DiagramGraph.EdgeRole) -> String {
    switch role {
    case .transition(.push): "-->"
    case .transition(.present): "-.->"
    case .transition(.setRoot): "==>"
    case .transition(.selectTab): "--o"
    case .transition(.pop), .transition(.popTo), .transition(.popToRoot), .transition(.dismiss): "-.-x"
    case .systemTransition(.selectTab): "-.-o"
    case .systemTransition: "-.->"
    case .startsChild: "-.-o"
    case .invisible: "~~~"
    case .diffTransition(_, .removed): "-.->"
    case .diffTransition(_, .added): "==>"
    case .diffTransition: "-->"
    }
  }

  /// ``escape(_:)``, and a space for an empty text: Mermaid refuses `""` (a legend's unlabelled
  /// node, a screen type recorded as `""`).
  static func quoted(_ text: String) -> String {
    text.isEmpty ? " " : escape(text)
  }

  /// `text` for a quoted Mermaid label: Mermaid entities for everything with a
  /// meaning, `<br/>` for our own line breaks, control characters as spaces.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "#quot;"
      case "&": out += "#amp;"
      case "<": out += "#lt;"
      case ">": out += "#gt;"
      case "#": out += "#35;"
      case "|": out += "#124;"
      case "`": out += "#96;"
      case ";": out += "#59;"
      case "\n": out += "<br/>"
      default:
        if Printable.isControl(scalar) {
          out += " "
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
