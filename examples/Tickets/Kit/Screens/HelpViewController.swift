import FlowAtlasPattern

/// Questions people ask the cinema.
@MainActor
public final class HelpViewController: Presentable {
  public var screenTitle: String? { "Help" }

  public init() {}
}
