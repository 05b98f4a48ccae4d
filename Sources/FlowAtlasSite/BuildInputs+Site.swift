import FlowAtlasBuild

extension BuildInputs {
  /// The inputs of a site build for these trace files and notes folder (stat only).
  /// - Parameters:
  ///   - tool: what else outside FlowAtlas's code the site's bytes depend on (the libraries
  ///     it draws and decodes with, the fonts); the cmark-gfm that renders notes is added here,
  ///     and the code itself is the record's header (``CacheFormat``).
  ///   - notes: the folder of notes; the notes the site reads, and those it passes over, are
  ///     inputs, and nothing else in the folder.
  /// - Throws: ``SiteError/inputUnreadable(path:reason:)`` when an input cannot be examined.
  package init(tool: [String], files: [String], notes: String?, baseline: [String] = []) throws(SiteError) {
    let found =
      notes.map { (try? NotesFolder.scan($0)) ?? (notes: [], skipped: []) } ?? (notes: [], skipped: [])
    do {
      try self.init(
        settings: tool + ["notes \(Markdown.libraryVersion)"], files: files,
        notes: found.notes.map(\.path),
        skippedNotes: found.skipped.map(\.path), baseline: baseline)
    } catch {
      throw .inputUnreadable(path: error.path, reason: error.reason)
    }
  }
}
