import Foundation

/// Why a scripted journey could not go on: the app is not where the script expected it.
enum ShopJourneyError: LocalizedError, Equatable {
  /// The script wanted to act on one screen but another one (or none) was showing.
  case unexpectedScreen(expected: String, found: String?, action: String)

  var errorDescription: String? {
    switch self {
    case .unexpectedScreen(let expected, let found, let action):
      "Journey step \"\(action)\" expected \(expected) on top but found \(found ?? "no screen"); "
        + "fix the journey script in examples/Shop/Sources/Journeys or the coordinator that "
        + "navigated there."
    }
  }
}
