import FlowAtlasCLI
import Foundation

// Each benchmark is a subcommand so that one release binary runs them all.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "reader":
  exit(ReaderBenchmark.run(Array(arguments.dropFirst())))
default:
  print("USAGE: flowatlas-bench reader ...")
  exit(64)
}
