// Temporary: replaced as each stage lands.
enum ModelCommand {
  static func run(_ arguments: ParsedArguments, console: Console) throws(CommandLineError) -> ExitStatus {
    throw .render("model: not wired yet")
  }
}
enum RenderCommand {
  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  { throw .render("render: not wired yet") }
}
enum BuildCommand {
  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  { throw .render("build: not wired yet") }
}
enum ExamplesCommand {
  @MainActor
  static func run(console: Console, executable: String) async throws(CommandLineError) -> ExitStatus {
    throw .render("examples: not wired yet")
  }
}
