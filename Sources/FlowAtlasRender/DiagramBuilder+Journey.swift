import FlowAtlasModel

extension DiagramBuilder {
  /// One run's path: a numbered node per screen transition, in order. What
  /// happened in between (actions, flows starting and finishing, deep links,
  /// notes) goes in the next step's tooltip.
  ///
  /// It reads the run, each screen's slug and owner, and each flow's slug, nothing else of the
  /// app: a rebuild keeps a run's journey while those are unchanged (FlowAtlasBuild's
  /// `JourneyKeys`, as ``DiagramRenderer/drawsJourneysFromTheirRunAlone`` says). Reading more (a
  /// count, a title) means hashing it there, or saying false there.
  static func journey(_ run: Run, steps: [JourneyStep], _ context: Context, id: String) -> Diagram {
    let options = context.options
    var ids = DiagramIDs(prefix: id)
    var graph = DiagramGraph(id: id, kind: "journey", direction: .topToBottom, caption: nil)
    let startID = ids.make("start")
    graph.nodes.append(startNode(id: startID))
    let total = steps.reduce(0) { count, step in
      if case .transition = step.kind { return count + 1 }
      return count
    }
    var previous = startID
    var previousType: String? = nil
    var number = 0
    var between: [String] = []
    // A screen's node (label, tooltip, classes, link) is the same at every step that shows it.
    var screenNodes: [String: DiagramGraph.Node] = [:]
    walking: for step in steps {
      switch step.kind {
      case .userAction(_, let action, let label):
        between.append("Action \(action)" + (label.map { " (\($0))" } ?? ""))
      case .flowStarted(let coordinator, _): between.append("Flow \(coordinator) started")
      case .flowFinished(let coordinator, let output):
        between.append("Flow \(coordinator) finished" + (output.map { " with \($0)" } ?? ""))
      case .deeplink(let url, _): between.append("Deep link \(url)")
      case .note(let text): between.append("Note: \(text)")
      case .transition(let from, let to, let kind, let coordinator, let trigger):
        number += 1
        // Past the cap nothing more is drawn: stop rather than word thousands of tooltips.
        guard number <= options.maxJourneySteps else { break walking }
        let nodeID = ids.make("step", String(number))
        let shown =
          screenNodes[to]
          ?? {
            let node = context.screenNode(to, id: "", role: .step, extraClasses: ["step"])
            screenNodes[to] = node
            return node
          }()
        var node = shown
        node.id = nodeID
        node.label = "\(number). " + shown.label
        var tooltip = "Step \(number) (trace line \(step.line)): \(DiagramStyle.describe(kind))"
        tooltip += " \(from ?? previousType ?? "start") → \(to)"
        if let coordinator { tooltip += "\nBy \(coordinator)" }
        if case .system(let gesture) = trigger {
          tooltip += "\nBy the system, on the person's \(gesture)"
        } else if let name = trigger.name {
          tooltip += "\nTrigger: \(name)"
        }
        for line in between.suffix(5) { tooltip += "\n" + line }
        node.tooltip = tooltip
        graph.nodes.append(node)
        var edge = transitionEdge(
          kind: kind, from: previous, to: nodeID, fromLabel: from ?? previousType, toLabel: to, count: 1,
          triggers: trigger.name.map { [$0] } ?? [], system: trigger.isSystem ? 1 : 0,
          id: ids.make("edge", String(number)), options: options, showsCount: false)
        edge.classes.append("step-edge")
        graph.edges.append(edge)
        previous = nodeID
        previousType = to
        between = []
      }
    }
    // What happened after the last transition (a flow finishing) still belongs in the journey.
    if !between.isEmpty, number > 0, number <= options.maxJourneySteps,
      let last = graph.nodes.indices.last
    {
      graph.nodes[last].tooltip =
        (graph.nodes[last].tooltip ?? "") + "\nThen: " + between.suffix(5).joined(separator: "; ")
    }
    if total == 0 {
      graph.caption = "This run has no screen transitions."
    } else if total > options.maxJourneySteps {
      graph.caption = "Showing the first \(options.maxJourneySteps) of \(total) screen transitions."
    }
    return Diagram(
      subject: .journey(run: run.slug), graph: graph, isSimplified: total > options.maxJourneySteps)
  }
}
