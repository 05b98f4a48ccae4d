import TicketsKit

/// The help pages. The person leaves them with the back button; nothing here finishes.
@MainActor
final class HelpCoordinator: BaseCoordinator {
  private let router: Routing

  init(router: Routing) {
    self.router = router
  }

  override func start() {
    router.push(HelpViewController())
  }
}
