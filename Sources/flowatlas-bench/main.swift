import FlowAtlasCLI
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "generate": exit(try ModelBenchmark.generate(Array(arguments.dropFirst())))
  case "model": exit(try ModelBenchmark.model(Array(arguments.dropFirst())))
  case "replay": exit(try ModelBenchmark.replay(Array(arguments.dropFirst())))
  default: throw BenchError.usage("unknown benchmark \(arguments.first ?? "(none)")")
  }
} catch {
  FileHandle.standardError.write(Data("flowatlas-bench: \(error.localizedDescription)\n".utf8))
  exit(64)
}
