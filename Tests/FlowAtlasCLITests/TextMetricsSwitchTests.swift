import FlowAtlasBuild
import FlowAtlasRender
import Foundation
import Testing

@testable import FlowAtlasCLI

/// `FLOWATLAS_TEXT_METRICS=fonts`, the one switch on text measurement, in real processes (the
/// choice is made once per process).
@Suite struct TextMetricsSwitchTests {
  /// On diagrams without edge labels (FlowAtlas places those itself, so they are not where `dot`
  /// puts them, and every transition of a map has one: its count): a journey, laid out from its
  /// own DOT, and the hierarchy, laid out with its texts masked and filled in after.
  @Test(arguments: ["run:buy", "hierarchy"])
  func fontsMeasuresSVGAsTheDotCommandDoes(diagram: String) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // No action, so no trigger: a journey's steps have no labels.
    let trace = try writeTrace(
      shopTrace.filter { !$0.contains("user.action") }, named: "shop.jsonl", in: folder)
    func render(_ name: String, _ format: String, _ environment: [String: String]) async throws -> Data {
      let output = folder.appendingPathComponent(name)
      let result = try await runFlowatlas(
        ["render", trace, "--diagram", diagram, "--format", format, "--output", output.path],
        environment: environment)
      #expect(result.status == 0, "\(result.err)")
      return try Data(contentsOf: output)
    }
    let dot = try await render("app.dot", "dot", [:])
    let fonts = try await render("fonts.svg", "svg", ["FLOWATLAS_TEXT_METRICS": "fonts"])
    let builtIn = try await render("built-in.svg", "svg", [:])

    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ReferenceDot.executable())
    process.arguments = ["-Tsvg", folder.appendingPathComponent("app.dot").path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let drawn = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let svg = try #require(drawn.range(of: "<svg")).lowerBound
    #expect(!dot.isEmpty)
    #expect(!String(decoding: dot, as: UTF8.self).contains("xlabel"))
    #expect(String(decoding: fonts, as: UTF8.self) == String(drawn[svg...]))
    #expect(builtIn != fonts)
  }

  @Test func versionSaysWhichMeasurementIsInUse() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func version(_ environment: [String: String]) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: builtExecutable)
      process.arguments = ["--version"]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return text
    }
    #expect(try version([:]).contains("text measurement: SVG by Graphviz's built-in metrics"))
    // The build the program names is its own executable's.
    let build = try #require(CacheFormat.identity(ofExecutableAt: builtExecutable))
    #expect(try version([:]).contains("\nbuild: \(build) ("))
    #expect(try version(["FLOWATLAS_TEXT_METRICS": "fonts"]).contains("(FLOWATLAS_TEXT_METRICS=fonts)"))
  }
}
