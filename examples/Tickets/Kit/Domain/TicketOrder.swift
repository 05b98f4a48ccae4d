/// The tickets a person is buying: one film, some seats.
public struct TicketOrder: Hashable, Sendable {
  public var film: Film
  public var seats: Int

  public init(film: Film, seats: Int) {
    self.film = film
    self.seats = seats
  }

  /// The price in cents: 12.50 a seat.
  public var priceInCents: Int { seats * 1250 }
}
