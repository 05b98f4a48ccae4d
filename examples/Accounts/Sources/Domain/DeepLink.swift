/// A route the app can be opened at, parsed from a URL such as `accounts://settings`.
enum DeepLink: Hashable, Sendable {
  /// `accounts://settings`: the settings tab.
  case settings
  /// `accounts://settings/notifications`: notification settings, above the settings tab.
  case notificationSettings

  /// Parses the app's URLs; anything else is not a route this app knows.
  /// - Parameter url: The URL the app was opened with.
  /// - Returns: The route, or `nil` for an unknown URL.
  init?(url: String) {
    switch url {
    case "accounts://settings", "accounts://settings/": self = .settings
    case "accounts://settings/notifications": self = .notificationSettings
    default: return nil
    }
  }
}
