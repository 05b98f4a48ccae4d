import FlowAtlasBuild
import FlowAtlasTrace
import Foundation
import Testing

@testable import FlowAtlasModel

/// `model.json` read back: what a team commits as its baseline.
@Suite("model.json as input")
struct ModelImportTests {
  static func fixtures() throws -> [String] {
    let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
      .sorted().map { folder.appendingPathComponent($0).path }
  }

  @Test func aModelReadBackWritesTheSameBytes() throws {
    let model = try ModelBuilder(workers: 1).build(files: try Self.fixtures())
    let json = ModelExport.json(model)
    #expect(ModelImport.isModel(prefix: Array(json.utf8.prefix(256))))
    let read = try ModelImport.model(from: Array(json.utf8), file: "model.json")
    #expect(ModelExport.json(read) == json)
    #expect(read.apps.map(\.slug) == model.apps.map(\.slug))
    for (old, new) in zip(model.apps, read.apps) {
      #expect(new.flows.map(\.coordinator) == old.flows.map(\.coordinator))
      #expect(new.flows.map(\.screens) == old.flows.map(\.screens))
      #expect(new.coordinators.map(\.parents) == old.coordinators.map(\.parents))
      #expect(new.screens.map(\.slug) == old.screens.map(\.slug))
      #expect(NavigationDiff(old: old, new: new).isEmpty)
    }
  }

  /// The reader takes keys in any order, with keys it does not know among them (a newer writer's),
  /// as JSON allows: the file is read for what it says, not for its layout.
  @Test func keysInAnyOrderAndUnknownKeysReadTheSameModel() throws {
    let model = try ModelBuilder(workers: 1).build(files: try Self.fixtures())
    let json = ModelExport.json(model)
    // Every object's keys reversed, and an unknown key (holding an object) added to each.
    func shuffled(_ value: Any) -> Any {
      if let object = value as? [String: Any] {
        var copy = object.mapValues(shuffled)
        copy["zz-newer"] = ["nested": [1, 2, ["deep": nil as String?]]]
        return copy
      }
      if let list = value as? [Any] { return list.map(shuffled) }
      return value
    }
    let original = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let reordered = try JSONSerialization.data(
      withJSONObject: shuffled(original), options: [.sortedKeys, .withoutEscapingSlashes])
    #expect(reordered.first == UInt8(ascii: "{"))
    #expect(String(decoding: reordered, as: UTF8.self).hasPrefix(#"{"apps":"#))  // not the export's order
    let read = try ModelImport.model(from: Array(reordered), file: "model.json")
    #expect(ModelExport.json(read) == json)
  }

