import FlowAtlasRecording
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
