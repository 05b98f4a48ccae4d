import FlowAtlasBytes
import FlowAtlasJourneys
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation
import Testing

/// The UI test's side of recording: what it tells the app, and which files it collects after.
@Suite struct UITestTracesTests {
  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ui-traces-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func theAppWritesWhereTheTestLooksUnderTheTestsName() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let traces = UITestTraces(folder: folder)
    let test = "-[CheckoutUITests testBuyOneProduct]"

    // The app, launched with the test's environment, as the app side of the guide does it.
    let environment = traces.launchEnvironment(forTest: test).merging(["HOME": "/"]) { $1 }
    let destination = TraceDestination(environment: environment, caches: "/caches", run: "launch")
    #expect(destination.source == .launchEnvironment && destination.folder == folder)
    #expect(destination.run == test)
    let writer = TraceWriter(path: destination.path(unique: "4242-1733050000"))
    let recorder = Recorder(header: TraceHeader(app: "Shop", run: destination.run), sink: writer)
    recorder.note("launched by a UI test")
    recorder.finish()

    let found = traces.files(forTest: test)
    #expect(found == [destination.path(unique: "4242-1733050000")])
    let document = try TraceDocument.read(path: found[0])
    #expect(document.header?.run == test)
  }

  @Test func onlyThisTestsRegularTraceFilesAreCollected() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let traces = UITestTraces(folder: folder)
    let test = "-[CheckoutUITests testBuy]"
    let mine = TraceDestination.fileName(test)
    let other = TraceDestination.fileName("-[CheckoutUITests testBuyTwo]")
    // This test's runs, then other tests' runs, then a file that is not a trace.
    for name in [
      "\(mine)-1-2.jsonl", "\(mine)-3-4.jsonl", "\(mine).jsonl", "\(mine)more-1.jsonl", "\(other)-1.jsonl",
      "\(mine)-5.txt",
    ] {
      try Data("{}\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/\(mine)-6.jsonl", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/\(mine)-7.jsonl", withDestinationPath: "/etc/passwd")
    #expect(
      traces.files(forTest: test)
        == ["\(mine)-1-2.jsonl", "\(mine)-3-4.jsonl", "\(mine).jsonl"].map {
          folder + "/" + $0
        })
    #expect(UITestTraces(folder: folder + "/missing").files(forTest: test) == [])
  }

  @Test func theStandardFolderIsInTheRunnersTemporaryFolder() {
    let standard = UITestTraces.standard.folder
    #expect(standard.hasSuffix("/FlowAtlasTraces"))
    #expect(standard.hasPrefix(FileManager.default.temporaryDirectory.path.replacing("//", with: "/")))
    #expect(
      UITestTraces.standard.launchEnvironment(forTest: "t")
        == [TraceDestination.folderVariable: standard, TraceDestination.runVariable: "t"])
  }
}

/// Screenshots in UI tests: the test asks through the launch environment, the app takes them
/// beside its trace, and the test collects the pictures its traces name, and only those.
@MainActor @Suite struct UITestScreenshotsTests {
  @Test func theTestAsksForScreenshotsAndCollectsThePicturesItsTracesName() throws {
    let folder = try UITestTracesTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let traces = UITestTraces(folder: folder)
    let test = "-[CheckoutUITests testBuyOneProduct]"
    let environment = traces.launchEnvironment(forTest: test, screenshots: .everyTime)
    let destination = TraceDestination(environment: environment, caches: "/caches", run: "launch")
    #expect(destination.screenshots == .everyTime)
    #expect(
      TraceDestination(environment: ["FLOWATLAS_SCREENSHOTS": "sometimes"], caches: "/c", run: "r")
        .screenshots
        == nil)

    // The app's side: record with pictures, as docs/ui-tests.md shows.
    let writer = TraceWriter(path: destination.path(unique: "1"))
    let recorder = Recorder(header: TraceHeader(app: "Shop", run: destination.run), sink: writer)
    let policy = try #require(destination.screenshots)
    recorder.takeScreenshots(policy, folder: destination.folder) { screen in
      let png = PNGEncoder.encode(
        width: 2, height: 2, rgb: [UInt8](repeating: UInt8(screen.screenType.count), count: 12))
      return Screenshot(png: png, width: 2, height: 2)
    }
    let router = recorder.router(wrapping: StackRouter())
    router.setRoot(ProductListScreen(), animated: false)
    router.push(PaymentScreen(), animated: true)
    router.pop(animated: true)
    recorder.finish()

    // Another test's picture in the same folder is not collected.
    try Data([1]).write(to: URL(fileURLWithPath: folder + "/images/other.png"))
    let images = traces.images(forTest: test)
    #expect(images.count == 2)
    for image in images {
      #expect(image.file.hasPrefix("images/") && image.path == folder + "/" + image.file)
      #expect(FileManager.default.fileExists(atPath: image.path))
    }
  }

  @Test func onlyRegularFilesInsideTheFolderAreCollected() throws {
    let folder = try UITestTracesTests.folder()
    let outside = try UITestTracesTests.folder()
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: outside)
    }
    let traces = UITestTraces(folder: folder)
    let test = "-[T testPictures]"
    try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
    try Data([1]).write(to: URL(fileURLWithPath: folder + "/images/good.png"))
    try Data([2]).write(to: URL(fileURLWithPath: outside + "/secret.png"))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/images/link.png", withDestinationPath: outside + "/secret.png")
    try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: outside)
    try FileManager.default.createDirectory(
      atPath: folder + "/images/dir.png", withIntermediateDirectories: true)
    let named = [
      "images/good.png", "images/good.png", "../\((outside as NSString).lastPathComponent)/secret.png",
      outside + "/secret.png", "images/link.png", "out/secret.png", "images/missing.png", "images/dir.png",
      "images//good.png",
    ]
    var lines = [#"{"flowatlas":"trace","version":1,"app":"A","run":"r"}"#]
    for (index, file) in named.enumerated() {
      lines.append(#"{"seq":\#(index + 1),"event":"screen.image","screen":"s1","file":"\#(file)"}"#)
    }
    let trace = folder + "/" + TraceDestination.fileName(test) + "-1.jsonl"
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: trace))
    #expect(traces.images(forTest: test).map(\.file) == ["images/good.png"])
  }
}
