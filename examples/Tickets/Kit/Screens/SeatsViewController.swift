import FlowAtlasPattern

/// The seat map of one showing.
@MainActor
public final class SeatsViewController: Presentable {
  /// Set by the coordinator: the person chose this many seats.
  public var onChoose: ((Int) -> Void)?
  public let film: Film

  public var screenTitle: String? { "Choose seats" }

  public init(film: Film) {
    self.film = film
  }

  public func didChoose(seats: Int) { onChoose?(seats) }
}
