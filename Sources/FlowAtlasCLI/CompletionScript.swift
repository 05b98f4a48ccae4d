/// A shell's completion script for `flowatlas`, written from the declared commands
/// (``Commands``), so it offers exactly the subcommands, options and values they accept.
enum CompletionScript {
  case bash
  case zsh
  case fish

  static let shells = ["bash", "zsh", "fish"]

  init?(shell: String) {
    switch shell {
    case "bash": self = .bash
    case "zsh": self = .zsh
    case "fish": self = .fish
    default: return nil
    }
  }

  func text(root: CommandSpec, subcommands: [CommandSpec]) -> String {
    let listed = subcommands.filter { !$0.isHidden }
    switch self {
    case .bash: return Self.bash(root: root, subcommands: listed)
    case .zsh: return Self.zsh(root: root, subcommands: listed)
    case .fish: return Self.fish(root: root, subcommands: listed)
    }
  }

  // MARK: bash

  private static func bash(root: CommandSpec, subcommands: [CommandSpec]) -> String {
    func compgen(_ completion: CommandSpec.Completion) -> String {
      switch completion {
      case .none: "COMPREPLY=()"
      case .file: #"COMPREPLY=($(compgen -f -- "$cur"))"#
      case .directory: #"COMPREPLY=($(compgen -d -- "$cur"))"#
      case .values(let words): #"COMPREPLY=($(compgen -W "\#(words.joined(separator: " "))" -- "$cur"))"#
      }
    }
    func optionWords(_ spec: CommandSpec) -> [String] {
      spec.allOptions.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
    }
    var lines = [
      "# bash completion for flowatlas: flowatlas completions bash > /etc/bash_completion.d/flowatlas",
      "_flowatlas() {",
      #"  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}""#,
      "  if [[ $COMP_CWORD -eq 1 ]]; then",
      "    "
        + compgen(
          .values(
            subcommands.map(\.name) + ["help"] + optionWords(root))),
      "    return",
      "  fi",
      #"  case "${COMP_WORDS[1]}" in"#,
      "    help) " + compgen(.values(subcommands.map(\.name))) + " ;;",
    ]
    for spec in subcommands {
      lines.append("    \(spec.name))")
      let valued = spec.options.filter(\.takesValue)
      if !valued.isEmpty {
        lines.append(#"      case "$prev" in"#)
        for option in valued {
          lines.append("        \(option.name)) \(compgen(option.completion)); return ;;")
        }
        lines.append("      esac")
      }
      lines.append(#"      if [[ "$cur" == -* ]]; then"#)
      lines.append("        " + compgen(.values(optionWords(spec))))
      lines.append("      else")
      lines.append("        " + compgen(spec.arguments.first?.completion ?? .none))
      lines.append("      fi")
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "complete -o filenames -F _flowatlas flowatlas"]
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: zsh

  /// Text inside `'…'` as `_arguments` reads it: quotes closed around `'`, and its own
  /// brackets and colons escaped.
  private static func zshQuoted(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("'", with: "'\\''").replacing("[", with: "\\[")
      .replacing("]", with: "\\]").replacing(":", with: "\\:")
  }

  private static func zshAction(_ completion: CommandSpec.Completion) -> String {
    switch completion {
    case .none: " "
    case .file: "_files"
    case .directory: "_files -/"
    case .values(let words): "(\(words.joined(separator: " ")))"
    }
  }

  private static func zshSpecs(_ spec: CommandSpec) -> [String] {
    var specs: [String] = []
    for option in spec.allOptions {
      let help = zshQuoted(option.help)
      let value = option.takesValue ? ":\(zshQuoted(option.valueName)):\(zshAction(option.completion))" : ""
      let names = [option.short, option.name].compactMap { $0 }
      let exclusion = names.count > 1 ? "(\(names.joined(separator: " ")))" : ""
      for name in names { specs.append("'\(exclusion)\(name)[\(help)]\(value)'") }
    }
    for argument in spec.arguments {
      let name = zshQuoted(argument.name.trimmingCharacters(in: ["<", ">"]))
      specs.append("'\(argument.repeats ? "*" : ""):\(name):\(zshAction(argument.completion))'")
    }
    return specs
  }

  private static func zsh(root: CommandSpec, subcommands: [CommandSpec]) -> String {
    var lines = [
      "#compdef flowatlas",
      #"# zsh completion for flowatlas: flowatlas completions zsh > "${fpath[1]}/_flowatlas""#,
      "_flowatlas() {",
      "  local -a subcommands",
      "  subcommands=(",
    ]
    lines += subcommands.map { "    '\($0.name):\(zshQuoted($0.overview))'" }
    lines += ["    'help:Show help for a subcommand.'", "  )", "  if (( CURRENT == 2 )); then"]
    lines.append(
      "    _arguments \(zshSpecs(root).joined(separator: " ")) ':subcommand:{_describe subcommand subcommands}'"
    )
    lines += [
      "    return", "  fi", "  local command=$words[2]", "  shift words", "  (( CURRENT-- ))",
      "  case $command in",
    ]
    lines.append("    help) _describe subcommand subcommands ;;")
    for spec in subcommands {
      lines.append("    \(spec.name))")
      lines.append("      _arguments \\")
      lines += zshSpecs(spec).map { "        \($0) \\" }
      lines.append("      ;;")
    }
    lines += ["  esac", "}", #"_flowatlas "$@""#]
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: fish

  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }

  private static func fishCompletion(_ completion: CommandSpec.Completion) -> String {
    switch completion {
    case .none: "-x"
    case .file: "-r -F"
    case .directory: "-x -a '(__fish_complete_directories)'"
    case .values(let words): "-x -a \(fishQuoted(words.joined(separator: " ")))"
    }
  }

  private static func fishOption(_ option: CommandSpec.Option, condition: String) -> String {
    var words = ["complete -c flowatlas -n \(fishQuoted(condition)) -l \(option.name.dropFirst(2))"]
    if let short = option.short { words.append("-s \(short.dropFirst())") }
    if option.takesValue { words.append(fishCompletion(option.completion)) }
    words.append("-d \(fishQuoted(option.help))")
    return words.joined(separator: " ")
  }

  private static func fish(root: CommandSpec, subcommands: [CommandSpec]) -> String {
    let names = (subcommands.map(\.name) + ["help"]).joined(separator: " ")
    var lines = [
      "# fish completion for flowatlas: flowatlas completions fish > ~/.config/fish/completions/flowatlas.fish",
      "complete -c flowatlas -f",
    ]
    for spec in subcommands {
      lines.append(
        "complete -c flowatlas -n '__fish_use_subcommand' -a \(spec.name) -d \(fishQuoted(spec.overview))")
    }
    lines.append("complete -c flowatlas -n '__fish_use_subcommand' -a help -d 'Show help for a subcommand.'")
    lines.append("complete -c flowatlas -n '__fish_seen_subcommand_from help' -a \(fishQuoted(names))")
    for option in root.allOptions { lines.append(fishOption(option, condition: "__fish_use_subcommand")) }
    for spec in subcommands {
      let condition = "__fish_seen_subcommand_from \(spec.name)"
      for option in spec.allOptions { lines.append(fishOption(option, condition: condition)) }
      switch spec.arguments.first?.completion ?? .none {
      case .none: break
      case .file: lines.append("complete -c flowatlas -n \(fishQuoted(condition)) -F")
      case let other:
        lines.append("complete -c flowatlas -n \(fishQuoted(condition)) \(fishCompletion(other))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
