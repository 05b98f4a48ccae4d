import Foundation

/// The UI test's side of ``TraceDestination``: what a test puts in the launch environment of the
/// app it launches, and which files that run of the app then wrote, to attach to the test.
///
/// The XCTest helper (`FlowAtlasUITesting`, where XCTest UI testing exists) is a thin layer over
/// this, so everything it decides is tested on every platform.
public struct UITestTraces: Hashable, Sendable {
  /// The folder the app is told to write into. A simulator's app and its test runner share
  /// the Mac's file system, so the runner reads what the app wrote.
  public let folder: String

  /// - Parameter folder: where the app under test writes its traces.
  public init(folder: String) {
    self.folder = folder
  }

  /// `FlowAtlasTraces` in the test runner's temporary folder.
  public static var standard: UITestTraces {
    UITestTraces(
      folder: FileManager.default.temporaryDirectory.appendingPathComponent("FlowAtlasTraces").path)
  }

  /// What the test adds to the app's launch environment so that the run is written into
  /// ``folder`` and named after the test.
  /// - Parameter test: the test's name (`XCTestCase.name`, `-[CheckoutUITests testBuyOne]`).
  public func launchEnvironment(forTest test: String) -> [String: String] {
    [TraceDestination.folderVariable: folder, TraceDestination.runVariable: test]
  }

  /// The same, asking the app to take screenshots as `screenshots` says
  /// (``TraceDestination/screenshots``).
  /// - Parameters:
  ///   - test: the test's name.
  ///   - screenshots: when the app takes them.
  public func launchEnvironment(forTest test: String, screenshots: ScreenshotPolicy) -> [String: String] {
    launchEnvironment(forTest: test).merging([TraceDestination.screenshotsVariable: screenshots.rawValue]) {
      $1
    }
  }

  /// What a picture the recorder wrote (`images/<hash>.<png|jpg>`) is called as an attachment of
  /// the test: `flowatlas-image-<hash>`, the name `scripts/collect-xcresult-traces` reads back
  /// from an exported `.xcresult` (Xcode adds `_<n>_<UUID>.<extension>` to it). Nil for a picture
  /// elsewhere (an app's own capture that names its files otherwise): collect those yourself.
  public static func attachmentName(ofImage file: String) -> String? {
    let parts = file.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "images" else { return nil }
    let name = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    guard name.count == 2, ["png", "jpg"].contains(name[1]), !name[0].isEmpty,
      name[0].allSatisfy({ $0.isASCII && ($0.isHexDigit) })
    else { return nil }
    return "flowatlas-image-\(name[0])"
  }

  /// The pictures the traces of `test` name (`screen.image`), each once, sorted by name: as
  /// `(file, path)`, `file` relative to ``folder`` as the traces write it (`images/<hash>.png`)
  /// and `path` where it is. Only regular files inside the folder are listed: not a name that is
  /// absolute or has a `..` component, not one reached through a symbolic link, not a missing file.
  public func images(forTest test: String) -> [(file: String, path: String)] {
    var named: Set<String> = []
    for trace in files(forTest: test) {
      guard let text = try? String(contentsOfFile: trace, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") where line.contains("\"screen.image\"") {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          object["event"] as? String == "screen.image", let file = object["file"] as? String
        else { continue }
        named.insert(file)
      }
    }
    return named.sorted().compactMap { file in
      let parts = file.split(separator: "/", omittingEmptySubsequences: false)
      guard !file.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0.isEmpty }) else { return nil }
      // Each component as it is on disk, none a link: what is listed is inside the folder.
      var path = folder
      for (index, part) in parts.enumerated() {
        path += "/" + part
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        guard index == parts.count - 1 ? kind == S_IFREG : kind == S_IFDIR else { return nil }
      }
      return (file, path)
    }
  }

  /// The traces the runs named after `test` wrote into ``folder``, sorted: regular files named
  /// `<test as a file name>-<unique>.jsonl` (``TraceDestination/path(unique:)``); none when the
  /// folder is missing. Another test's files never match, since a test's name cannot hold the
  /// `-` that would make one file name the start of another.
  public func files(forTest test: String) -> [String] {
    let prefix = TraceDestination.fileName(test)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { name in
      guard name.hasSuffix(".jsonl") else { return false }
      let stem = name.dropLast(".jsonl".count)
      guard stem == prefix || stem.hasPrefix(prefix + "-") else { return false }
      var info = stat()
      return lstat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
    .sorted().map { folder + "/" + $0 }
  }
}
