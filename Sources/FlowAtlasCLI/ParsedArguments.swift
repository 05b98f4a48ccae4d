/// The arguments of one subcommand, parsed against its ``CommandSpec``.
///
/// Deliberately small: positionals, `--name value` / `--name=value` options and
/// `--flag`s, with `--` ending options. Unknown options are usage errors. `--help` (or `-h`)
/// before any `--` asks for help and wins over everything else, as in swift-argument-parser.
struct ParsedArguments: Equatable {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// `--help` or `-h` was given before any `--`; nothing else was parsed.
  private(set) var wantsHelp = false

  /// No arguments.
  init() {}

  /// The last value given for `name`, if any.
  func value(_ name: String) -> String? { values[name]?.last }

  /// True when `--name` was given.
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// Parses `arguments` for `spec`.
  /// - Throws: ``CommandLineError/usage(_:command:)`` naming the bad argument.
  init(_ arguments: [String], spec: CommandSpec) throws(CommandLineError) {
    let options = arguments.prefix { $0 != "--" }
    if options.contains(CommandSpec.helpOption.name) || options.contains(CommandSpec.helpOption.short!) {
      wantsHelp = true
      return
    }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if let alias = spec.options.first(where: { $0.short == name }) { name = alias.name }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        throw .usage("unknown option '\(name)'", command: spec.name)
      }
      if option.takesValue {
        if let inlineValue {
          values[name, default: []].append(inlineValue)
        } else if index < arguments.count {
          values[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw .usage("option '\(name)' needs a value (\(option.valueName))", command: spec.name)
        }
      } else {
        if inlineValue != nil { throw .usage("option '\(name)' takes no value", command: spec.name) }
        flags.insert(name)
      }
    }
    if !spec.arguments.contains(where: \.repeats), positionals.count > spec.arguments.count {
      throw .usage("unexpected argument '\(positionals[spec.arguments.count])'", command: spec.name)
    }
  }
}
