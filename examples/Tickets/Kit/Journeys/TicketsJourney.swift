/// One scripted run of the Tickets app: how it launches, its name and title, and what the
/// person does. Both builds of the app (before and after adopting FlowAtlas) play them.
public struct TicketsJourney: Sendable {
  public var run: String
  public var title: String
  /// Whether a session is remembered from an earlier launch.
  public var isLoggedIn: Bool
  public var script: @MainActor @Sendable (TicketsPerson) throws -> Void

  /// Every journey of the Tickets app.
  public static let all: [TicketsJourney] = [
    TicketsJourney(
      run: "log-in-and-buy-tickets",
      title: "Log in after one wrong password, buy two seats for The Harbour", isLoggedIn: false
    ) { person in
      try person.logIn(password: "wrong")
      try person.logIn()
      try person.openFilm(0)
      try person.buyTickets()
      try person.chooseSeats(2)
      try person.pay()
      try person.closeConfirmation()
    },
    TicketsJourney(
      run: "back-out-of-the-seat-map",
      title: "Open Night Train, start buying, then leave the seat map with the back button",
      isLoggedIn: true
    ) { person in
      try person.openFilm(1)
      try person.buyTickets()
      try person.tapBack(on: SeatsViewController.self)
      try person.tapBack(on: FilmDetailViewController.self)
    },
    TicketsJourney(
      run: "read-the-help", title: "Read the help page and go back", isLoggedIn: true
    ) { person in
      try person.openHelp()
      try person.tapBack(on: HelpViewController.self)
    },
  ]
}
