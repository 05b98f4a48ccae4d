import FlowAtlasBytes
import FlowAtlasTrace

/// Safe, readable names for files, URLs and SVG ids, made from hostile text.
///
/// A slug is `[a-z0-9-]+`: `../../x` becomes `x`, `<script>` becomes `script`,
/// `LoginViewController` becomes `login-view-controller`. Text with nothing
/// usable becomes `item`. ``Slugger`` makes them unique within a namespace.
package enum Slug {
  /// The slug of `text`, not yet made unique.
  package static func make(_ text: String) -> String {
    var result = ""
    var pendingDash = false
    var previousWasLower = false
    for scalar in text.unicodeScalars {
      let isUpper = scalar.value >= 65 && scalar.value <= 90
      let isLower = scalar.value >= 97 && scalar.value <= 122
      let isDigit = scalar.value >= 48 && scalar.value <= 57
      if isUpper || isLower || isDigit {
        if (pendingDash || (isUpper && previousWasLower)) && !result.isEmpty { result += "-" }
        pendingDash = false
        result.unicodeScalars.append(isUpper ? Unicode.Scalar(scalar.value + 32)! : scalar)
        previousWasLower = isLower || isDigit
      } else {
        pendingDash = true
        previousWasLower = false
      }
      if result.utf8.count >= 64 { break }
    }
    return result.isEmpty ? "item" : result
  }

  /// True when `text` is a slug this type could have made.
  package static func isValid(_ text: String) -> Bool {
    !text.isEmpty
      && text.withByteView {
        $0.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
      }
  }
}

/// Hands out unique slugs in one namespace; feed names in a deterministic
/// (sorted) order so the same names always get the same slugs.
package struct Slugger: Sendable {
  private var used: Set<String> = []
  /// For each base that was taken, the suffix to try next: every smaller one is taken already
  /// (the set only grows), so 20,000 names that all make `item` cost a lookup or two each, not
  /// one per name before them (2.1 s for 5,000 such names, 30 s for 20,000, when each counted
  /// from 2 again).
  private var nextSuffix: [String: Int] = [:]
  /// How many candidate slugs were looked up: a test holds it linear in the names given, with
  /// no clock.
  package private(set) var candidatesTried = 0

  package init(reserved: Set<String> = []) { used = reserved }

  /// A slug for `text`, suffixed `-2`, `-3` … when an earlier name took it.
  package mutating func slug(for text: String) -> String {
    unique(Slug.make(text))
  }

  /// `base` itself, or `base` suffixed `-2`, `-3` … (the first not handed out yet) when it was
  /// handed out already.
  /// - Parameter base: text that is already safe (a slug, or slugs joined by `-`).
  package mutating func unique(_ base: String) -> String {
    // One hash for the usual case: the name is new.
    candidatesTried += 1
    if used.insert(base).inserted { return base }
    var counter = nextSuffix[base] ?? 2
    while true {
      candidatesTried += 1
      let candidate = "\(base)-\(counter)"
      counter += 1
      if used.insert(candidate).inserted {
        nextSuffix[base] = counter
        return candidate
      }
    }
  }
}
