import FlowAtlasTestSupport
import Testing

@testable import FlowAtlasModel

/// Slugs made unique (issue #47, "Hardening, round 3", item 6): names that share a slug cost a
/// few lookups each, not one per name before them.
@Suite struct SlugTests {
  /// The suffixes the slugger promises: the first free one of `base`, `base-2`, `base-3` …
  /// in the order the names come, counted from 2 every time.
  static func reference(_ bases: [String], reserved: Set<String> = []) -> [String] {
    var used = reserved
    return bases.map { base in
      if used.insert(base).inserted { return base }
      var counter = 2
      while !used.insert("\(base)-\(counter)").inserted { counter += 1 }
      return "\(base)-\(counter)"
    }
  }

  @Test func namesWithNoLetterOrDigitTakeLinearlyManyLookups() {
    var slugger = Slugger()
    let names = (0..<20_000).map { String(repeating: "—", count: 1 + $0 % 3) }
    let slugs = names.map { slugger.slug(for: $0) }
    #expect(slugs.first == "item" && slugs.last == "item-20000")
    #expect(Set(slugs).count == names.count)
    #expect(
      slugger.candidatesTried <= 2 * names.count,
      "\(slugger.candidatesTried) lookups for \(names.count) names")
  }

  @Test func suffixesSkipSlugsTakenOtherwiseAsBefore() {
    var random = SeededRandom(seed: 47)
    // Names that are their own suffixed slugs (`Item 3` is `item-3`), reserved ones, and many
    // that share one base, in a random order.
    let pool = ["—", "Item", "Item 2", "Item 3", "item-2-2", "Assets", "Login", "login", "Item 5"]
    let names = (0..<3_000).map { _ in pool.randomElement(using: &random)! }
    var slugger = Slugger(reserved: ["assets", "item-4"])
    let slugs = names.map { slugger.slug(for: $0) }
    #expect(
      slugs == Self.reference(names.map(Slug.make), reserved: ["assets", "item-4"]), "\(random)")
    #expect(Set(slugs).count == slugs.count)
    #expect(slugger.candidatesTried <= 3 * names.count, "\(slugger.candidatesTried) lookups")
  }
}
