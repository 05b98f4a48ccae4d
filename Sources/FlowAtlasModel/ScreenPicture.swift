import FlowAtlasTraceReader

/// A screenshot a run names (`screen.image`, trace format revision 4): which screen type it
/// shows and where its file is. The file is read and checked only by a build, which shows it.
package struct ScreenPicture: Hashable, Sendable {
  /// The type of the screen it shows.
  package var screenType: String
  /// Its path, relative to the folder of the trace (the reader refused absolute paths and `..`).
  package var file: String
  /// The `screen.image` line, where a problem with the file is reported.
  package var line: Int
  /// The size the trace gives, which the file must have.
  package var width: Int?
  package var height: Int?

  package init(screenType: String, file: String, line: Int, width: Int? = nil, height: Int? = nil) {
    self.screenType = screenType
    self.file = file
    self.line = line
    self.width = width
    self.height = height
  }
}

/// A screen type a run showed, and the step (from 1) of its journey that first did.
package struct ScreenShowing: Hashable, Sendable {
  package var screenType: String
  package var step: Int

  package init(screenType: String, step: Int) {
    self.screenType = screenType
    self.step = step
  }
}

extension Diagnostic {
  /// Whether the problem happened on the screen shown at its line: all but a leak, which is found
  /// when its run ends, on whatever screen was last.
  package var isOnItsLinesScreen: Bool { code != .coordinatorLeak }
}

/// The screen shown when a line of a trace was read.
package struct ScreenAtLine: Hashable, Sendable {
  package var line: Int
  package var screenType: String

  package init(line: Int, screenType: String) {
    self.line = line
    self.screenType = screenType
  }
}

/// A screenshot's file as a build read and checked it (a PNG or JPEG decoded to its last pixel): what a page needs to show it.
package struct CheckedPicture: Hashable, Sendable, Encodable {
  /// `Fingerprint.sha256` of its bytes: its name in the site, each distinct picture once.
  package var hash: String
  /// `png` or `jpg`.
  package var fileExtension: String
  package var width: Int
  package var height: Int
  /// Where it was read (through the trace's folder), to be copied into the site: not part of
  /// what a page shows.
  package var path: String
  /// Whether the site has a small copy of it (`PageScheme.thumbnail(hash:)`), which galleries
  /// and flow pages show instead of the file.
  package var hasThumbnail: Bool

  package init(
    hash: String, fileExtension: String, width: Int, height: Int, path: String, hasThumbnail: Bool = false
  ) {
    self.hash = hash
    self.fileExtension = fileExtension
    self.width = width
    self.height = height
    self.path = path
    self.hasThumbnail = hasThumbnail
  }

  /// What a page shows of it, as a cache key names it: every field but ``path`` (the same
  /// picture read from another folder is the same page).
  private enum CodingKeys: String, CodingKey {
    case hash, fileExtension, width, height, hasThumbnail
  }
}

extension NavigationModel {
  /// The model with each screen's picture set, each run's own (what its journey shows), and
  /// `problems` (the screenshots that could not be shown) added to its diagnostics and to those
  /// of the app whose trace names each.
  /// - Parameters:
  ///   - pictures: by app name, then screen type.
  ///   - runPictures: by the run's file, then the `screen.image` line.
  package func withPictures(
    _ pictures: [String: [String: CheckedPicture]], ofRuns runPictures: [String: [Int: CheckedPicture]],
    problems: [Diagnostic]
  ) -> NavigationModel {
    var apps = self.apps
    for index in apps.indices {
      let app = apps[index]
      let found = pictures[app.name] ?? [:]
      for screen in apps[index].screens.indices {
        apps[index].screens[screen].picture = found[apps[index].screens[screen].type]
      }
      apps[index].setCheckedPictures(runPictures)
      let files = Set(app.runs.map(\.file))
      let own = problems.filter { files.contains($0.file) }
      if !own.isEmpty { apps[index].diagnostics = (app.diagnostics + own).sorted() }
    }
    return NavigationModel(apps: apps, diagnostics: diagnostics + problems)
  }
}
