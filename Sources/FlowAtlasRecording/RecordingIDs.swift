/// Makes the ids a trace names instances by: deterministic, so the same journey always
/// gives the same trace.
package struct RecordingIDs: Sendable {
  /// What an id names.
  package enum Kind: Hashable, Sendable {
    case coordinator, screen, router
    /// A container of the app's own that shows a navigation or tab bar controller: its router.
    case containerRouter
  }

  private let make: @Sendable (Kind, Int) -> String

  /// Creates a generator from a function of the kind and the kind's 1-based counter.
  /// - Parameter make: Returns the id of the `n`th instance of a kind; distinct inputs
  ///   must give distinct ids.
  package init(_ make: @escaping @Sendable (_ kind: Kind, _ n: Int) -> String) {
    self.make = make
  }

  /// `c1`, `c2` … for coordinators, `s1` … for screens, `r1` … for routers, `container1` … for
  /// the routers of the app's own containers.
  package static let sequential = RecordingIDs { kind, n in
    switch kind {
    case .coordinator: "c\(n)"
    case .screen: "s\(n)"
    case .router: "r\(n)"
    case .containerRouter: "container\(n)"
    }
  }

  /// The id of the `n`th instance of `kind`.
  /// - Parameters:
  ///   - kind: What the id names.
  ///   - n: The instance's 1-based number among its kind.
  /// - Returns: The id.
  package func id(_ kind: Kind, _ n: Int) -> String { make(kind, n) }
}
