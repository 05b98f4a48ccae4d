import FlowAtlasLock
import FlowAtlasModel

extension DiagramBuilder {
  /// What every diagram of an app looks up: its screens and flows by type, and its transitions
  /// by the screens they reach and leave.
  ///
  /// Made once per app for a batch of diagrams (``AppIndexes``), so that a screen's diagram finds
  /// its neighbourhood from that screen's own transitions instead of reading every transition of
  /// the app: on an app of 473 screens and 7,209 transitions, reading them all for each screen
  /// was 35% of a rebuild's CPU.
  package final class AppIndex: Sendable {
    let screens: [String: ScreenType]
    let coordinators: [String: CoordinatorType]
    /// By screen type, the positions in the app's `transitions` of those that reach it, launches
    /// included, in order.
    let reaching: [String: [Int]]
    /// By screen type, the positions of those that leave it, in order.
    let leaving: [String: [Int]]

    package init(_ app: AppModel) {
      screens = Dictionary(app.screens.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
      coordinators = Dictionary(
        app.coordinators.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
      var reaching: [String: [Int]] = [:]
      var leaving: [String: [Int]] = [:]
      for (position, transition) in app.transitions.enumerated() {
        reaching[transition.to, default: []].append(position)
        if let from = transition.from { leaving[from, default: []].append(position) }
      }
      self.reaching = reaching
      self.leaving = leaving
    }
  }

  /// The ``AppIndex`` of each app a batch of diagrams is drawn for, made the first time one of
  /// its diagrams asks; safe to ask from several threads at once.
  package final class AppIndexes: Sendable {
    /// By app name: the app an index was made from, and the index.
    private let made = Lock<[String: (app: AppModel, index: AppIndex)]>([:])

    package init() {}

    /// The index of `app`: the one made for an app of the same name with the same screens,
    /// flows and transitions (arrays that share their storage compare at once), or a new one.
    package func index(of app: AppModel) -> AppIndex {
      made.withLock { made in
        if let entry = made[app.name], entry.app.screens == app.screens,
          entry.app.coordinators == app.coordinators, entry.app.transitions == app.transitions
        {
          return entry.index
        }
        let index = AppIndex(app)
        made[app.name] = (app, index)
        return index
      }
    }
  }
}
