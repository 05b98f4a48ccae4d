/// Which settings coordinator the main flow builds.
enum SettingsVariant: Hashable, Sendable {
  /// ``SettingsCoordinator``: the correct one.
  case standard
  /// ``LeakySettingsCoordinator``: a deliberately buggy copy that never removes a finished
  /// child, so the site's leak diagnostic has something to show. Never ship it.
  case leaky
  /// ``OrphaningSettingsCoordinator``: a deliberately buggy copy whose child never finishes
  /// when the person swipes back, so the site's orphan diagnostic has something to show.
  case orphaning
}
