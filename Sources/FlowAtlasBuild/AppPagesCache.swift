import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// Each app's pages kept between builds: a rebuild hard-links the pages of an app whose inputs
/// did not change instead of drawing and writing them again (a new trace changes one app).
///
/// The site records, in `.flowatlas-cache/apps`, each app folder's key (a hash of everything its
/// pages are made from: the app's model, its folder, the other apps' names and folders, its
/// notes, the site's title and the diagram provider; the build of FlowAtlas is the records' header) and the diagram cache entries
/// its diagrams were filed under. A folder is reused only when its key is unchanged and every
/// file the previous manifest lists in it is still the regular file, with the size and hash,
/// that the previous build wrote. Otherwise the app is built again, but for the journeys of
/// runs whose own key (``JourneyKeys``) is unchanged and whose files are intact: their pages and
/// diagram are kept, so a new run does not make every other run's pages again.
package enum AppPagesCache {
  package static let path = "\(PreviousSite.cacheFolder)/apps"
  static let header = CacheFormat.header("flowatlas-app-pages")

  /// One app folder of a site.
  package struct Record: Equatable, Sendable {
    /// Names what the pages were made from
    /// (``key(app:digests:comparisons:folder:siblings:notes:title:identity:)``).
    package var key: String
    /// Its diagrams' cache entries: key → hash of the bytes.
    package var diagrams: [String: String]
    /// Its runs' journey pages, by run slug.
    package var journeys: [String: Journey] = [:]

    package init(key: String, diagrams: [String: String], journeys: [String: Journey] = [:]) {
      self.key = key
      self.diagrams = diagrams
      self.journeys = journeys
    }

    /// The record of an app whose pages were made again.
    /// - Parameters:
    ///   - app: the app.
    ///   - key: what its pages were made from.
    ///   - drawn: the cache entries of the diagrams this build drew or kept from the cache (key →
    ///     hash); `keptDiagrams` those of the journeys kept with their pages.
    ///   - keptJourneys: the journeys whose pages were kept, by run slug.
    ///   - journeyKeys: what each run's journey pages are made from; nil when none are kept.
    ///   - journeyDiagram: the cache entry a run's journey diagram was filed under, if any.
    package init(
      builtAgain app: AppModel, key: String, drawn: [String: String], keptDiagrams: [String: String],
      keptJourneys: [String: Journey], journeyKeys: JourneyKeys?, journeyDiagram: (Run) -> String?
    ) {
      self.init(
        key: key, diagrams: drawn.merging(keptDiagrams) { first, _ in first }, journeys: keptJourneys)
      for run in app.runs where journeys[run.slug] == nil {
        guard let journeyKey = journeyKeys?.key(run) else { continue }
        journeys[run.slug] = Journey(key: journeyKey, diagram: journeyDiagram(run))
      }
    }

    /// The record of `run`'s journey pages when they were made from what `key` names now.
    package func journey(_ run: Run, key: String?) -> Journey? {
      guard let key, let journey = journeys[run.slug], journey.key == key else { return nil }
      return journey
    }
  }

  /// One run's journey pages in a record.
  package struct Journey: Equatable, Sendable {
    /// What they were made from (``JourneyKeys/key(_:)``).
    package var key: String
    /// The cache entry of their diagram, if one was drawn.
    package var diagram: String?

    package init(key: String, diagram: String?) {
      self.key = key
      self.diagram = diagram
    }
  }

  /// The key of an app's pages: a hex hash of everything they are made from.
  /// - Parameters:
  ///   - app: the app's index in the model; `digests` the apps' (``SiteFingerprint/digests(of:)``).
  ///   - comparisons: the baselines and contracts (an app compared with a baseline is made
  ///     from the baseline too).
  ///   - folder: the app's folder; `siblings` the other apps' names and folders.
  ///   - notes: its flows' notes as the pages show them, by coordinator type.
  ///   - title: the site's title; `identity` the diagram provider's cache identity.
  package static func key(
    app: Int, digests: [String], comparisons: SiteFingerprint.Comparisons, folder: String,
    siblings: [(name: String, folder: String)], notes: [String: String], title: String, identity: String
  ) -> String {
    var digest = digests[app]
    if let baseline = comparisons.baselines[app] { digest += " " + baseline }
    digest += " " + comparisons.contracts
    var bytes = ModelDigest()
    bytes.add(["flowatlas-app-pages", title, identity, digest, folder])
    bytes.add(siblings.count)
    for sibling in siblings { bytes.add([sibling.name, sibling.folder]) }
    bytes.add(notes.count)
    for coordinator in notes.keys.sorted() { bytes.add([coordinator, notes[coordinator]!]) }
    return Fingerprint.fast128(bytes.bytes)
  }

  /// The diagram cache's index for these records: every entry their diagrams were filed under.
  package static func diagramIndex(_ records: [String: Record]) -> [String: String] {
    var index: [String: String] = [:]
    for record in records.values { index.merge(record.diagrams) { first, _ in first } }
    return index
  }

  /// The record's text: per app folder an `app` line, then one `diagram` line per entry and one
  /// `journey KEY DIAGRAM SLUG` line per run (`-` for no diagram).
  package static func text(_ records: [String: Record]) -> String {
    var lines = [header]
    for folder in records.keys.sorted() {
      let record = records[folder]!
      lines.append("app \(record.key) \(folder)")
      for key in record.diagrams.keys.sorted() { lines.append("diagram \(record.diagrams[key]!) \(key)") }
      for slug in record.journeys.keys.sorted() {
        let journey = record.journeys[slug]!
        lines.append("journey \(journey.key) \(journey.diagram ?? "-") \(slug)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The records of the site in `site`; empty when it has none this version wrote, or a
  /// line that does not parse (then nothing is reused).
  package static func records(in site: URL, report: CacheReport? = nil) -> [String: Record] {
    let location = site.appendingPathComponent(path).path
    let instead = "no page is reused"
    guard let bytes = CacheReport.read(location, limit: 64 << 20, instead: instead, into: report) else {
      return [:]
    }
    guard let records = records(parsing: bytes) else {
      report?.unparsable(location, bytes, header: header, instead: instead)
      return [:]
    }
    return records
  }

  /// The records in `bytes`; nil when they are not records this version wrote.
  private static func records(parsing bytes: [UInt8]) -> [String: Record]? {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    var lines = text.split(separator: "\n")
    guard lines.first == Substring(header) else { return nil }
    lines.removeFirst()
    var records: [String: Record] = [:]
    var current: String?
    for line in lines {
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      if fields.count == 4, fields[0] == "journey" {
        let (key, diagram, slug) = (fields[1], fields[2], String(fields[3]))
        guard let folder = current, key.allSatisfy(\.isHexDigit), !key.isEmpty, Slug.isValid(slug),
          diagram == "-" || (!diagram.isEmpty && diagram.allSatisfy(\.isHexDigit))
        else { return nil }
        records[folder]!.journeys[slug] = Journey(
          key: String(key), diagram: diagram == "-" ? nil : String(diagram))
        continue
      }
      guard fields.count == 3, fields[1].allSatisfy(\.isHexDigit), !fields[2].isEmpty else { return nil }
      let (kind, hash, name) = (fields[0], String(fields[1]), String(fields[2]))
      switch kind {
      case "app" where Slug.isValid(name):
        records[name] = Record(key: hash, diagrams: [:])
        current = name
      case "diagram" where name.allSatisfy(\.isHexDigit):
        guard let folder = current else { return nil }
        records[folder]!.diagrams[name] = hash
      default:
        return nil
      }
    }
    return records
  }
}
