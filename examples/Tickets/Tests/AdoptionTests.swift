import FlowAtlasRecording
import FlowAtlasTrace
import Foundation
import Testing

@testable import TicketsBefore
@testable import TicketsExample
@testable import TicketsKit

/// The proof that adopting FlowAtlas in an app with coordinators of its own takes a few marked
/// lines: both builds are kept, compiled and played, and compared line by line.
@MainActor
struct AdoptionTests {
  /// `examples/Tickets`, found from this file.
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

  static func coordinatorFiles(in build: String) throws -> [String: [String]] {
    let folder = example.appendingPathComponent(build).appendingPathComponent("Coordinators")
    var files: [String: [String]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      files[name] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    return files
  }

  /// The lines of `new` that a longest common subsequence with `old` leaves out (what was
  /// added or changed), and how many lines of `old` it leaves out (what was removed or changed).
  static func changes(from old: [String], to new: [String]) -> (added: [String], removed: Int) {
    var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var added: [String] = []
    var (i, j) = (0, 0)
    while j < new.count {
      if i < old.count, old[i] == new[j] {
        i += 1
        j += 1
      } else if i < old.count, table[i + 1][j] >= table[i][j + 1] {
        i += 1
      } else {
        added.append(new[j])
        j += 1
      }
    }
    return (added, old.count - table[0][0])
  }

  @Test func theDiffFindsChangedAddedAndRemovedLines() {
    let (added, removed) = Self.changes(from: ["a", "b", "c", "d"], to: ["a", "B", "c", "x", "d"])
    #expect(added == ["B", "x"])
    #expect(removed == 1)
    #expect(Self.changes(from: ["a"], to: ["a"]) == ([], 0))
  }

  @Test("every coordinator changed in at most 3 lines, each marked // FlowAtlas")
  func adoptingTakesAtMostThreeMarkedLinesPerCoordinator() throws {
    let before = try Self.coordinatorFiles(in: "Before")
    let adopted = try Self.coordinatorFiles(in: "Sources")
    #expect(before.keys.sorted() == adopted.keys.sorted())
    #expect(before.count >= 5)
    var total = 0
    for (name, old) in before.sorted(by: { $0.key < $1.key }) {
      let new = try #require(adopted[name])
      let (added, removed) = Self.changes(from: old, to: new)
      #expect(added.count <= 3, "\(name): \(added.count) lines changed: \(added)")
      #expect(removed <= added.count, "\(name): \(removed) lines removed for \(added.count) added")
      for line in added {
        #expect(line.hasSuffix("// FlowAtlas"), "\(name): unmarked change: \(line)")
      }
      total += added.count
    }
    // The app's own flows are recorded, so adoption did change something.
    #expect(total >= 10)
  }

  @Test(arguments: TicketsJourney.all.map(\.run))
  func bothBuildsShowTheSameScreens(run: String) throws {
    let journey = try #require(TicketsJourney.all.first { $0.run == run })
    let unrecorded = try TicketsBefore.TicketsApp.play(journey)
    let recorded = try TicketsExample.play(
      journey,
      recorder: FlowAtlasRecording.Recorder(
        header: TraceHeader(app: "Tickets", run: run, title: journey.title), sink: MemoryTraceSink()))
    #expect(recorded.screensSeen == unrecorded.screensSeen)
    #expect(!recorded.screensSeen.isEmpty)
  }
}
