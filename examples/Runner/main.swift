import Foundation

// The bundled examples' journeys, recorded, and their site: what `swift run flowatlas` does.
exit(await ExamplesRunner.main(Array(CommandLine.arguments.dropFirst())))
