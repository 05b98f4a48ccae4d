import FlowAtlasBytes
import FlowAtlasTrace

/// Which diagram of an app to draw. Shared by the renderer and the site so the
/// site can ask for diagrams without importing Graphviz.
///
/// This file is the table of diagram kinds: each kind's name on the command line, its page's
/// and file's stem, whether it is drawn per run, whether the DocC catalog shows it, what its
/// layout costs, and how a name given to `render --diagram` finds it. A new kind is a case here
/// (the compiler then asks for its row in each switch below; ``all(of:)`` lists the diagrams of
/// an app by hand), its builder in `DiagramBuilder`, and the page that shows it.
package enum DiagramSubject: Hashable, Sendable, Comparable {
  /// Every screen, clustered by owner coordinator (or coordinators only, when too big).
  case appMap
  /// The coordinator tree.
  case hierarchy
  /// One coordinator type's screens and neighbours.
  case flow(coordinator: String)
  /// One run's path with numbered steps; the run is named by its slug, which no other run of
  /// the app has (two traces may give one run name: a retried UI test).
  case journey(run: String)
  /// One screen type and its neighbourhood: what leads to it and what it leads to, up to
  /// `depth` steps each way (1 on its page).
  case screen(type: String, depth: Int = 1)

  /// The kinds of diagram, each with its row of the table (``Row``).
  package enum Kind: CaseIterable, Sendable {
    case appMap, hierarchy, flow, journey, screen

    /// What FlowAtlas knows of a kind of diagram, but how it is drawn (`DiagramBuilder`) and the
    /// page that shows it.
    package struct Row: Sendable {
      /// How `render --diagram` names it: the whole name (`app`, `hierarchy`), or a prefix
      /// followed by a name (`flow:`).
      package var argument: String
      /// What follows ``argument`` in help (`<CoordinatorType>`); nil for a kind of one diagram.
      package var placeholder: String?
      /// The stem of its page and file (``PageScheme``), or, for a kind that takes a name, the
      /// stem's prefix, followed by the slug of what it draws.
      package var stem: String
      /// Drawn from one run, with that run's own texts in its layout (an app's other diagrams are
      /// laid out with their texts masked, so a count changing does not lay them out again);
      /// `render --diagram` reads the runs' journeys for it.
      package var isPerRun: Bool
      /// Shown in a DocC catalog (a screen's neighbourhood is on the site only).
      package var isInCatalog: Bool
    }

    /// The kind `name` names on the command line (`flow:` followed by anything is a flow); nil
    /// for a name of no kind.
    package init?(naming name: String) {
      guard
        let kind = Self.allCases.first(where: {
          $0.row.placeholder == nil ? name == $0.row.argument : name.hasPrefix($0.row.argument)
        })
      else { return nil }
      self = kind
    }

    /// The table.
    package var row: Row {
      switch self {
      case .appMap:
        Row(argument: "app", placeholder: nil, stem: "app-map", isPerRun: false, isInCatalog: true)
      case .hierarchy:
        Row(argument: "hierarchy", placeholder: nil, stem: "hierarchy", isPerRun: false, isInCatalog: true)
      case .flow:
        Row(
          argument: "flow:", placeholder: "<CoordinatorType>", stem: "flow-", isPerRun: false,
          isInCatalog: true)
      case .journey:
        Row(
          argument: "run:", placeholder: "<run name or trace file>", stem: "journey-", isPerRun: true,
          isInCatalog: true)
      case .screen:
        Row(
          argument: "screen:", placeholder: "<ScreenType>", stem: "screen-", isPerRun: false,
          isInCatalog: false)
      }
    }
  }

  package var kind: Kind {
    switch self {
    case .appMap: .appMap
    case .hierarchy: .hierarchy
    case .flow: .flow
    case .journey: .journey
    case .screen: .screen
    }
  }

  /// Every diagram of `app`, sorted: what its site shows.
  package static func all(of app: AppModel) -> [DiagramSubject] {
    ([.appMap, .hierarchy] + app.flows.map { .flow(coordinator: $0.coordinator) }
      + app.runs.map { .journey(run: $0.slug) } + app.screens.map { .screen(type: $0.type) }).sorted()
  }

  /// The stem of this diagram's page and file in `app` (``PageScheme``). A flow or run the app
  /// does not have is named from its name's slug.
  package func stem(in app: AppModel) -> String {
    let prefix = kind.row.stem
    switch self {
    case .appMap, .hierarchy: return prefix
    case .flow(let coordinator): return prefix + PageScheme.safe(app.flow(coordinator)?.slug ?? coordinator)
    case .journey(let run): return prefix + PageScheme.safe(run)
    case .screen(let type, let depth):
      let stem = prefix + PageScheme.safe(app.screen(type)?.slug ?? type)
      return depth == 1 ? stem : "\(stem).depth-\(depth)"
    }
  }

  /// A rough measure of how long this diagram takes to lay out, to start the slowest first so
  /// that the last layouts to finish are short ones.
  package func layoutCost(in app: AppModel) -> Int {
    switch self {
    case .appMap: app.screens.count * 4 + app.transitions.count
    case .hierarchy: app.coordinators.count
    case .flow(let coordinator): (app.flow(coordinator)?.screens.count ?? 0) * 4
    case .journey(let run): min(app.run(slug: run)?.stepCount ?? 0, 300) * 2
    case .screen(_, let depth): 4 * depth
    }
  }

  /// Every spelling `render --diagram` takes for a diagram of an app, for help and messages:
  /// `app`, `hierarchy`, `flow:<CoordinatorType>`, `run:<run name or trace file>`, ….
  package static var argumentSpellings: [String] {
    Kind.allCases.map { $0.row.argument + ($0.row.placeholder ?? "") }
  }

  /// The diagram of `app` that `name` names on the command line (`flowatlas render --diagram
  /// flow:LoginCoordinator`), a screen's neighbourhood `depth` steps each way.
  /// - Parameter otherSpellings: what else the command takes, listed with the kinds' spellings
  ///   when `name` is of no kind.
  /// - Throws: ``ModelError/unknownDiagram(reason:)``, saying what the app has instead.
  package static func named(_ name: String, in app: AppModel, depth: Int = 1, otherSpellings: [String] = [])
    throws(ModelError) -> DiagramSubject
  {
    guard let kind = Kind(naming: name) else {
      let spellings = argumentSpellings + otherSpellings
      let known = spellings.dropLast().joined(separator: ", ") + " or " + spellings[spellings.count - 1]
      throw .unknownDiagram(reason: "unknown diagram '\(name)'; use \(known)")
    }
    var argument = String(name.dropFirst(kind.row.argument.count))
    // A bare type names the app's one `Module.Type` of that name, as the spec reads it.
    if kind == .flow || kind == .screen { argument = app.typeName(argument) ?? argument }
    switch kind {
    case .appMap: return .appMap
    case .hierarchy: return .hierarchy
    case .flow:
      guard app.flow(argument) != nil else {
        throw .unknownDiagram(
          reason:
            "no flow '\(argument)' in app '\(app.name)'; flows: \(app.flows.map(\.coordinator).joined(separator: ", "))"
        )
      }
      return .flow(coordinator: argument)
    case .journey:
      // By name; a name several runs share (a retried UI test) is refused, and each of them
      // is then named by its trace file, which `run:<file>` takes too.
      let named = app.runs(named: argument)
      if named.count == 1 { return .journey(run: named[0].slug) }
      if named.count > 1 {
        let choices = named.map { "run:\($0.file)" }.joined(separator: ", ")
        throw .unknownDiagram(
          reason:
            "\(named.count) runs of app '\(app.name)' are named '\(argument)'; name one by its trace file: \(choices)"
        )
      }
      // The file as the run names it, or with `./` and repeated slashes (`./t.jsonl`, `traces//t.jsonl`),
      // where that names one run.
      let file = TracePath.plain(argument)
      let written = app.runs.filter { TracePath.plain($0.file) == file }
      guard
        let byFile = app.runs.first(where: { $0.file == argument }) ?? (written.count == 1 ? written[0] : nil)
      else {
        throw .unknownDiagram(reason: "no run '\(argument)' in app '\(app.name)'")
      }
      return .journey(run: byFile.slug)
    case .screen:
      guard app.screen(argument) != nil else {
        throw .unknownDiagram(
          reason:
            "no screen '\(argument)' in app '\(app.name)'; see its app map (--diagram app) for screen types")
      }
      return .screen(type: argument, depth: depth)
    }
  }
}

