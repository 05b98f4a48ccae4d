import Foundation
import Testing

@testable import FlowAtlasCLI

/// `flowatlas docc`: the catalog from traces, with Graphviz's diagrams, and its errors.
@Suite struct DocCCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func writesTheCatalogWithGraphvizDiagramsAndSaysWhere() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let output = temp.appendingPathComponent("Navigation.docc").path
    let traces = Self.root.path + "/examples/Purchase/traces"
    let result = await flowatlas(
      "docc", traces, "--output", output, "--module", "PurchaseExample", "--jobs", "1")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == output + "\n")
    let flow = try String(
      contentsOfFile: output + "/flowatlas-purchase_flow-purchase-coordinator.md", encoding: .utf8)
    #expect(flow.hasPrefix("# PurchaseCoordinator flow\n"))
    #expect(flow.contains("``PurchaseExample/PurchaseCoordinator``"))
    let svg = try String(
      contentsOfFile: output + "/resources/flowatlas-purchase_app-map.svg", encoding: .utf8)
    #expect(svg.contains("<svg") && svg.contains("ProductListViewController"), "Graphviz drew the app map")
    let dark = try String(
      contentsOfFile: output + "/resources/flowatlas-purchase_app-map~dark.svg", encoding: .utf8)
    #expect(dark.contains("<style>"))
    // Each screen's picture (the example's wireframes) is a resource, shown under its screen.
    let name = "flowatlas-purchase_picture-order-summary-view-controller.png"
    #expect(flow.contains("![OrderSummaryViewController as a run showed it](\(name))"))
    let picture = try Data(contentsOf: URL(fileURLWithPath: output + "/resources/" + name))
    let pictures = try FileManager.default.contentsOfDirectory(atPath: traces + "/purchase/images")
    #expect(
      try pictures.contains {
        try Data(contentsOf: URL(fileURLWithPath: traces + "/purchase/images/" + $0)) == picture
      })
  }

  @Test func aModuleNameThatIsNoSwiftIdentifierIsAUsageError() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let output = temp.appendingPathComponent("Navigation.docc").path
    let result = await flowatlas(
      "docc", Self.root.path + "/examples/Purchase/traces", "--output", output, "--module", "Purchase-Example"
    )
    #expect(result.status == 2)
    #expect(result.err.contains("--module “Purchase-Example”: give the name of a Swift module"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func aFileGivenAsTheOutputIsLeftAlone() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let output = temp.appendingPathComponent("Navigation.docc").path
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: output))
    let result = await flowatlas(
      "docc", Self.root.path + "/examples/Purchase/traces", "--output", output, "--jobs", "1")
    #expect(result.status == 3, "\(result.err)")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "mine\n")
  }

  @Test func aSiteIsNoCatalogAndACatalogNoSite() async throws {
    let temp = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: temp) }
    let traces = Self.root.path + "/examples/Purchase/traces"
    let site = temp.appendingPathComponent("site").path
    let catalog = temp.appendingPathComponent("Navigation.docc").path
    #expect(await flowatlas("build", traces, "--output", site, "--jobs", "1").status == 0)
    #expect(await flowatlas("docc", traces, "--output", catalog, "--jobs", "1").status == 0)
    let intoSite = await flowatlas("docc", traces, "--output", site, "--jobs", "1")
    #expect(intoSite.status == 3)
    #expect(intoSite.err.contains("holds a FlowAtlas site, which another flowatlas command writes"))
    #expect(FileManager.default.fileExists(atPath: site + "/purchase/index.html"))
    let intoCatalog = await flowatlas("build", traces, "--output", catalog, "--jobs", "1")
    #expect(intoCatalog.status == 3)
    #expect(intoCatalog.err.contains("holds a FlowAtlas DocC catalog"))
    #expect(FileManager.default.fileExists(atPath: catalog + "/flowatlas-purchase.md"))
  }
}
