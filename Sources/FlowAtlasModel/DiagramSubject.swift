import FlowAtlasBytes
import FlowAtlasTrace

/// Which diagram of an app to draw. Shared by the renderer and the site so the
/// site can ask for diagrams without importing Graphviz.
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

  /// The kinds of diagram: what the command line calls them, and which take a name.
  package enum Kind: CaseIterable, Sendable {
    case appMap, hierarchy, flow, journey, screen

    /// How `render --diagram` names a diagram of this kind: `app`, `hierarchy`, or a prefix
    /// followed by a name, `flow:<CoordinatorType>`, `run:<run name or trace file>`.
    package var argument: (prefix: String, placeholder: String?) {
      switch self {
      case .appMap: ("app", nil)
      case .hierarchy: ("hierarchy", nil)
      case .flow: ("flow:", "<CoordinatorType>")
      case .journey: ("run:", "<run name or trace file>")
      case .screen: ("screen:", "<ScreenType>")
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
  /// never a scheme, a quote, or anything Graphviz would copy dangerously.
  package static func isSafe(_ link: String) -> Bool {
    // Byte by byte: `String.contains(_: String)` goes through Foundation's string search,
    // which costs more than the whole check on the tens of thousands of links of a site.
    link.withUTF8Bytes(isSafe)
  }

  /// The same check on a link's UTF-8 bytes, as the SVG sanitizer reads them.
  package static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, first != UInt8(ascii: "/") else { return false }
    var sawHash = false
    var previous: UInt8 = 0
    for byte in bytes {
      switch byte {
      case 46 where previous == 46: return false  // ".."
      case 97...122, 48...57, 45, 46, 47, 95: break
      case 35 where !sawHash: sawHash = true
      default: return false
      }
      previous = byte
    }
    return true
  }
}
