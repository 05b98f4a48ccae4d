import Foundation
import Testing

/// Every input the model-inputs fuzzer (scripts/fuzz) ever stopped on is kept in
/// Tests/Fuzz/model-inputs-crashes/ and replayed here, with the seed corpus (the examples'
/// contract, the model fixtures, the inputs that once took cubic time) as a floor.
struct ModelInputsFuzzRegressionTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyInputTheFuzzerStoppedOnKeepsThePromises() throws {
    let folder = Self.root.appendingPathComponent("Tests/Fuzz/model-inputs-crashes").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names.sorted() where !name.hasPrefix(".") && name != "README.md" {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
      guard let selector = bytes.first else { continue }
      #expect(modelInputsViolations(selector, Array(bytes.dropFirst())).isEmpty, "\(name)")
    }
  }

  @Test func theSeedCorpusKeepsThePromises() throws {
    var seeds: [(UInt8, String)] = [(0, "examples/Shop/contracts/CheckoutCoordinator.mmd")]
    let fixtures = "Tests/FlowAtlasModelTests/Fixtures"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: Self.root.path + "/" + fixtures)) ?? []
    where name.hasSuffix(".model.json") {
      seeds.append((2, fixtures + "/" + name))
    }
    #expect(seeds.count > 3)
    for (selector, path) in seeds {
      let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent(path)))
      for cut in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 9)) {
        #expect(modelInputsViolations(selector, Array(bytes[..<cut])).isEmpty, "\(path) cut at \(cut)")
      }
    }
  }
}
