/// What the `flowatlas` exit status means; each code means one thing.
package enum ExitStatus: Int32, CaseIterable, Sendable {
  case success = 0
  case strictFailure = 1
  case usage = 2
  case inputOutput = 3
  case render = 4

  var meaning: String {
    switch self {
    case .success: "Success: the output was written (warnings may have been printed)."
    case .strictFailure:
      "A gate failed: with --strict, an error diagnostic was reported (the output was still written); "
        + "for check, a finding of a rule in --fail-on."
    case .usage: "Usage error: unknown subcommand or option, missing or bad argument."
    case .inputOutput: "A file could not be read or written (the message names it)."
    case .render: "Graphviz could not draw a diagram, or the site could not be built."
    }
  }
}
