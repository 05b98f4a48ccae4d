import FlowAtlasBytes
import Foundation

/// Why a site could not be built. Every case names what to fix; the previous
/// site in the output folder is left as it was.
package enum SiteError: Error, LocalizedError, Equatable {
  /// The output folder exists, is not empty and was not made by FlowAtlas.
  case foreignOutputFolder(path: String)
  /// The output folder holds what another FlowAtlas command wrote (a site, a DocC catalog).
  case otherKindOfOutput(path: String, holds: String)
  /// The output path exists but is not a folder.
  case outputIsNotAFolder(path: String)
  /// A diagram's SVG could run code or link outside the site.
  case unsafeDiagram(name: String, reason: String)
  /// The diagram provider failed.
  case diagramsFailed(app: String, reason: String)
  /// A notes file could not be read or rendered.
  case notesUnreadable(path: String, reason: String)
  /// The model breaks an invariant the site relies on (a slug that is not a slug, or a repeat).
  case invalidModel(reason: String)
  /// Writing the site failed.
  case writeFailed(path: String, reason: String)
  /// An input of the build (a trace, a note, a baseline) could not be examined.
  case inputUnreadable(path: String, reason: String)
  /// A file or folder the person put in the output folder (one its manifest never listed) is
  /// where the new output writes a page: it is never replaced without the person's say.
  case personsFileInTheWay(path: String)
  /// The model has more flows than a site holds (``SiteBuilder/maximumFlows``).
  case tooManyFlows(count: Int, limit: Int, largestApp: String, largestCount: Int)

  package var errorDescription: String? {
    switch self {
    case .otherKindOfOutput(let path, let holds):
      "\(path): the output folder holds \(holds), which another flowatlas command writes; choose another folder"
    case .foreignOutputFolder(let path):
      "\(path): the output folder is not empty and was not made by this flowatlas (its .flowatlas-site "
        + "marker is missing or is not a manifest flowatlas wrote); choose an empty or new folder, or "
        + "remove it yourself"
    case .outputIsNotAFolder(let path):
      "\(path): the output path exists and is not a folder; choose a folder path"
    case .unsafeDiagram(let name, let reason):
      "diagram \(name): refused to embed its SVG because \(reason); fix the diagram renderer"
    case .diagramsFailed(let app, let reason):
      "diagrams of app \(app) failed: \(reason)"
    case .notesUnreadable(let path, let reason):
      "\(path): cannot read the notes file (\(reason)); fix or remove it"
    case .invalidModel(let reason):
      "the navigation model is inconsistent: \(reason); this is a bug in the model builder"
    case .writeFailed(let path, let reason):
      "\(path): cannot write the site (\(reason)); check the folder's permissions and free space"
    case .inputUnreadable(let path, let reason):
      "\(path): cannot examine the file (\(reason))"
    case .personsFileInTheWay(let path):
      "\(path): this is not a file flowatlas wrote, and the new output has a page at that path (an app, "
        + "flow or journey now has its name); move or rename it, then build again; nothing was changed"
    case .tooManyFlows(let count, let limit, let app, let largest):
      "the traces hold \(count) flows (app \(Printable.line(app)) has \(largest)), more than the \(limit) a site holds "
        + "(each is a page and a diagram); build a site from fewer traces (one per app or module), or "
        + "draw one flow with flowatlas render --diagram flow:NAME; nothing was written"
    }
  }
}
