/// A made-up app for benchmarks: a seeded tree of coordinator types with a few
/// screen types each, and seeded runs through it written as valid v1 traces.
struct SyntheticApp {
  struct CoordinatorSpec {
    var type: String
    var parent: Int?
    var children: [Int] = []
    var screens: [String]
    var outputs: [String]
  }

  let name: String
  private(set) var coordinators: [CoordinatorSpec] = []

  /// - Parameters:
  ///   - name: the app's name.
  ///   - coordinatorCount: how many coordinator types (at least 1); type 0 is the root.
  ///   - screensPerFlow: how many screen types each coordinator type shows, drawn per type.
  ///   - maxDepth: how deep below the root a coordinator type may be (a drawn parent too deep
  ///     gives way to its own parent).
  ///   - longNames: type names as long as a big team's, 35 to 75 characters.
  ///   - random: the seeded generator the shape is drawn from.
  init(
    name: String, coordinatorCount: Int, screensPerFlow: ClosedRange<Int> = 2...4, maxDepth: Int = .max,
    longNames: Bool = false, random: inout SeededRandom
  ) {
    self.name = name
    let words = [
      "Checkout", "Payment", "Method", "Selection", "Account", "Verification", "Onboarding", "Subscription",
      "Management", "Notification", "Preferences", "Delivery", "Address",
    ]
    for index in 0..<max(1, coordinatorCount) {
      // A long name is a few words drawn per type from a generator of its own, so that the app's
      // tree and runs are those of the same seed without long names.
      var wordsRandom = SeededRandom(seed: 0x1_0000 &+ UInt64(index))
      let stem =
        longNames
        ? (0..<Int.random(in: 3...4, using: &wordsRandom)).map { _ in
          words.randomElement(using: &wordsRandom)!
        }
        .joined() : ""
      let type = index == 0 ? "AppCoordinator" : "\(stem)Flow\(index)Coordinator"
      // Runs open at most 5 nested flows: a flow deeper than that is never shown.
      var parent = index == 0 ? nil : Int.random(in: 0..<index, using: &random)
      while let candidate = parent, depth(of: candidate) >= maxDepth {
        parent = coordinators[candidate].parent
      }
      let screenCount = Int.random(in: screensPerFlow, using: &random)
      let screens = (0..<screenCount).map { "\(stem)Flow\(index)Screen\($0)ViewController" }
      coordinators.append(
        CoordinatorSpec(type: type, parent: parent, screens: screens, outputs: ["done", "cancelled"]))
      if let parent { coordinators[parent].children.append(index) }
    }
  }

  private func depth(of index: Int) -> Int {
    var depth = 0
    var current = coordinators[index].parent
    while let parent = current {
      depth += 1
      current = coordinators[parent].parent
    }
    return depth
  }

  /// One run of about `events` events (a few more to finish a step), as a trace file's bytes.
  func trace(run: String, events: Int, random: inout SeededRandom) -> [UInt8] {
    var writer = SyntheticRun(app: self)
    writer.write(run: run, events: events, random: &random)
    return writer.bytes
  }
}

/// SplitMix64: small, fast and the same on every platform, so a seed always gives the same traces.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
