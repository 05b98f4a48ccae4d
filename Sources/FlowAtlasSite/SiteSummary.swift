/// What a build wrote.
package struct SiteSummary: Hashable, Sendable {
  /// The HTML pages, relative to the site root, sorted.
  package var pages: [String]
  /// Diagrams the provider drew in this build.
  package var diagramsDrawn: Int
  /// Diagrams reused from the previous build because nothing they depend on changed.
  package var diagramsReused: Int
  /// True when the folder already held exactly this site and nothing was written.
  package var unchanged: Bool
  /// Notes passed over (a symlink, a FIFO, a folder, not UTF-8): warnings, not failures.
  package var skippedNotes: [NotesFolder.Skipped] = []
}
