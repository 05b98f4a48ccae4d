import Foundation

/// Why a scripted journey could not go on: the app is not where the script expected it.
enum AccountsJourneyError: LocalizedError, Equatable {
  /// The script wanted to act on one screen but another one (or none) was showing.
  case unexpectedScreen(expected: String, found: String?, action: String)
  /// The script opened a URL the app does not route.
  case unknownDeepLink(String)

  var errorDescription: String? {
    switch self {
    case .unexpectedScreen(let expected, let found, let action):
      "Journey step \"\(action)\" expected \(expected) on top but found \(found ?? "no screen"); "
        + "fix the journey script in examples/Accounts/Sources/Journeys or the coordinator that "
        + "navigated there."
    case .unknownDeepLink(let url):
      "Journey opened \(url), which DeepLink does not parse; use a route from "
        + "examples/Accounts/Sources/Domain/DeepLink.swift."
    }
  }
}
