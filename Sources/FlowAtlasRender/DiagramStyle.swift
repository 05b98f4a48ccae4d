import FlowAtlasModel

/// How each node and edge role looks in Graphviz, so a kind reads at a glance:
/// forward kinds differ in colour, line style and arrowhead; back kinds are grey.
///
/// Colours are defaults for a light page; the SVG carries classes
/// (`kind-push`, `screen`, …) so the site's CSS can restyle them, e.g. in dark mode.
enum DiagramStyle {
  /// One font name, which Graphviz's built-in metrics know on every release: a list such as
  /// "Helvetica,Arial,sans-serif" matches none of their tables (2.42 falls back to Times without a
  /// word, 14 with a warning), so labels were measured about 10% narrower than the site's CSS
  /// draws them, in Helvetica or a font with its widths.
  static let font = "Helvetica"
  /// The colour of navigation the system did on a gesture.
  static let systemColor = "#bc4c00"

  static func attributes(for role: DiagramGraph.NodeRole) -> [(String, String)] {
    switch role {
    case .screen:
      [("shape", "box"), ("style", "rounded,filled"), ("fillcolor", "#f6f8fa"), ("color", "#57606a")]
    case .entryScreen:
      [
        ("shape", "box"), ("style", "rounded,filled"), ("fillcolor", "#f6f8fa"), ("color", "#24292f"),
        ("peripheries", "2"),
      ]
    case .neighbour:
      [("shape", "box"), ("style", "rounded,dashed"), ("color", "#8c959f"), ("fontcolor", "#57606a")]
    case .start:
      [
        ("shape", "circle"), ("style", "filled"), ("fillcolor", "#24292f"), ("fontcolor", "#ffffff"),
        ("fontsize", "9"), ("width", "0.5"), ("fixedsize", "true"),
      ]
    case .coordinator:
      [("shape", "box"), ("style", "filled"), ("fillcolor", "#ddf4ff"), ("color", "#0969da")]
    case .rootCoordinator:
      [("shape", "box"), ("style", "filled,bold"), ("fillcolor", "#ddf4ff"), ("color", "#0969da")]
    case .leakedCoordinator:
      [
        ("shape", "box"), ("style", "filled,bold"), ("fillcolor", "#ffebe9"), ("color", "#cf222e"),
        ("fontcolor", "#82071e"),
      ]
    case .childFlow:
      [("shape", "folder"), ("style", "filled"), ("fillcolor", "#ddf4ff"), ("color", "#0969da")]
    case .step:
      [("shape", "box"), ("style", "rounded,filled"), ("fillcolor", "#fff8c5"), ("color", "#9a6700")]
    case .text: [("shape", "plaintext")]
    case .point: [("shape", "point"), ("width", "0.08")]
    case .diffScreen(let mark): attributes(for: mark)
    }
  }

  /// A screen of a two-version diagram: green and bold when added, red and dashed when removed,
  /// amber when changed, grey when unchanged (dark text on light fills, on the white background).
  static func attributes(for mark: DiffMark) -> [(String, String)] {
    switch mark {
    case .added:
      [
        ("shape", "box"), ("style", "rounded,filled,bold"), ("fillcolor", "#dafbe1"), ("color", "#1a7f37"),
        ("fontcolor", "#044f1e"),
      ]
    case .removed:
      [
        ("shape", "box"), ("style", "rounded,filled,dashed"), ("fillcolor", "#ffebe9"), ("color", "#cf222e"),
        ("fontcolor", "#82071e"),
      ]
    case .changed:
      [
        ("shape", "box"), ("style", "rounded,filled"), ("fillcolor", "#fff8c5"), ("color", "#9a6700"),
        ("fontcolor", "#4d2d00"),
      ]
    case .unchanged:
      [
        ("shape", "box"), ("style", "rounded,filled"), ("fillcolor", "#f6f8fa"), ("color", "#8c959f"),
        ("fontcolor", "#57606a"),
      ]
    }
  }

  static func attributes(for role: DiagramGraph.EdgeRole) -> [(String, String)] {
    switch role {
    case .transition(let kind): attributes(for: kind)
    case .systemTransition(let kind):
      // Orange, with a small circle at the tail where the person's finger was.
      attributes(for: kind).map { $0.0 == "color" ? ("color", systemColor) : $0 }
        + [("dir", "both"), ("arrowtail", "odot")]
    case .startsChild: [("color", "#57606a"), ("style", "dashed"), ("arrowhead", "odiamond")]
    case .invisible: [("style", "invis")]
    case .diffTransition(let kind, let mark):
      attributes(for: kind).filter { $0.0 == "arrowhead" }
        + {
          switch mark {
          case .added: [("color", "#1a7f37"), ("fontcolor", "#044f1e"), ("style", "bold")]
          case .removed: [("color", "#cf222e"), ("fontcolor", "#82071e"), ("style", "dashed")]
          case .changed: [("color", "#9a6700"), ("fontcolor", "#4d2d00"), ("style", "solid")]
          case .unchanged: [("color", "#8c959f"), ("fontcolor", "#57606a"), ("style", "solid")]
          }
        }()
    }
  }

  static func attributes(for kind: TransitionKind) -> [(String, String)] {
    switch kind {
    case .push: [("color", "#0969da"), ("style", "solid"), ("arrowhead", "normal")]
    case .present: [("color", "#8250df"), ("style", "dashed"), ("arrowhead", "empty")]
    case .setRoot: [("color", "#cf222e"), ("style", "bold"), ("arrowhead", "diamond")]
    case .selectTab: [("color", "#1a7f37"), ("style", "dotted"), ("arrowhead", "dot")]
    case .pop: [("color", "#8c959f"), ("style", "dashed"), ("arrowhead", "vee")]
    case .popTo: [("color", "#8c959f"), ("style", "dashed"), ("arrowhead", "veebox")]
    case .popToRoot: [("color", "#8c959f"), ("style", "dashed"), ("arrowhead", "veevee")]
    case .dismiss: [("color", "#8c959f"), ("style", "dotted"), ("arrowhead", "tee")]
    }
  }

  /// What a kind means, for tooltips, the legend and Mermaid.
  static func describe(_ kind: TransitionKind) -> String {
    switch kind {
    case .push: "push"
    case .present: "present (modal)"
    case .setRoot: "set root"
    case .selectTab: "select tab"
    case .pop: "pop (back)"
    case .popTo: "pop to a screen (back)"
    case .popToRoot: "pop to root (back)"
    case .dismiss: "dismiss (back)"
    }
  }

  /// A line width that grows with the logarithm of `count`: 1, 1.5, 2 … 3.5.
  static func penwidth(count: Int) -> String {
    let bits = count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount
    let halves = min(bits, 5)
    return halves % 2 == 0 ? "\(1 + halves / 2)" : "\(1 + halves / 2).5"
  }
}
