import FlowAtlasBytes
import FlowAtlasTrace
import Foundation

/// Why a `flowatlas` command failed; each case maps to one ``ExitStatus``.
package enum CommandLineError: Error, LocalizedError, Equatable {
  /// Bad arguments: the message says which, `command` names the subcommand for the help hint.
  case usage(String, command: String)
  /// A file or folder could not be read or written.
  case inputOutput(String)
  /// Drawing or building failed.
  case render(String)

  package var errorDescription: String? {
    switch self {
    // One line each (the usage hint on its own line): a path in a message cannot add lines.
    case .usage(let message, let command):
      let help = command == "flowatlas" ? "flowatlas --help" : "flowatlas \(command) --help"
      return "\(Printable.line(message))\nSee '\(Printable.line(help))'."
    case .inputOutput(let message), .render(let message):
      return Printable.line(message)
    }
  }

  package var status: ExitStatus {
    switch self {
    case .usage: .usage
    case .inputOutput: .inputOutput
    case .render: .render
    }
  }
}
