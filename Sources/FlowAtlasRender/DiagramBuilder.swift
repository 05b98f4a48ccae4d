import FlowAtlasBytes
import FlowAtlasModel

/// Turns an app's model into diagrams: one builder per ``DiagramSubject``, pure
/// Swift, deterministic (the same model gives the same DOT bytes).
package enum DiagramBuilder {
  /// Builds the diagram of `subject`.
  ///
  /// - Parameters:
  ///   - subject: Which diagram.
  ///   - app: The app's model.
  ///   - links: Where nodes link to; a link that fails ``DiagramLinks/isSafe(_:)`` is dropped.
  ///   - options: What to show.
  ///   - index: The app's lookups, shared by a batch of its diagrams (``AppIndexes``); made for
  ///     this diagram alone when nil.
  /// - Returns: The diagram, with its DOT and Mermaid text.
  /// - Throws: ``RenderError/unknownCoordinator(_:)``, ``RenderError/unknownRun(_:)`` or
  ///   ``RenderError/unknownScreen(_:)``
  ///   when the subject names something the app does not have.
  package static func diagram(
    for subject: DiagramSubject, of app: AppModel, links: DiagramLinks = .none,
    options: DiagramOptions = DiagramOptions(), index: AppIndex? = nil
  ) throws(RenderError) -> Diagram {
    precondition(index?.fits(app) ?? true, "the index of another app")
    let context = Context(app: app, links: links, options: options, index: index ?? AppIndex(app))
    let id = diagramID(for: subject, of: app)
    switch subject {
    case .appMap: return appMap(context, id: id)
    case .hierarchy: return hierarchy(context, id: id)
    case .flow(let coordinator):
      guard let flow = app.flow(coordinator) else { throw .unknownCoordinator(coordinator) }
      return self.flow(flow, context, id: id)
    case .journey(let slug):
      guard let run = app.run(slug: slug) else { throw .unknownRun(slug) }
      return journey(run, steps: run.journey.steps, context, id: id)
    case .screen(let type, let depth):
      guard app.screen(type) != nil else { throw .unknownScreen(type) }
      return screen(type, depth: depth, context, id: id)
    }
  }

  /// The SVG id of `subject`'s diagram, made from slugs only: `<app>-app-map`,
  /// `<app>-hierarchy`, `<app>-flow-<coordinator>`, `<app>-journey-<run>`.
  package static func diagramID(for subject: DiagramSubject, of app: AppModel) -> String {
    "\(DiagramText.safeSlug(app.slug))-\(subject.stem(in: app))"
  }

  /// What every builder needs: the model with lookups by type name.
  struct Context {
    let app: AppModel
    let links: DiagramLinks
    let options: DiagramOptions
    /// The app's lookups.
    let index: AppIndex

    func screen(_ type: String) -> ScreenType? { index.screens[type] }
    func coordinator(_ type: String) -> CoordinatorType? { index.coordinators[type] }
    func screenSlug(_ type: String) -> String { DiagramText.safeSlug(index.screens[type]?.slug ?? type) }
    func coordinatorSlug(_ type: String) -> String {
      DiagramText.safeSlug(index.coordinators[type]?.slug ?? app.flow(type)?.slug ?? type)
    }
    func owner(_ screenType: String) -> String? { index.screens[screenType]?.owner }

    /// The thumbnail of `type`'s picture, 72 points wide (at most 160 tall), where it has one
    /// and the links say where thumbnails are.
    func thumbnail(of type: String) -> DiagramGraph.Picture? {
      // The site's thumbnails are beside its apps' folders: one `../`, then a safe link.
      guard let picture = screen(type)?.picture, picture.hasThumbnail,
        let href = links.thumbnail(picture.hash),
        DiagramLinks.isSafe(href.hasPrefix("../") ? String(href.dropFirst(3)) : href)
      else { return nil }
      let factor = Thumbnail.factor(width: picture.width, height: picture.height)
      let (width, height) = ((picture.width + factor - 1) / factor, (picture.height + factor - 1) / factor)
      return DiagramGraph.Picture(
        href: href, width: 72, height: min(160, max(24, (72 * height + width / 2) / width)))
    }

    func screenLink(_ type: String) -> String? {
      DiagramText.safeLink(links.screen(owner(type).map(coordinatorSlug), screenSlug(type)))
    }
    func flowLink(_ coordinator: String) -> String? {
      DiagramText.safeLink(links.flow(coordinatorSlug(coordinator)))
    }

    /// A screen node: its type as the label, titles and visits in the tooltip.
    func screenNode(_ type: String, id: String, role: DiagramGraph.NodeRole, extraClasses: [String] = [])
      -> DiagramGraph.Node
    {
      let (label, _) = DiagramText.label(type)
      var tooltip = type
      if let screen = screen(type) {
        if !screen.titles.isEmpty {
          tooltip += "\nTitles: " + screen.titles.prefix(5).joined(separator: ", ")
        }
        tooltip += "\nShown \(screen.visits)×"
      }
      if let owner = owner(type) { tooltip += "\nIn \(owner)" }
      let ownerClass = owner(type).map { "owner-\(coordinatorSlug($0))" } ?? "unowned"
      return DiagramGraph.Node(
        id: id, label: label, tooltip: tooltip, classes: ["screen", ownerClass] + extraClasses,
        link: screenLink(type), role: role)
    }
  }

  /// Transitions between the same two screens by the same kind, merged over coordinators.
  struct EdgeGroup {
    var from: String
    var to: String
    var kind: TransitionKind
    var count: Int
    var triggers: [String]
    /// How many of ``count`` the system did on a gesture.
    var system = 0
  }

  /// Groups `transitions` that have a `from` screen, in (from, to, kind) order,
  /// dropping back kinds unless the options show them.
  static func edgeGroups(_ transitions: [Transition], options: DiagramOptions) -> [EdgeGroup] {
    struct Key: Hashable, Comparable {
      var from: String
      var to: String
      var kind: TransitionKind
      static func < (l: Key, r: Key) -> Bool { (l.from, l.to, l.kind) < (r.from, r.to, r.kind) }
    }
    var groups: [Key: EdgeGroup] = [:]
    for transition in transitions {
      guard let from = transition.from, options.showBackTransitions || !transition.kind.isBack else {
        continue
      }
      let key = Key(from: from, to: transition.to, kind: transition.kind)
      var group =
        groups[key] ?? EdgeGroup(from: from, to: transition.to, kind: transition.kind, count: 0, triggers: [])
      group.count += transition.count
      group.system += transition.system
      group.triggers.append(contentsOf: transition.triggers)
      groups[key] = group
    }
    return groups.keys.sorted().map { key in
      var group = groups[key]!
      group.triggers = Array(Set(group.triggers)).sorted()
      return group
    }
  }

  /// The edge of `group` between two screen nodes, with the id both screen diagrams give it.
  static func screenEdge(
    _ group: EdgeGroup, nodeIDs: [String: String], ids: inout DiagramIDs, context: Context,
    options: DiagramOptions, extraClasses: [String] = []
  ) -> DiagramGraph.Edge {
    transitionEdge(
      kind: group.kind, from: nodeIDs[group.from]!, to: nodeIDs[group.to]!, fromLabel: group.from,
      toLabel: group.to, count: group.count, triggers: group.triggers, system: group.system,
      id: ids.make("edge", context.screenSlug(group.from), context.screenSlug(group.to), group.kind.rawValue),
      options: options, extraClasses: extraClasses)
  }

  /// An edge for a group of transitions: styled by kind, triggers and count next to it (the
  /// count unless `showsCount` is false: a journey's step is one transition).
  static func transitionEdge(
    kind: TransitionKind, from: String, to: String, fromLabel: String?, toLabel: String, count: Int,
    triggers: [String], system: Int = 0, id: String, options: DiagramOptions, showsCount: Bool = true,
    extraClasses: [String] = []
  ) -> DiagramGraph.Edge {
    let bySystem = system > 0 && system >= count
    var xlabel: String? = nil
    if options.edgeLabels {
      // The count even where it is 1: a label that appeared with a second time would move the
      // drawing, laid out with every number masked (``LayoutTexts``), when one more trace comes.
      let text = DiagramText.list(triggers)
      if showsCount {
        xlabel = text.isEmpty ? "×\(count)" : text + " ×\(count)"
      } else if !text.isEmpty {
        xlabel = text
      }
    }
    var tooltip = "\(DiagramStyle.describe(kind)): \(fromLabel ?? "start") → \(toLabel)"
    tooltip += count == 1 ? ", once" : ", \(count) times"
    if bySystem {
      tooltip += "\nDone by the system on a person's gesture"
    } else if system > 0 {
      tooltip += "\n\(system) of them by the system on a person's gesture"
    }
    if !triggers.isEmpty {
      tooltip += "\nTriggers: " + triggers.prefix(20).joined(separator: ", ")
      if triggers.count > 20 { tooltip += " +\(triggers.count - 20) more" }
    }
    let kindSlug = Slug.make(kind.rawValue)
    return DiagramGraph.Edge(
      id: id, from: from, to: to, role: bySystem ? .systemTransition(kind) : .transition(kind),
      xlabel: xlabel,
      tooltip: tooltip,
      classes: ["transition", "kind-\(kindSlug)", kind.isBack ? "back" : "forward"]
        + (bySystem ? ["system"] : []) + extraClasses,
      count: count)
  }

  /// A diagram of one box that says `diagram` could not be drawn and why: the
  /// last resort when even the cheaper drawing failed or ran out of time.
  static func placeholder(replacing diagram: Diagram, reason: RenderError) -> Diagram {
    let why: String
    switch reason {
    case .timedOut(let seconds): why = "Graphviz needed more than \(Int(seconds.rounded())) s to lay it out"
    case .layoutFailed, .invalidDOT, .renderFailed: why = "Graphviz could not lay it out"
    case .tooLarge(let size):
      why =
        "\(size.boxes) boxes, \(size.lines) lines and \(size.crossings) rows crossed by lines are more than "
        + "Graphviz lays out in bounded time (at most \(DiagramRenderer.maximumLayoutNodes) boxes, "
        + "\(DiagramRenderer.maximumLayoutEdges) lines and \(DiagramRenderer.maximumLayoutCrossings) crossings)"
    default: why = "the render worker failed"
    }
    var graph = DiagramGraph(
      id: diagram.id, kind: diagram.graph.kind, direction: .topToBottom,
      caption: "This diagram is too large to draw: \(why). Open the flows for smaller diagrams.")
    graph.nodes.append(
      DiagramGraph.Node(
        id: diagram.id + "-placeholder", label: "Diagram not drawn", tooltip: reason.localizedDescription,
        classes: ["placeholder"], link: nil, role: .neighbour))
    return Diagram(
      subject: diagram.subject, graph: graph, isCoordinatorLevel: diagram.isCoordinatorLevel,
      isSimplified: true)
  }

  static func startNode(id: String) -> DiagramGraph.Node {
    DiagramGraph.Node(
      id: id, label: "start", tooltip: "Where runs begin", classes: ["start"], link: nil, role: .start)
  }
}
