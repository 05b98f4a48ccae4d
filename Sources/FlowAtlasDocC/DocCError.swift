import FlowAtlasSite
import Foundation

/// Why a catalog could not be written.
package enum DocCError: Error, LocalizedError, Equatable {
  /// `--module` named something that is not a Swift module name.
  case invalidModule(String)
  /// The output folder, or a diagram (see ``SiteError``).
  case site(SiteError)
  /// The diagram provider failed.
  case diagramsFailed(String)

  package var errorDescription: String? {
    switch self {
    case .invalidModule(let name):
      "--module “\(name)”: give the name of a Swift module (letters, digits and _, not starting with a digit)"
    case .site(let error): error.localizedDescription
    case .diagramsFailed(let reason): "the catalog's diagrams could not be drawn: \(reason)"
    }
  }
}
