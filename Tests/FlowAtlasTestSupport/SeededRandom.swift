import Foundation

/// The random source of every randomized test: SplitMix64 from a seed, so a failure can be
/// replayed. The seed is `FLOWATLAS_TEST_SEED` when set, else one fixed per test; tests name it
/// in their failure messages (``description``).
package struct SeededRandom: RandomNumberGenerator, CustomStringConvertible {
  package let seed: UInt64
  private var state: UInt64

  /// - Parameter seed: the test's own seed, used unless `FLOWATLAS_TEST_SEED` overrides it.
  package init(seed: UInt64) {
    let override = ProcessInfo.processInfo.environment["FLOWATLAS_TEST_SEED"].flatMap { UInt64($0) }
    self.seed = override ?? seed
    state = self.seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// How to replay the run: `FLOWATLAS_TEST_SEED=<seed>`.
  package var description: String { "FLOWATLAS_TEST_SEED=\(seed)" }
}
