import FlowAtlasCLI
import Foundation

exit(FlowAtlasCommand.main(Array(CommandLine.arguments.dropFirst())))
