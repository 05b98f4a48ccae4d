import Dispatch
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasPattern
import FlowAtlasTrace
import Foundation

/// A picture of the app as the person saw it once a screen was shown: what the capture gives the
/// recorder, to be written beside the trace as `screen.image`.
public struct Screenshot: Sendable {
  /// The image file's bytes.
  public let bytes: [UInt8]
  /// Its size in pixels.
  public let width: Int
  public let height: Int
  /// `png` or `jpg`: the file's extension.
  public let fileExtension: String

  /// - Parameters:
  ///   - png: A PNG file's bytes.
  ///   - width: Its width in pixels.
  ///   - height: Its height in pixels.
  public init(png: [UInt8], width: Int, height: Int) {
    (bytes, self.width, self.height, fileExtension) = (png, width, height, "png")
  }

  /// The width and height a PNG's header gives, or nil for bytes that are no PNG.
  /// - Parameter png: The file's bytes.
  package static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
    guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      png[12..<16].elementsEqual("IHDR".utf8)
    else { return nil }
    func number(at offset: Int) -> Int { png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(at: 16), number(at: 20))
  }

  /// - Parameters:
  ///   - jpeg: A JPEG file's bytes.
  ///   - width: Its width in pixels.
  ///   - height: Its height in pixels.
  public init(jpeg: [UInt8], width: Int, height: Int) {
    (bytes, self.width, self.height, fileExtension) = (jpeg, width, height, "jpg")
  }
}

/// When a run takes a screenshot of a screen it showed.
public enum ScreenshotPolicy: String, Hashable, Sendable, CaseIterable {
  /// The first time each type of screen is shown in the run: one picture per screen of the site,
  /// at the least cost.
  case firstOfEachType
  /// Every time a screen is shown (a picture per step of a journey).
  case everyTime
  /// None: what a recorder does unless asked.
  case never
}

/// What the main actor alone knows of a run's screenshots, kept in a ``Recorder`` (which is
/// `Sendable`): read on every navigation, it costs no lock.
@MainActor
final class ScreenshotSwitch {
  /// Whether the run takes screenshots.
  var isOn = false
  /// Whether only the first screen of each type is pictured.
  var firstOfEachType = false
  /// The types pictured so far, where only the first of each is: no lock to pass them by.
  var pictured: Set<String> = []
  nonisolated init() {}
}

/// What a run does with screenshots: when it takes them, how, and where it writes them.
struct ScreenshotSettings: Sendable {
  let policy: ScreenshotPolicy
  /// The trace's folder: files are named relative to it.
  let folder: String
  let capture: @MainActor @Sendable (any Presentable) -> Screenshot?
  /// Writes the files in order, off the main thread.
  let writer: ScreenshotFiles
}

/// Writes each distinct picture of a run once, as `images/<fingerprint>.<ext>` beside the trace,
/// on a queue of its own so that the app never waits on the disk; ``Recorder/finish()`` waits for
/// it. A file already there (an earlier run's, of the same bytes) is kept. A picture that cannot
/// be written is said on standard error; the trace's `screen.image` then names a missing file,
/// which the reader reports as `bad-image`.
final class ScreenshotFiles: Sendable {
  static let subfolder = "images"
  private let queue = DispatchQueue(label: "FlowAtlas.screenshots")
  private let written = Lock<Set<String>>([])
  let folder: String

  init(folder: String) { self.folder = folder }

  /// The name `screenshot` is written under, relative to the trace's folder; it is written unless
  /// this run wrote those bytes already.
  func write(_ screenshot: Screenshot) -> String {
    let name = "\(Self.subfolder)/\(Fingerprint.fast128(screenshot.bytes)).\(screenshot.fileExtension)"
    let isNew = written.withLock { $0.insert(name).inserted }
    if isNew {
      let (folder, bytes) = (folder, screenshot.bytes)
      queue.async { Self.writeFile(bytes, named: name, in: folder) }
    }
    return name
  }

  /// Returns once every picture asked for so far is written.
  func flush() { queue.sync {} }

