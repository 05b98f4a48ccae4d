import FlowAtlasCLI
import Foundation

let benchArguments = Array(CommandLine.arguments.dropFirst())
switch benchArguments.first {
case "recording":
  exit(RecordingBenchmark.run(Array(benchArguments.dropFirst())))
default:
  print("usage: flowatlas-bench recording [--events N] [--rounds N]")
  exit(64)
}
