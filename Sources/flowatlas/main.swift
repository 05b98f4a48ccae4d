import FlowAtlasCLI
import Foundation

exit(await FlowAtlasCommand.main(Array(CommandLine.arguments.dropFirst())))
