/// One subcommand, declared once: its arguments and options, its help, and what runs it.
///
/// The help text, the USAGE line, the parser (``ParsedArguments``) and the shell completions
/// (``CompletionScript``) are all made from this declaration, so none of them can drift from
/// what the command accepts.
struct CommandSpec: Sendable {
  /// What a shell offers for a value or an argument.
  enum Completion: Sendable, Equatable {
    case none
    case file
    case directory
    /// One of these words; a word ending in `:` is a prefix (`flow:<CoordinatorType>`).
    case values([String])
  }

  struct Option: Sendable {
    var name: String
    var short: String?
    /// The value's placeholder in help (`dir`, `file`…); empty for a flag.
    var valueName: String
    var help: String
    var completion: Completion
    /// Shown without brackets in USAGE; the command checks that it was given.
    var isRequired = false
    var takesValue: Bool { !valueName.isEmpty }

    static func flag(_ name: String, short: String? = nil, _ help: String) -> Option {
      Option(name: name, short: short, valueName: "", help: help, completion: .none)
    }

    static func value(
      _ name: String, _ valueName: String, _ help: String, completion: Completion = .none,
      required: Bool = false
    ) -> Option {
      Option(
        name: name, short: nil, valueName: valueName, help: help, completion: completion, isRequired: required
      )
    }
  }

  struct Argument: Sendable {
    /// The placeholder, with its angle brackets: `<input>`.
    var name: String
    var help: String
    /// Whether it may be given several times (`<input> ...`).
    var repeats = false
    var completion: Completion = .file
  }

  /// Where a command runs: its console and this program's path (for render workers).
  struct Invocation: Sendable {
    var console: Console
    var executable: String
  }

  typealias Run =
    @Sendable (ParsedArguments, Invocation) throws(CommandLineError) -> ExitStatus

  var name: String
  var overview: String
  var arguments: [Argument] = []
  var options: [Option] = []
  var discussion: String = ""
  /// Left out of help and completions (the render worker the renderer starts).
  var isHidden = false
  var run: Run

  /// `--help`, which every command takes; the parser answers it before anything else.
  static let helpOption = Option.flag("--help", short: "-h", "Show help information.")

  /// Everything the command accepts, `--help` last.
  var allOptions: [Option] { options + [Self.helpOption] }

  /// The USAGE line: arguments in order, then every option, optional ones in brackets.
  func usage(prefix: String = "flowatlas") -> String {
    var words = [prefix, name]
    for argument in arguments { words.append(argument.repeats ? "\(argument.name) ..." : argument.name) }
    for option in options {
      let word = option.takesValue ? "\(option.name) <\(option.valueName)>" : option.name
      words.append(option.isRequired ? word : "[\(word)]")
    }
    return words.joined(separator: " ")
  }

  /// Help in the familiar layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then the exit statuses.
  func helpText(usage: String? = nil, subcommands: [CommandSpec] = []) -> String {
    var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(usage ?? self.usage())"]
    if !discussion.isEmpty { lines += ["", discussion] }
    if !arguments.isEmpty {
      lines += ["", "ARGUMENTS:"]
      lines += arguments.map { Self.row($0.name, $0.help) }
    }
    lines += ["", "OPTIONS:"]
    lines += allOptions.map { option in
      let names = [option.short, option.name].compactMap { $0 }.joined(separator: ", ")
      return Self.row(option.takesValue ? "\(names) <\(option.valueName)>" : names, option.help)
    }
    let listed = subcommands.filter { !$0.isHidden }
    if !listed.isEmpty {
      lines += ["", "SUBCOMMANDS:"]
      lines += listed.map { Self.row($0.name, $0.overview) }
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
