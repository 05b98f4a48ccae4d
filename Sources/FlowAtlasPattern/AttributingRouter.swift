/// A router that can tell, call by call, which coordinator asked for a transition.
///
/// Several coordinators share one navigation stack, so "who asked" belongs to the caller,
/// not to the router. An attributing router hands each coordinator a lightweight view of
/// itself bound to that coordinator; ``Coordinator`` asks for one in its initializer, so
/// subclasses get attribution without a line of code.
@MainActor
package protocol AttributingRouter: RouterProtocol {
  /// A view of this router whose calls are attributed to `coordinator`.
  ///
  /// The view forwards to the same navigation stack and must hold `coordinator` weakly. It is
  /// itself attributing, so a child built on its parent's `router` acts for the child.
  /// - Parameter coordinator: The coordinator the returned router acts for.
  /// - Returns: A router navigating the same stack on `coordinator`'s behalf.
  func on(behalfOf coordinator: any CoordinatorProtocol) -> any RouterProtocol
}

/// A tab container that can tell which coordinator asked for a tab switch
/// (see ``AttributingRouter``).
@MainActor
package protocol AttributingTabRouter: TabRouting {
  /// A view of this tab container whose calls are attributed to `coordinator`.
  /// - Parameter coordinator: The coordinator the returned tab router acts for.
  /// - Returns: A tab router switching the same tabs on `coordinator`'s behalf.
  func on(behalfOf coordinator: any CoordinatorProtocol) -> any TabRouting
}