/// Where diagram nodes link to: site-relative URLs built only from slugs.
///
/// The renderer checks every link it is given against ``isSafe(_:)`` before it
/// reaches Graphviz (which copies `URL`/`href` into SVG unescaped).
package struct DiagramLinks: Sendable {
  package var flow: @Sendable (_ coordinatorSlug: String) -> String?
  package var screen: @Sendable (_ ownerSlug: String?, _ screenSlug: String) -> String?
  package var run: @Sendable (_ runSlug: String) -> String?
  /// Where a screenshot's thumbnail is, by the screenshot's hash; nil where there are none.
  package var thumbnail: @Sendable (_ pictureHash: String) -> String?

  package init(
    flow: @escaping @Sendable (String) -> String?,
    screen: @escaping @Sendable (String?, String) -> String?,
    run: @escaping @Sendable (String) -> String?,
    thumbnail: @escaping @Sendable (String) -> String? = { _ in nil }
  ) {
    self.flow = flow
    self.screen = screen
    self.run = run
    self.thumbnail = thumbnail
  }

  /// No links (the command line's standalone diagrams).
  package static let none = DiagramLinks(flow: { _ in nil }, screen: { _, _ in nil }, run: { _ in nil })

  /// The site's links (``PageScheme``): every app page sits in one folder, so links are flat.
  package static let site = DiagramLinks(
    flow: { PageScheme.flowPage($0) },
    screen: { _, screen in PageScheme.screenPage(screen) },
    run: { PageScheme.journeyPage($0) },
    thumbnail: { "../" + PageScheme.thumbnail(hash: $0) })

  /// True for a relative link made of slug characters, `.`, `/` and one `#` fragment:
  /// never a scheme, a quote, or anything Graphviz would copy dangerously (``SafeLink``).
  package static func isSafe(_ link: String) -> Bool { SafeLink.isSafe(link) }
}
