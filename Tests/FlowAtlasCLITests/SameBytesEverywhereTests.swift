import FlowAtlasRender
import Foundation
import Testing

/// The examples' site is the same, byte for byte, under two font set-ups that measure text
/// differently: SVG labels are measured with built-in metrics, not the machine's fonts; the
/// pictures (wireframes drawn with a font of our own) and their thumbnails use no font at all.
@Suite(.serialized) struct SameBytesEverywhereTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The machine's own fonts, and a fontconfig that finds none (pango then falls back).
  static func fontSetups(in folder: URL) throws -> [[String: String]] {
    let empty = folder.appendingPathComponent("no-fonts")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent("fonts.conf")
    try Data(
      """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
      <fontconfig><dir>\(empty.path)</dir><cachedir>\(empty.path)</cachedir></fontconfig>

      """.utf8
    ).write(to: config)
    return [[:], ["FONTCONFIG_FILE": config.path]]
  }

  /// `dot -Tsvg` (pango) under `environment`.
  static func dotWithPango(_ dot: String, environment: [String: String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try ReferenceDot.executable())
    process.arguments = ["-Tsvg"]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    input.fileHandleForWriting.write(Data(dot.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }

  @Test func theExamplesSiteIsTheSameUnderTwoFontSetUps() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let setups = try Self.fontSetups(in: folder)
    // The two set-ups do measure text differently: pango gives dot other widths.
    let label =
      #"digraph g { node [fontname="Helvetica,Arial,sans-serif"]; a [label="ProductDetailViewController"] }"#
    let measured = try setups.map { try Self.dotWithPango(label, environment: $0) }
    #expect(measured[0] != measured[1], "the font set-ups should measure differently")

    let traces = try FileManager.default.contentsOfDirectory(atPath: Self.root.path + "/examples").sorted()
      .map { Self.root.path + "/examples/" + $0 + "/traces" }
      .filter { FileManager.default.fileExists(atPath: $0) }
    #expect(traces.count >= 2)
    var sites: [[String: Data]] = []
    for (index, environment) in setups.enumerated() {
      let site = folder.appendingPathComponent("site-\(index)").path
      let result = try await runFlowatlas(
        ["build"] + traces + [
          "--notes", Self.root.path + "/examples/notes", "--output", site, "--jobs", "2",
        ],
        environment: environment)
      #expect(result.status == 0, "\(result.err)")
      sites.append(IncrementalRebuildTests.contents(of: site))
    }
    #expect(sites[0].count > 50)
    // The pictures too: the examples' wireframes, copied, and their thumbnails, made.
    #expect(sites[0].keys.filter { $0.hasPrefix("images/thumbnails/") && $0.hasSuffix(".png") }.count >= 40)
    #expect(sites[0].keys.filter { $0.hasPrefix("images/") && !$0.contains("thumbnails") }.count >= 40)
    #expect(sites[0].keys.sorted() == sites[1].keys.sorted())
    let differing = sites[0].keys.filter { sites[0][$0] != sites[1][$0] }.sorted()
    #expect(differing.isEmpty, "files that differ: \(differing.prefix(10))")
  }
}
