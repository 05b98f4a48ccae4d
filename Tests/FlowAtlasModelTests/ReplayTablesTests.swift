import FlowAtlasTestSupport
import Testing

@testable import FlowAtlasModel

/// The replay's own tables: names as small integers, and triggers as short sorted lists.
@Suite struct ReplayTablesTests {
  /// A name keeps its index as the table grows, an unknown name is not added by `find`, and
  /// names that differ only past their first eight bytes or in length are told apart.
  @Test func aTypeTableGivesEachNameOneIndexAsItGrows() {
    var table = TypeTable()
    let names = (0..<1_000).map { "Flow\($0 % 7)Screen\($0)ViewController" } + ["", "a", "ab", "Flow0Scree"]
    let indices = names.map { table.index($0) }
    #expect(indices == (0..<Int32(names.count)).map { $0 })
    #expect(names.map { table.index($0) } == indices)
    #expect(names.map { table.find($0) } == indices)
    #expect(table.find("Flow0Screen0ViewControllers") == nil && table.find("b") == nil)
    #expect(table.names == names)
    #expect(table[Int32(3)] == names[3])
  }

  /// Triggers are kept sorted, each once, whatever order runs bring them in; of two spellings
  /// Swift counts as one string, the first added is kept (as a set kept it).
  @Test func triggersMergeIntoOneSortedListKeepingTheFirstSpelling() {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    var tally = TransitionTally(count: 1, triggers: ["tapRow", "back", "tapRow"])
    #expect(tally.triggers == ["back", "tapRow"])
    tally.merge(TransitionTally(count: 2, system: 1, triggers: ["swipe", composed, "back"]))
    tally.merge(TransitionTally(count: 1, triggers: [decomposed, "zoom"]))
    tally.merge(TransitionTally())
    #expect(tally.count == 4 && tally.system == 1)
    #expect(tally.triggers == ["back", composed, "swipe", "tapRow", "zoom"])
    #expect(tally.triggers[1].unicodeScalars.count == 4, "the first spelling stays")
    #expect(TransitionTally.union([], ["a", "b"]) == ["a", "b"])
    #expect(TransitionTally.union(["a", "c"], ["b", "c", "d"]) == ["a", "b", "c", "d"])
    // Triggers the tally holds already leave its list as it is; a first list keeps each once.
    #expect(TransitionTally.union(["a", "b", "c"], ["a", "c"]) == ["a", "b", "c"])
    #expect(TransitionTally.union(["a", "b", "c"], ["c", "d"]) == ["a", "b", "c", "d"])
    #expect(TransitionTally.union(["a", "a", "b"], []) == ["a", "b"])
    #expect(TransitionTally(triggers: ["b", "a", "b"]).triggers == ["a", "b"])
  }

  /// A run's few triggers merged into a long list (inserted one by one) give what the merge of two
  /// lists gives: sorted, each once, the list's own spelling kept; for lists of every length and
  /// overlap, seeded.
  @Test func aFewTriggersMergedIntoALongListGiveTheUnion() {
    var generator = SeededRandom(seed: 45)
    var checked = 0
    for _ in 0..<400 {
      let pool = (0..<Int.random(in: 1...300, using: &generator)).map { "t\($0)" }
      let long = Array(
        Set(pool.shuffled(using: &generator).prefix(Int.random(in: 0...250, using: &generator)))
      )
      .sorted()
      let few = Array(
        Set(
          (0..<Int.random(in: 1...6, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
      )
      .sorted()
      var merged = long
      TransitionTally.formUnion(&merged, few)
      let expected = Set(long).union(few).sorted()
      if merged != expected {
        Issue.record(
          "\(few) into \(long.count) triggers gave \(merged.count), not \(expected.count) (\(generator))")
        return
      }
      checked += few.count * 8 <= long.count ? 1 : 0
    }
    #expect(checked > 100, "most cases insert one by one (\(checked))")
    // Inserted at the front, the end, between, beside one present; one present keeps its spelling.
    let composed = "caf\u{E9}"
    var list = ["b", composed, "d", "f", "h", "j", "l", "n", "p", "r", "t", "v", "x", "y", "z", "zz"]
    TransitionTally.formUnion(&list, ["a", "cafe\u{301}", "e"])
    #expect(list.prefix(5) == ["a", "b", composed, "d", "e"] && list.count == 18)
    #expect(list[2].unicodeScalars.count == 4, "the list's spelling stays")
    TransitionTally.formUnion(&list, ["zzz"])
    #expect(list.last == "zzz" && list.count == 19)
  }

  /// A transition kind sorts by its name and hashes apart from the others, without its name
  /// being made to do so.
  @Test func transitionKindsSortByNameAndHashApart() {
    let kinds = TransitionKind.allCases
    #expect(kinds.sorted() == kinds.sorted { $0.rawValue < $1.rawValue })
    #expect(Set(kinds.map(\.hashValue)).count == kinds.count)
    #expect(Set(kinds).count == kinds.count)
  }
}
