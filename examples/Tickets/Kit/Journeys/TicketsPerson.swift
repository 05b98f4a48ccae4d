import FlowAtlasJourneys
import FlowAtlasPattern

/// A screen that was not the one a journey expected.
public struct UnexpectedScreen: Error, CustomStringConvertible {
  public var expected: String
  public var found: String?
  public var action: String

  public var description: String {
    "\(action): expected \(expected) on top, found \(found ?? "no screen")"
  }
}

/// The person a journey scripts, the way a UI test drives an app: act on the screen on top,
/// or use the system's back button. The same person drives the app before and after it
/// adopted FlowAtlas.
@MainActor
public final class TicketsPerson {
  private let window: any RouterProtocol
  private let tells: (any Presentable, String) -> Void
  /// The type of the screen on top after each step, for comparing two builds of the app.
  public private(set) var screensSeen: [String] = []

  /// - Parameters:
  ///   - window: The app's navigation controller (it shows and can be driven by a person).
  ///   - tells: Hears each action before the screen acts on it (recording's `user.action`).
  public init(window: any RouterProtocol, tells: @escaping (any Presentable, String) -> Void = { _, _ in }) {
    self.window = window
    self.tells = tells
  }

  private var visible: (any Presentable)? {
    (try? Person(on: window))?.visibleScreen
  }

  private func on<Screen: Presentable>(
    _ type: Screen.Type, _ action: String, _ body: (Screen) -> Void
  ) throws {
    guard let screen = visible as? Screen else {
      throw UnexpectedScreen(expected: String(describing: type), found: visible?.screenType, action: action)
    }
    tells(screen, action)
    body(screen)
    screensSeen.append(visible?.screenType ?? "nothing")
  }

  public func logIn(password: String = "correct-horse") throws {
    try on(LoginViewController.self, "Log in") {
      $0.didTapLogIn(email: "ada@example.com", password: password)
    }
  }

  public func openFilm(_ index: Int) throws {
    try on(FilmListViewController.self, "Open film") { $0.didSelect($0.films[index]) }
  }

  public func openHelp() throws {
    try on(FilmListViewController.self, "Help") { $0.didTapHelp() }
  }

  public func buyTickets() throws {
    try on(FilmDetailViewController.self, "Buy tickets") { $0.didTapBuyTickets() }
  }

  public func chooseSeats(_ seats: Int) throws {
    try on(SeatsViewController.self, "Choose seats") { $0.didChoose(seats: seats) }
  }

  public func pay() throws {
    try on(PaymentViewController.self, "Pay") { $0.didTapPay() }
  }

  public func closeConfirmation() throws {
    try on(ConfirmationViewController.self, "Done") { $0.didTapDone() }
  }

  /// Taps the navigation bar's back button: the system pops, no code of the app's asks.
  public func tapBack<Screen: Presentable>(on type: Screen.Type) throws {
    guard visible is Screen, let person = try? Person(on: window) else {
      throw UnexpectedScreen(expected: String(describing: type), found: visible?.screenType, action: "Back")
    }
    person.tapBackButton()
    screensSeen.append(visible?.screenType ?? "nothing")
  }
}
