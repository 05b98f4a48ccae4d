import FlowAtlasModel

/// A diagram a catalog shows: one the site shows too, or an app's changes.
enum DocCImage: Hashable, Sendable {
  case diagram(DiagramSubject)
  case changes
}
