import FlowAtlasLock
import FlowAtlasModel

extension DiagramBuilder {
  /// What every diagram of an app looks up: its screens and coordinators by type, and its
  /// transitions by the screens they reach and leave.
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
    /// How many screens, coordinators and transitions the app has: an index used with another
    /// app is a programming error, caught where it is cheap to.
    private let counts: [Int]

    /// The index of `app`'s screens, coordinators and transitions.
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
      counts = Self.counts(of: app)
    }

    /// Whether this may be `app`'s index: it has as many screens, coordinators and transitions.
    func fits(_ app: AppModel) -> Bool { counts == Self.counts(of: app) }

    private static func counts(of app: AppModel) -> [Int] {
      [app.screens.count, app.coordinators.count, app.transitions.count]
    }
  }

  /// The ``AppIndex`` of each app a batch of diagrams is drawn for, made the first time one of
  /// its diagrams asks; safe to ask from several threads at once.
  package final class AppIndexes: Sendable {
    /// What an index was made from: the parts of an app it reads.
    private struct Parts {
      var screens: [ScreenType]
      var coordinators: [CoordinatorType]
      var transitions: [Transition]

      init(_ app: AppModel) {
        screens = app.screens
        coordinators = app.coordinators
        transitions = app.transitions
      }

      /// The same parts; at once when the arrays share their storage, as copies of one app do.
      func equal(_ app: AppModel) -> Bool {
        screens == app.screens && coordinators == app.coordinators && transitions == app.transitions
      }
    }

    /// By app name: the parts the last index of that name was made from, and the index.
    private let made = Lock<[String: (parts: Parts, index: AppIndex)]>([:])

    package init() {}

    /// The index of `app`: the one made for an app of its name whose screens, coordinators and
    /// transitions are equal to `app`'s, or a new one (which then stands for that name).
    /// - Parameter app: an app of the batch.
    /// - Returns: its index.
    package func index(of app: AppModel) -> AppIndex {
      // Compared and made outside the lock: another thread's app is not kept waiting.
      if let entry = made.withLock({ $0[app.name] }), entry.parts.equal(app) { return entry.index }
      let index = AppIndex(app)
      made.withLock { $0[app.name] = (Parts(app), index) }
      return index
    }
  }
}
