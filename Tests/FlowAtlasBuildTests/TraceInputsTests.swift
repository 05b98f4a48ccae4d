import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasBuild
@testable import FlowAtlasModel

@Suite("Trace inputs")
struct TraceInputsTests {
  /// A scratch folder: `b/2.jsonl`, `b/c/3.jsonl`, `b/notes.txt`, `a.jsonl`, `x.txt`.
  func scratch() throws -> String {
    let root = Scratch.path("flowatlas-inputs")
    for path in ["b/c", "b/d.jsonl"] {
      try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
    }
    for file in ["a.jsonl", "x.txt", "b/2.jsonl", "b/c/3.jsonl", "b/notes.txt"] {
      try Data().write(to: URL(fileURLWithPath: root + "/" + file))
    }
    return root
  }

  @Test func foldersAreSearchedRecursivelyForJSONLinesFilesSortedWithoutRepeats() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = try TraceInputs.files(in: [
      root + "/b/", root + "/x.txt", root + "/a.jsonl", root + "/b/2.jsonl",
    ])
    #expect(files == [root + "/a.jsonl", root + "/b/2.jsonl", root + "/b/c/3.jsonl", root + "/x.txt"])
  }

  /// One file reached by two spellings is read once, as its shortest spelling that is no link: a file and
  /// `./` it, a folder given as itself and through `..`, a link in the folder to a trace beside it.
  /// Read twice, its run was counted twice.
  @Test func aFileGivenByTwoSpellingsIsReadOnce() throws {
    let root = try scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createSymbolicLink(atPath: root + "/b/link.jsonl", withDestinationPath: "2.jsonl")
    let files = try TraceInputs.files(in: [
      root + "/a.jsonl", root + "/./a.jsonl", root + "/b", root + "/b/c/../../b/",
    ])
    #expect(files == [root + "/a.jsonl", root + "/b/2.jsonl", root + "/b/c/3.jsonl"])
    // A link shorter than the file it leads to is not kept for it: the trace's pictures are found
    // beside the path it is read from.
    try FileManager.default.createSymbolicLink(atPath: root + "/l.jsonl", withDestinationPath: "b/c/3.jsonl")
    #expect(
      try TraceInputs.files(in: [root]) == [root + "/a.jsonl", root + "/b/2.jsonl", root + "/b/c/3.jsonl"])
    // Given alone, a link is read as itself.
    #expect(try TraceInputs.files(in: [root + "/l.jsonl"]) == [root + "/l.jsonl"])
  }

  @Test func aMissingPathIsAnErrorNamingIt() throws {
    #expect(throws: ModelError.missingInput(path: "nowhere/at-all")) {
      try TraceInputs.files(in: ["nowhere/at-all"])
    }
    #expect(ModelError.missingInput(path: "p").localizedDescription.hasPrefix("p: "))
  }
}
