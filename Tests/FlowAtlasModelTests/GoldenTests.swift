import FlowAtlasBuild
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation
import Testing

@testable import FlowAtlasModel

/// `model.json` for the hand-written traces in `Fixtures`, compared byte for byte.
/// `FLOWATLAS_RECORD=1 swift test --filter GoldenTests` re-records (and fails, so it is never silent).
@Suite("Golden model.json")
struct GoldenTests {
  static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.path
  /// The goldens, compared and re-recorded in the source tree, not the built bundle.
  static let golden = Golden("Fixtures")

  static let cases: [(golden: String, files: [String])] = [
    ("stacks", ["stacks.jsonl"]),
    ("tabs", ["tabs.jsonl"]),
    ("beneath", ["beneath.jsonl"]),
    ("triggers", ["triggers.jsonl"]),
    ("owners", ["owners.jsonl"]),
    ("hierarchy", ["hierarchy.jsonl"]),
    ("problems", ["problems.jsonl", "bad-header.jsonl"]),
    // Revision 2: system navigation, popTo, orphans, background triggers, owners, null.
    ("system", ["system.jsonl"]),
    // Revision 4: containers, screen.update, module, a running flow started again,
    // duplicate-run, deeplink-ignored, user.action introducing its screen.
    ("containers", ["containers.jsonl", "containers-retry.jsonl"]),
    ("all", allFiles),
  ]

  static var allFiles: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: fixtures))?.filter { $0.hasSuffix(".jsonl") }
      .sorted() ?? []
  }

  /// A builder that reads fixtures but names them by their file name alone, so goldens
  /// do not depend on where the package is checked out.
  static func builder(workers: Int) -> FixtureBuilder { FixtureBuilder(workers: workers) }

  struct FixtureBuilder {
    var workers: Int

    func build(files: [String]) throws -> NavigationModel {
      try ModelBuilder(keepsJourneys: true, workers: workers).build(files: files) { file, replay in
        try TraceReader(path: fixtures + "/" + file, displayPath: file).readHashing(into: &replay)
      }
    }
  }

  @Test(arguments: cases.map(\.golden))
  func modelMatchesGolden(golden: String) throws {
    let files = Self.cases.first { $0.golden == golden }!.files
    let json = ModelExport.json(try Self.builder(workers: 2).build(files: files))
    let name = golden + ".model.json"
    try Self.golden.check(json, name: name)
  }

  @Test(arguments: [1, 2, 3, 8])
  func inputOrderAndWorkerSplitGiveTheSameBytes(workers: Int) throws {
    let files = Self.allFiles
    let reference = ModelExport.json(try Self.builder(workers: 1).build(files: files))
    var random = SeededRandom(seed: 8)
    for order in [files, files.reversed(), files.shuffled(using: &random), files + files] {
      #expect(
        ModelExport.json(try Self.builder(workers: workers).build(files: order)) == reference,
        "\(order), \(random)")
    }
  }

  @Test func aFileThatCannotBeOpenedIsAnErrorNamingIt() {
    #expect(throws: TraceReadError.self) { try Self.builder(workers: 2).build(files: ["missing.jsonl"]) }
  }
}

@Suite("Building from memory")
struct MemoryBuildTests {
  @Test func tracesInMemoryGiveTheSameModelAsTheirFiles() throws {
    let files = GoldenTests.allFiles
    let traces = try files.map { file in
      (
        file: file,
        bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: GoldenTests.fixtures + "/" + file)))
      )
    }
    let fromMemory = ModelBuilder(workers: 2).build(traces: traces.reversed())
    let fromFiles = try GoldenTests.builder(workers: 2).build(files: files)
    #expect(fromMemory == fromFiles)
    #expect(!fromMemory.apps.isEmpty)
  }
}

@Suite struct AppModelInitTests {
  /// The public initializer sorts every list as documented, whatever order its parts come in.
  @Test func theInitializerSortsEveryListAsDocumented() throws {
    let model = try GoldenTests.builder(workers: 1).build(files: GoldenTests.allFiles)
    for app in model.apps {
      var random = SeededRandom(seed: 9)
      let shuffled = AppModel(
        name: app.name, slug: app.slug, runs: app.runs.shuffled(using: &random),
        coordinators: app.coordinators.reversed(), screens: app.screens.shuffled(using: &random),
        transitions: app.transitions.reversed(), flows: app.flows.shuffled(using: &random),
        diagnostics: app.diagnostics.reversed(), containers: app.containers.reversed(),
        modules: app.modules.reversed())
      #expect(shuffled == app, "\(app.name), \(random)")
    }
  }
}
