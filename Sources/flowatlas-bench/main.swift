import FlowAtlasCLI
import Foundation

// Each benchmark is a subcommand so that one release binary runs them all.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "reader": exit(ReaderBenchmark.run(Array(arguments.dropFirst())))
  case "generate": exit(try ModelBenchmark.generate(Array(arguments.dropFirst())))
  case "model": exit(try ModelBenchmark.model(Array(arguments.dropFirst())))
  case "replay": exit(try ModelBenchmark.replay(Array(arguments.dropFirst())))
  default: throw BenchError.usage("unknown benchmark \(arguments.first ?? "(none)")")
  }
} catch {
  FileHandle.standardError.write(Data("flowatlas-bench: \(error.localizedDescription)\n".utf8))
  exit(64)
}
