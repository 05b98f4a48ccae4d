import Foundation

/// Finds a command as a shell would: the first executable of that name in a folder of `PATH`.
/// Debian keeps Graphviz's and fontconfig's commands in `/usr/bin`, Homebrew in
/// `/opt/homebrew/bin` or `/usr/local/bin`, `../shared/graphviz-14` in its own `bin`.
enum SearchPath {
  /// - Returns: The command's path, or nil when no folder of `PATH` (`environment`'s) has it.
  static func executable(named name: String, environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
