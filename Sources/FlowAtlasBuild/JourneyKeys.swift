import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

/// What each run's journey pages are made from, hashed, so that a rebuild keeps the pages of a
/// run whose key is unchanged (``AppPagesCache``) instead of reading its journey back, drawing
/// its diagram and writing its pages again: a new run leaves the other runs' pages alone.
/// The site gives the sidebar every page is framed with
/// (``init(app:folder:sidebar:title:identity:appDigest:namesakes:)``).
///
/// A journey page shows its run (named by the run's replay, which names the trace's bytes) with
/// the pictures a build checked of it, its problems and the runs that share its name, inside the app's frame (the site's title,
/// the sidebar; the template is the build of FlowAtlas, which the records' header names), with links to the app's flows and screens; its diagram is drawn
/// from the run, each screen's slug and owner, and the diagram provider. The key hashes all of
/// it, and nothing else (no count: a new run changes the counts of every flow it went through).
package struct JourneyKeys: Sendable {
  private let base: String
  private let problems: [String: [Diagnostic]]
  private let namesakes: [String: [Run]]

  /// - Parameters:
  ///   - app: the app whose runs these are.
  ///   - folder: the app's folder in the site.
  ///   - sidebar: the hash of the app's sidebar as written.
  ///   - title: the site's title.
  ///   - identity: the diagram provider's cache identity.
  ///   - appDigest: the hash of the whole app's model, for a provider that may draw a journey
  ///     from more of it than its run; nil for one that does not.
  ///   - namesakes: the runs that share a name, by name, as the journey pages list them.
  package init(
    app: AppModel, folder: String, sidebar: String, title: String, identity: String, appDigest: String?,
    namesakes: [String: [Run]]
  ) {
    var digest = ModelDigest()
    digest.add(["flowatlas-journey-pages", sidebar])
    digest.add([title, identity, folder, app.name, app.slug, appDigest ?? "\u{0}"])
    digest.add(app.screens.count)
    for screen in app.screens {
      // Its picture too: the journey player names each step's picture file.
      digest.add([
        screen.type, screen.slug, screen.owner ?? "\u{0}",
        screen.picture.map { $0.hash + "." + $0.fileExtension } ?? "\u{0}",
      ])
    }
    digest.add(app.flows.count)
    for flow in app.flows { digest.add([flow.coordinator, flow.slug]) }
    base = Fingerprint.fast128(digest.bytes)
    problems = Dictionary(grouping: app.diagnostics, by: \.file)
    self.namesakes = namesakes
  }

  /// The key of `run`'s journey pages; nil when no replay names the run's trace (then nothing
  /// proves its journey unchanged, and its pages are made again).
  package func key(_ run: Run) -> String? {
    guard let replay = run.replayKey else { return nil }
    var digest = ModelDigest()
    digest.add([base, replay, run.slug, run.name, run.title ?? "\u{0}", run.file])
    // The pictures its player shows of its own screens.
    digest.addPictures(of: run)
    let namesakes = namesakes[run.name] ?? []
    digest.add(namesakes.count)
    for other in namesakes { digest.add([other.slug, other.file]) }
    digest.add(problems[run.file]?.count ?? 0)
    for problem in problems[run.file] ?? [] {
      digest.add([problem.code.rawValue, problem.message])
      digest.add(problem.line)
    }
    return Fingerprint.fast128(digest.bytes)
  }
}
