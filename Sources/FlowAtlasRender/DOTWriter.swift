/// Writes a ``DiagramGraph`` as DOT text for Graphviz.
///
/// Every value is quoted and escaped: hostile text can only ever be a label or
/// tooltip (which Graphviz escapes again for SVG), never an attribute, a link or
/// an id. Edges use `xlabel`, never `label`: edge labels make `dot` slow and
/// crash `gvFreeLayout` in Graphviz 2.42.
enum DOTWriter {
  static func dot(_ graph: DiagramGraph) -> String {
    var out = "digraph \(quote(graph.id)) {\n"
    var graphAttributes: [(String, String)] = [
      ("id", graph.id), ("class", "flowatlas \(graph.kind)"), ("rankdir", graph.direction.rawValue),
      ("fontname", DiagramStyle.font), ("fontsize", "12"), ("bgcolor", "transparent"),
      ("nodesep", "0.3"), ("ranksep", "0.45"),
    ]
    if let caption = graph.caption {
      graphAttributes += [("label", caption), ("labelloc", "b"), ("labeljust", "l")]
    }
    out += "  graph \(list(graphAttributes));\n"
    out += "  node \(list([("fontname", DiagramStyle.font), ("fontsize", "11")]));\n"
    out += "  edge \(list([("fontname", DiagramStyle.font), ("fontsize", "9"), ("arrowsize", "0.7")]));\n"
    for cluster in graph.clusters {
      out += "  subgraph \(quote("cluster_" + cluster.id)) {\n"
      var attributes: [(String, String)] = [
        ("id", cluster.id), ("class", cluster.classes.joined(separator: " ")), ("label", cluster.label),
        ("style", "rounded"), ("color", "#57606a"), ("fontcolor", "#24292f"),
      ]
      if let tooltip = cluster.tooltip { attributes.append(("tooltip", tooltip)) }
      if let link = DiagramText.safeLink(cluster.link) { attributes.append(("URL", link)) }
      out += "    graph \(list(attributes));\n"
      for node in cluster.nodes { out += "    " + statement(node) }
      out += "  }\n"
    }
    for node in graph.nodes { out += "  " + statement(node) }
    for edge in graph.edges { out += "  " + statement(edge) }
    out += "}\n"
    return out
  }

  private static func statement(_ node: DiagramGraph.Node) -> String {
    var attributes: [(String, String)] = [
      ("id", node.id), ("class", node.classes.joined(separator: " ")), ("label", node.label),
    ]
    attributes += DiagramStyle.attributes(for: node.role)
    if let tooltip = node.tooltip { attributes.append(("tooltip", tooltip)) }
    if let link = DiagramText.safeLink(node.link) { attributes.append(("URL", link)) }
    return "\(quote(node.id)) \(list(attributes));\n"
  }

  private static func statement(_ edge: DiagramGraph.Edge) -> String {
    var attributes: [(String, String)] = [("id", edge.id), ("class", edge.classes.joined(separator: " "))]
    attributes += DiagramStyle.attributes(for: edge.role)
    attributes.append(("penwidth", DiagramStyle.penwidth(count: edge.count)))
    if let xlabel = edge.xlabel { attributes.append(("xlabel", xlabel)) }
    if let tooltip = edge.tooltip { attributes.append(("tooltip", tooltip)) }
    return "\(quote(edge.from)) -> \(quote(edge.to)) \(list(attributes));\n"
  }

  private static func list(_ attributes: [(String, String)]) -> String {
    "[" + attributes.map { "\($0.0)=\(quote($0.1, tooltip: $0.0 == "tooltip"))" }.joined(separator: ", ")
      + "]"
  }

  /// `text` as a DOT quoted string: `"` and `\` escaped, a line break as
  /// Graphviz's centred `\n`, other control characters (invalid in SVG's XML)
  /// as spaces.
  ///
  /// Graphviz 2.42 expands `\N`, `\G`, `\E` … in tooltips even after an
  /// escaped backslash (`\\N` shows the node's name), so in a tooltip a
  /// backslash is written as the look-alike `⧵` (U+29F5).
  static func quote(_ text: String, tooltip: Bool = false) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += tooltip ? "\u{29F5}" : "\\\\"
      case "\n": out += "\\n"
      case "\r": continue
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE
          || scalar.value == 0xFFFF
        {
          out += " "
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
