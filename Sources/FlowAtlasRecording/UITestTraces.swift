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
