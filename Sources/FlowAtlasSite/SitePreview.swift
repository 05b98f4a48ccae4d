import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasLock
import Foundation

/// What `flowatlas preview` adds to a site while it runs, so that the pages open in a browser
/// follow its builds: `assets/preview.js` (the page's side, ``SiteAssets/previewScript``),
/// `assets/preview-state.js` (which build is the latest, and whether one is running) and
/// `assets/preview-build.js` (what each page of the latest build is made of, and its problems).
///
/// From `file://` a page can read no other file, but it can load a script: `preview.js` loads
/// `preview-state.js` again every half second, and `preview-build.js` when the build changed. A
/// page loads `preview.js` only in a tab opened at the address the preview prints
/// (`index.html?preview`, which `site.js` remembers for the tab), so a built site, and any page
/// opened otherwise, loads nothing more.
///
/// None of these files is a build's: no manifest lists them. The builds a preview runs carry them
/// into the next site as they carry a person's files (``carriesPreviewFiles``); every other build
/// removes them first (``SiteBuilder/tidy(_:)``: a preview killed without warning would leave
/// them in every later site), and the preview removes them when it stops (``remove(from:)``).
package enum SitePreview {
  package static let scriptPath = "assets/preview.js"
  package static let statePath = "assets/preview-state.js"
  package static let buildPath = "assets/preview-build.js"
  /// Every file the preview writes into a site.
  package static let paths = [scriptPath, statePath, buildPath]
  /// The problems a page lists at most; the terminal has them all.
  static let problemLimit = 500

  /// Where the preview is.
  package struct State: Sendable, Equatable {
    /// The preview's count of builds, the first 1.
    package var build: Int
    /// True while that build runs: the site may change under a page that loads meanwhile.
    package var busy: Bool
    /// When the latest build to end ended, in milliseconds since 1970 (the clock a browser's
    /// `performance.timeOrigin` reads): a page that began loading before then may show an
    /// older site than the one described, and loads again.
    package var finished: Int64
    /// The latest build's exit status (``ExitStatus``), nil while it runs.
    package var status: Int32?
    /// The lines the build printed as warnings or errors.
    package var problems: [String]

    package init(build: Int, busy: Bool, finished: Int64, status: Int32? = nil, problems: [String] = []) {
      self.build = build
      self.busy = busy
      self.finished = finished
      self.status = status
      self.problems = problems
    }
  }

  /// Writes `state` into the site in `site`: the script, the state and, once the build has ended,
  /// what each page is made of. Nothing is written into a folder that holds no FlowAtlas site
  /// (the first build failed): it would make the folder one the next build refuses.
  /// - Throws: ``SiteError/writeFailed(path:reason:)`` naming the file.
  package static func write(_ state: State, into site: URL) throws(SiteError) {
    let folder = OutputFolder.resolved(site)
    guard let manifest = OutputFolder.manifest(in: folder), manifest.kind == .site else { return }
    try put(SiteAssets.previewScript, at: scriptPath, in: folder)
    if !state.busy { try put(buildScript(state, manifest: manifest), at: buildPath, in: folder) }
    try put(stateScript(state), at: statePath, in: folder)
  }

  /// Set in the environment of the builds a preview runs.
  package static let environmentKey = "FLOWATLAS_PREVIEW_BUILD"

  /// Whether builds in this process leave a preview's files in place, to be carried into the next
  /// site: the builds a preview runs (``environmentKey``); tests set it.
  static let carriesPreviewFiles = Lock(ProcessInfo.processInfo.environment[environmentKey] == "1")

  /// Removes the preview's files from the site in `site`, and what a preview killed while writing
  /// one left; nothing from a folder that is not a FlowAtlas site.
  package static func remove(from site: URL) {
    let folder = OutputFolder.resolved(site)
    guard OutputFolder.manifest(in: folder)?.kind == .site else { return }
    for path in paths { unlink(folder.appendingPathComponent(path).path) }
    let assets = folder.appendingPathComponent("assets")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: assets.path)) ?? []
    where name.hasPrefix(temporaryPrefix) {
      unlink(assets.appendingPathComponent(name).path)
    }
  }

  /// `window.FLOWATLAS_PREVIEW = {…}`: the few bytes a page loads every half second.
  static func stateScript(_ state: State) -> String {
    "window.FLOWATLAS_PREVIEW = {\"build\": \(state.build), \"busy\": \(state.busy), "
      + "\"finished\": \(state.finished)};\n"
  }

  /// `window.FLOWATLAS_PREVIEW_BUILD = {…}`: the build's status and problems, and per page a
  /// version that changes when the page's bytes or the files every page loads (the search index,
  /// which lists each app's journeys in its sidebar; the stylesheet and scripts) change.
  static func buildScript(_ state: State, manifest: SiteManifest) -> String {
    let shared = SiteBuilder.sharedFiles.map { manifest.files[$0]?.hash ?? "-" }.joined(separator: " ")
    var versions: [String] = []
    for path in manifest.files.keys.sorted() where path.hasSuffix(".html") {
      let version = Fingerprint.fast128(Array("\(manifest.files[path]!.hash) \(shared)".utf8)).prefix(16)
      versions.append("\(JSONString.literal(path, options: .scriptSafe)): \"\(version)\"")
    }
    var problems = state.problems.prefix(problemLimit).map { JSONString.literal($0, options: .scriptSafe) }
    if state.problems.count > problemLimit {
      problems.append(
        JSONString.literal("… and \(state.problems.count - problemLimit) more (see the terminal)"))
    }
    return "window.FLOWATLAS_PREVIEW_BUILD = {\"build\": \(state.build), \"status\": \(state.status ?? 0), "
      + "\"problems\": [\(problems.joined(separator: ", "))],\n\"pages\": {\n"
      + versions.joined(separator: ",\n") + "\n}};\n"
  }

  private static let temporaryPrefix = ".preview-"

  /// Writes `text` at `path` in `folder` whole: a page never loads half a file.
  private static func put(_ text: String, at path: String, in folder: URL) throws(SiteError) {
    let target = folder.appendingPathComponent(path)
    let temporary = target.deletingLastPathComponent().appendingPathComponent(
      "\(temporaryPrefix)\(getpid())-\(target.lastPathComponent)")
    do {
      try Data(text.utf8).write(to: temporary)
    } catch {
      unlink(temporary.path)
      throw .writeFailed(path: target.path, reason: error.localizedDescription)
    }
    guard rename(temporary.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary.path)
      throw .writeFailed(path: target.path, reason: reason)
    }
  }
}
