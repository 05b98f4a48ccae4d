import FlowAtlasCLI
import Foundation

// Each benchmark is a subcommand so that one release binary runs them all:
//   swift build -c release --product flowatlas-bench && .build/release/flowatlas-bench <suite> ...
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
do {
  switch arguments.first {
  case "recording": exit(RecordingBenchmark.run(rest))
  case "reader": exit(ReaderBenchmark.run(rest))
  case "generate": exit(try ModelBenchmark.generate(rest))
  case "model": exit(try ModelBenchmark.model(rest))
  case "replay": exit(try ModelBenchmark.replay(rest))
  case "site": exit(try SiteBenchmark.run(rest))
  case "render": exit(RenderBenchmark.run(rest))
  case "goals": exit(try GoalsBenchmark.run(rest))
  case "limits": exit(try LimitsBenchmark.limits(rest))
  case "flows": exit(try LimitsBenchmark.flows(rest))
  case "preview": exit(try PreviewBenchmark.run(rest))
  case "pictures": exit(try PicturesBenchmark.run(rest))
  default:
    print(
      """
      USAGE: flowatlas-bench <suite> [<options>]
        goals       every speed goal in one run: build, rebuild (on --shapes) and model ratios, memory, same bytes
        recording   RecordingRouter over StackRouter vs the bare StackRouter, with and without screenshots (ns/event)
        reader      trace reader MB/s vs jq -c . on the same files
        generate    write a synthetic app's traces (--shape many-apps|one-app|one-app-1m|big-app|long-names|few-long-runs, --events, --files, --seed, --out)
        model       flowatlas model vs jq -c . on the same traces (ratio, events/s, peak RSS)
        replay      the reader alone vs reader plus replay, one thread, CPU time
        render      in-process Graphviz SVG vs dot -Tsvg (ms/render); 1 vs 2 render workers for a site
        site        flowatlas build (full, unchanged rebuild) vs Graphviz alone (dot -Tsvg, same parallelism)
        limits      the costliest diagram shapes at and past the layout limits: drawn or refused, time, memory
        flows       a site of 8,000 flows (time, memory, size) and one of 100,000 (refused)
        preview     flowatlas preview: a new trace to its page on disk; CPU while idle (inotify and --poll)
        pictures    what 300 screenshots add to a full build, and to a rebuild where none changed
      """)
    exit(64)
  }
} catch {
  FileHandle.standardError.write(Data("flowatlas-bench: \(error.localizedDescription)\n".utf8))
  exit(64)
}
