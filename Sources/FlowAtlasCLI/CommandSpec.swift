/// What a subcommand accepts, and the help text made from it.
struct CommandSpec: Sendable {
  struct Option: Sendable {
    var name: String
    var short: String?
    var valueName: String
    var help: String
    var takesValue: Bool { !valueName.isEmpty }

    static func flag(_ name: String, short: String? = nil, _ help: String) -> Option {
      Option(name: name, short: short, valueName: "", help: help)
    }
    static func value(_ name: String, _ valueName: String, _ help: String) -> Option {
      Option(name: name, short: nil, valueName: valueName, help: help)
    }
  }

  struct Argument: Sendable {
    var name: String
    var help: String
  }

  var name: String
  var overview: String
  var usage: String
  var arguments: [Argument] = []
  var options: [Option]
  var discussion: String = ""

  var aliases: [String: String] {
    var result: [String: String] = [:]
    for option in options { if let short = option.short { result[short] = option.name } }
    return result
  }

  /// Help in the familiar layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then the exit statuses.
  func helpText(subcommands: [CommandSpec] = []) -> String {
    var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(usage)"]
    if !discussion.isEmpty { lines += ["", discussion] }
    if !arguments.isEmpty {
      lines += ["", "ARGUMENTS:"]
      lines += arguments.map { Self.row($0.name, $0.help) }
    }
    lines += ["", "OPTIONS:"]
    lines += (options + [.flag("--help", short: "-h", "Show help information.")]).map { option in
      let names = [option.short, option.name].compactMap { $0 }.joined(separator: ", ")
      return Self.row(option.takesValue ? "\(names) <\(option.valueName)>" : names, option.help)
    }
    if !subcommands.isEmpty {
      lines += ["", "SUBCOMMANDS:"]
      lines += subcommands.map { Self.row($0.name, $0.overview) }
      lines += ["", "  See 'flowatlas help <subcommand>' for detailed help."]
    }
    lines += ["", "EXIT STATUS:"]
    lines += ExitStatus.allCases.map { Self.row(String($0.rawValue), $0.meaning) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func row(_ name: String, _ help: String) -> String {
    let padded =
      name.count < 24
      ? name.padding(toLength: 24, withPad: " ", startingAt: 0)
      : name + "\n" + String(repeating: " ", count: 26)
    return "  " + padded + help
  }
}
