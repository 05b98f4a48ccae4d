import FlowAtlasPattern

/// A ``RecordingRouter`` seen from one coordinator: the same navigation stack, every call
/// recorded as asked by that coordinator.
///
/// Holds the coordinator weakly: the coordinator owns this view, not the other way round.
@MainActor
package final class AttributedRecordingRouter: AttributingRouter, NavigationStateReporting,
  SystemNavigationReporting
{
  /// The recording router calls go to.
  package let router: RecordingRouter
  /// The coordinator calls are attributed to, while it lives.
  package private(set) weak var coordinator: (any CoordinatorProtocol)?
  /// The coordinator's id in the trace, resolved on first use and kept: it does not change
  /// while the coordinator lives.
  private var knownID: String?

  /// Creates the view of `router` bound to `coordinator`, as `router.on(behalfOf:)` does (the only
  /// way an app gets one).
  /// - Parameters:
  ///   - router: The recording router to forward to.
  ///   - coordinator: The coordinator that asks.
  init(router: RecordingRouter, coordinator: any CoordinatorProtocol) {
    self.router = router
    self.coordinator = coordinator
  }

  package var layers: [[any Presentable]] { router.layers }
  package var refusesPresentation: Bool { router.refusesPresentation }

  package func addSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    router.addSystemNavigationObserver(observer)
  }

  package func removeSystemNavigationObserver(_ observer: any SystemNavigationObserver) {
    router.removeSystemNavigationObserver(observer)
  }

  /// The id of the coordinator, or `nil` once it was released.
  private var coordinatorID: String? {
    guard let coordinator else { return nil }
    if let knownID { return knownID }
    let id = router.id(of: coordinator)
    knownID = id
    return id
  }

  package func on(behalfOf coordinator: any CoordinatorProtocol) -> any RouterProtocol {
    router.on(behalfOf: coordinator)
  }

  package func push(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    router.push(screen, animated: animated, completion: completion, coordinatorID: coordinatorID)
  }

  package func pop(animated: Bool, completion: (() -> Void)?) {
    router.pop(animated: animated, completion: completion, coordinatorID: coordinatorID)
  }

  package func popToRoot(animated: Bool, completion: (() -> Void)?) {
    router.popToRoot(animated: animated, completion: completion, coordinatorID: coordinatorID)
  }

  package func present(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    router.present(screen, animated: animated, completion: completion, coordinatorID: coordinatorID)
  }

  package func dismiss(animated: Bool, completion: (() -> Void)?) {
    router.dismiss(animated: animated, completion: completion, coordinatorID: coordinatorID)
  }

  package func setRoot(_ screen: any Presentable, animated: Bool, completion: (() -> Void)?) {
    router.setRoot(screen, animated: animated, completion: completion, coordinatorID: coordinatorID)
  }
}

extension AttributedRecordingRouter: RouterWrapper {
  package var routerUnderneath: AnyObject { router }
}
