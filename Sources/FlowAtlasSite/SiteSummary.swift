/// What a build wrote.
public struct SiteSummary: Hashable, Sendable {
  /// The HTML pages, relative to the site root, sorted.
  public var pages: [String]
  /// Diagrams the provider drew in this build.
  public var diagramsDrawn: Int
  /// Diagrams reused from the previous build because nothing they depend on changed.
  public var diagramsReused: Int
  /// True when the folder already held exactly this site and nothing was written.
  public var unchanged: Bool
  /// Notes passed over (a symlink, a FIFO, a folder, not UTF-8): warnings, not failures.
  public var skippedNotes: [NotesFolder.Skipped] = []
}
