import FlowAtlasCLI
import Foundation

// Each benchmark is a subcommand so that one release binary runs them all:
//   swift build -c release --product flowatlas-bench && .build/release/flowatlas-bench <suite> ...
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
switch arguments.first {
case "render": exit(RenderBenchmark.run(rest))
default:
  print(
    """
    USAGE: flowatlas-bench <suite> [<options>]
      render      in-process Graphviz SVG vs dot -Tsvg (ms/render); 1 vs 2 render workers for a site
    """)
  exit(64)
}