  private static func writeFile(_ bytes: [UInt8], named name: String, in folder: String) {
    let path = "\(folder)/\(name)"
    let manager = FileManager.default
    if manager.fileExists(atPath: path) { return }
    do {
      try manager.createDirectory(atPath: "\(folder)/\(subfolder)", withIntermediateDirectories: true)
      // Whole or not at all: a reader never sees half a picture.
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      FileHandle.standardError.write(
        Data("FlowAtlas: warning: cannot write the screenshot \(path): \(error.localizedDescription)\n".utf8))
    }
  }
}

extension Recorder {
  /// Takes screenshots of the screens this run shows, from now on, and records each as
  /// `screen.image` beside the trace (trace format revision 4).
  ///
  /// A picture is taken once the transition that showed its screen has finished (the
  /// navigation controller's `didShow`, a presentation's completion, the SwiftUI router's path
  /// change, a headless router's change) and written to `images/` in `folder`, named after its
  /// bytes, so each distinct picture is written once. What must not leave the device is the
  /// capture's to hide: the UIKit capture (``takeScreenshots(_:folder:)``, on UIKit) blanks
  /// secure text fields and the views the app marks.
  /// - Parameters:
  ///   - policy: When: the first time each type of screen is shown (the default), every time,
  ///     or never.
  ///   - folder: The trace's folder (``TraceWriter/path`` without its file name).
  ///   - capture: Takes the picture of `screen` as the person sees it now, or returns nil
  ///     (the screen is not in a window): nothing is recorded then.
  @MainActor
  public func takeScreenshots(
    _ policy: ScreenshotPolicy = .firstOfEachType, folder: String,
    capture: @escaping @MainActor @Sendable (any Presentable) -> Screenshot?
  ) {
    let settings = ScreenshotSettings(
      policy: policy, folder: folder, capture: capture, writer: ScreenshotFiles(folder: folder))
    let replaced = state.withLock { $0.screenshots }
    state.withLock { $0.screenshots = settings }
    // Asked again: what the earlier settings wrote is on disk before they go.
    replaced?.writer.flush()
    screenshotSwitch.isOn = policy != .never
    screenshotSwitch.firstOfEachType = policy == .firstOfEachType
  }

  /// Whether the run takes screenshots: read on every navigation, so without a lock.
  @MainActor
  var takesScreenshots: Bool { screenshotSwitch.isOn }

  /// A screen finished appearing: its picture is taken and recorded if the policy asks for one.
  @MainActor
  func screenWasShown(_ screen: any Presentable) {
    let type = screen.recordedType.qualified
    if screenshotSwitch.firstOfEachType, screenshotSwitch.pictured.contains(type) { return }
    let handle = ObjectHandle(screen)
    guard let settings = state.withLock({ $0.screenshotWanted(of: handle) }),
      let picture = settings.capture(screen)
    else { return }
    let file = settings.writer.write(picture)
    record { state in
      state.screenshotTaken(of: handle).map {
        .screenImage(screen: $0, file: file, width: picture.width, height: picture.height)
      }
    }
    if screenshotSwitch.firstOfEachType { screenshotSwitch.pictured.insert(type) }
  }

  /// Waits until every screenshot asked for is on disk.
  func flushScreenshots() {
    state.withLock { $0.screenshots }?.writer.flush()
  }
}

extension RecorderState {
  /// The settings to take `handle`'s picture with, if the policy wants it now: a screen the run
  /// has mentioned, of a type not pictured yet where only the first of each is, and not the
  /// screen just pictured with nothing recorded since (one showing, one picture).
  func screenshotWanted(of handle: ObjectHandle) -> ScreenshotSettings? {
    guard let settings = screenshots, !isFinished, let type = screenType(of: handle) else { return nil }
    if let last = lastPictured, last.screen == handle.key, last.seq == seq { return nil }
    switch settings.policy {
    case .never: return nil
    case .everyTime: return settings
    case .firstOfEachType: return picturedTypes.contains(type) ? nil : settings
    }
  }

  /// Notes that `handle`'s screen was pictured; returns its id, or nil where the policy no longer
  /// wants it (its type was pictured meanwhile).
  mutating func screenshotTaken(of handle: ObjectHandle) -> String? {
    guard screenshotWanted(of: handle) != nil, let type = screenType(of: handle) else { return nil }
    picturedTypes.insert(type)
    // The picture's event is the next one recorded.
    lastPictured = (handle.key, seq + 1)
    return screenID(of: handle)
  }
}
