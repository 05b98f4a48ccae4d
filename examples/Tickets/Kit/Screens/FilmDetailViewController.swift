import FlowAtlasPattern

/// One film: its times, and the button that buys tickets.
@MainActor
public final class FilmDetailViewController: Presentable {
  /// Set by the coordinator: the person wants tickets for ``film``.
  public var onBuyTickets: ((Film) -> Void)?
  public let film: Film

  public var screenTitle: String? { film.title }

  public init(film: Film) {
    self.film = film
  }

  public func didTapBuyTickets() { onBuyTickets?(film) }
}
