import FlowAtlasModel

extension NavigationDiff {
  /// The most changed transitions the pull-request diagram draws; past it, the diagram says how
  /// many it left out and the tables list them all.
  package static let mermaidLimit = 40

  /// The Markdown of ``markdown`` followed by a Mermaid diagram of what changed (added, removed
  /// and changed transitions and the screens they join), which code-hosting sites draw in a
  /// pull request. Deterministic, and short whatever the change: past ``mermaidLimit``
  /// transitions it draws the first ones and says so.
  /// - Parameters:
  ///   - old: The version before (the diff's old side).
  ///   - new: The version after.
  package func markdown(withDiagramOf old: AppModel, _ new: AppModel) -> String {
    var text = markdown
    guard !isEmpty else { return text }
    let (diagram, leftOut) = DiagramBuilder.diff(
      old: old, new: new, onlyChanges: true, limit: Self.mermaidLimit)
    if !text.hasSuffix("\n") { text += "\n" }
    text += "\n### What changed, drawn\n\n"
    text += "`+` added, `−` removed, `~` changed (other triggers, or a screen now in another flow); "
    text += "transitions whose only change is how often they were recorded are left out.\n"
    if leftOut > 0 {
      text +=
        "The diagram shows the first \(Self.mermaidLimit) changed transitions; \(leftOut) more are in the tables above.\n"
    }
    text += "\n```mermaid\n" + diagram.mermaid + "```\n"
    return text
  }
}