  /// Keys a model does not know are remembered by name, not searched one by one: an object with
  /// a hundred thousand of them (a hostile baseline) is read as soon as any other file.
  @Test func anObjectWithAHundredThousandUnknownKeysIsRead() throws {
    let unknown = (0..<100_000).map { #""k\#($0)": 0"# }.joined(separator: ",")
    let text =
      #"{"flowatlas": "model", "version": 1, "#
      + unknown + #", "apps": [], "diagnostics": [], "k5": 1}"#
    #expect {
      _ = try ModelImport.model(from: Array(text.utf8), file: "wide.json")
    } throws: { error in
      (error as? ModelError)?.errorDescription?.contains(#"the key "k5" is given twice"#) == true
    }
    let model = try ModelImport.model(
      from: Array(
        (#"{"flowatlas": "model", "version": 1, "# + unknown + #", "apps": [], "diagnostics": []}"#).utf8),
      file: "wide.json")
    #expect(model.apps.isEmpty)
  }

  /// The decoder reads what `Codable` asks of any record, not only `model.json`'s: optional
  /// elements of a list, a `null` or a value for an optional key, keys in another order.
  @Test func theDecoderReadsOptionalsInListsAndKeys() throws {
    struct Probe: Codable, Equatable {
      var list: [String?]
      var maybe: Int?
      var nested: [[Int]]
      var after: String
    }
    let text = #"{"after": "x", "maybe": null, "list": ["a", null, "b"], "nested": [[1], [], [2, 3]]}"#
    let read = try ModelJSONDecoder.decode(Probe.self, from: Array(text.utf8))
    #expect(read == Probe(list: ["a", nil, "b"], maybe: nil, nested: [[1], [], [2, 3]], after: "x"))
    let written = ModelJSONEncoder.bytes(Probe(list: [nil], maybe: 3, nested: [], after: "y"))
    #expect(
      try ModelJSONDecoder.decode(Probe.self, from: written)
        == Probe(list: [nil], maybe: 3, nested: [], after: "y"))
    #expect(String(decoding: written, as: UTF8.self).contains(#""maybe": 3"#))
  }

  @Test func aTraceIsNoModel() {
    #expect(!ModelImport.isModel(prefix: Array(#"{"flowatlas":"trace","version":1}"#.utf8)))
    #expect(ModelImport.isModel(prefix: Array("{\n  \"flowatlas\" : \"model\",".utf8)))
  }

  @Test(arguments: [
    (
      "{\n\"flowatlas\": \"model\",\n\"version\": 1,\n\"apps\": [,]}", "bad.json:4: ",
      "apps[0]: expected an object"
    ),
    // A file cut short is said to end there.
    (
      "{\"flowatlas\": \"model\", \"version\": 1,\n\"apps\": [{\"app\": \"A\", \"runs\": [", "bad.json:2: ",
      "apps[0].runs[0]: expected an object (the file ends here: is it cut short?)"
    ),
    (
      #"{"flowatlas": "model", "version": 1, "apps": [{"app": "A"}], "diagnostics": []}"#, "bad.json:1: ",
      #"apps[0]: missing key "runs""#
    ),
    // Valid JSON a model cannot hold is named with its line too (JSONDecoder said "not valid
    // JSON", with no line).
    (
      "{\"flowatlas\": \"model\", \"version\": 1,\n\"x\": " + String(repeating: "[", count: 1_000)
        + String(repeating: "]", count: 1_000) + "}", "bad.json:2: ", "nested too deeply"
    ),
    (
      #"{"flowatlas": "model", "version": 1, "apps": [{"app": "A", "runs": [], "coordinators": [], "screens": [],"#
        + "\n"
        + #""transitions": [{"to": "B", "kind": "push", "count": 1e400, "triggers": []}]}], "diagnostics": []}"#,
      "bad.json:2: ", "apps[0].transitions[0].count: not a whole number"
    ),
    (
      "{\"flowatlas\": \"model\", \"version\": 1, \"apps\": [],\n\"apps\": [], \"diagnostics\": []}",
      "bad.json:2: ",
      #"the document: the key "apps" is given twice"#
    ),
    (
      #"{"flowatlas": "model", "version": 2, "apps": [], "diagnostics": []}"#, "bad.json: ",
      "version 2 is newer"
    ),
    (
      #"{"flowatlas": "model", "version": 1, "apps": [], "diagnostics": [{"code": "x", "file": "f", "line": 1, "message": "m"}]}"#,
      "bad.json: ", #"diagnostics[0]: unknown code "x""#
    ),
    (
      #"{"flowatlas": "model", "version": 1, "apps": [{"app": "A", "runs": [], "coordinators": [], "screens": [], "transitions": [{"from": null, "to": "B", "kind": "teleport", "coordinator": null, "count": 1, "system": 0, "triggers": []}]}], "diagnostics": []}"#,
      "bad.json:1: ", #"apps[0].transitions[0].kind: unknown kind "teleport""#
    ),
    // An optional key's value of another type: null would do too.
    (
      #"{"flowatlas": "model", "version": 1, "apps": [{"app": "A", "runs": [], "coordinators": [], "screens": [{"type": "S", "titles": [], "owner": 7, "visits": 1}], "transitions": [], "containers": {}}], "diagnostics": []}"#,
      "bad.json:1: ", "apps[0].screens[0].owner: expected a string or null"
    ),
    (
      #"{"flowatlas": "model", "version": 1, "apps": [{"app": "A", "runs": [], "coordinators": [], "screens": [], "transitions": [], "containers": {}}], "diagnostics": []}"#,
      "bad.json:1: ", "apps[0].containers: expected a list or null"
    ),
    // A broken value passed over on the way to a key is named for what it is.
    (
      #"{"flowatlas": "model", "version": 1, "apps": [{"app": "A", "runs": [{"run": "r", "note": [1,,2], "file": "f", "events": 1, "transitions": 1}], "coordinators": [], "screens": [], "transitions": []}], "diagnostics": []}"#,
      "bad.json:1: ", "expected a value"
    ),
  ])
  func aBadModelIsNamedWithWhereAndWhat(text: String, place: String, problem: String) {
    #expect {
      _ = try ModelImport.model(from: Array(text.utf8), file: "bad.json")
    } throws: { error in
      let message = (error as? ModelError)?.errorDescription ?? ""
      return message.hasPrefix(place) && message.contains(problem)
    }
  }

  @Test func hostileNamesSurviveTheRoundTrip() throws {
    let name = "<script>\"'`|\u{2028}"
    let text = """
      {"flowatlas": "model", "version": 1, "apps": [{"app": "\(name.replacingOccurrences(of: "\"", with: "\\\""))",
       "runs": [], "coordinators": [], "screens": [{"type": "S|`x`", "titles": [], "owner": null, "visits": 1}],
       "transitions": [{"from": null, "to": "S|`x`", "kind": "setRoot", "coordinator": null, "count": 1, "system": 0, "triggers": []}]}],
       "diagnostics": []}
      """
    let model = try ModelImport.model(from: Array(text.utf8), file: "m.json")
    #expect(model.apps.first?.name == name)
    #expect(model.apps.first?.screens.first?.type == "S|`x`")
  }
}
