import Foundation

/// Why a `flowatlas` command failed; each case maps to one ``ExitStatus``.
public enum CommandLineError: Error, LocalizedError, Equatable {
  /// Bad arguments: the message says which, `command` names the subcommand for the help hint.
  case usage(String, command: String)
  /// A file or folder could not be read or written.
  case inputOutput(String)
  /// Drawing or building failed.
  case render(String)

  public var errorDescription: String? {
    switch self {
    case .usage(let message, let command):
      let help = command == "flowatlas" ? "flowatlas --help" : "flowatlas \(command) --help"
      return "\(message)\nSee '\(help)'."
    case .inputOutput(let message), .render(let message):
      return message
    }
  }

  var status: ExitStatus {
    switch self {
    case .usage: .usage
    case .inputOutput: .inputOutput
    case .render: .render
    }
  }
}
