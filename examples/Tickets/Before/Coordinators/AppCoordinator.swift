import TicketsKit

/// The root: the login flow when nobody is logged in, then the home flow.
@MainActor
final class AppCoordinator: BaseCoordinator {
  private let router: Routing
  private let session: Session

  init(router: Routing, session: Session) {
    self.router = router
    self.session = session
  }

  override func start() {
    if session.isLoggedIn {
      runHome()
    } else {
      runAuth()
    }
  }

  private func runAuth() {
    let auth = AuthCoordinator(router: router, session: session)
    auth.delegate = self
    childCoordinators.append(auth)
    auth.start()
  }

  private func runHome() {
    let home = HomeCoordinator(router: router)
    childCoordinators.append(home)
    home.start()
  }
}

extension AppCoordinator: AuthCoordinatorDelegate {
  func authCoordinatorDidFinish(_ coordinator: AuthCoordinator) {
    childCoordinators.removeAll { $0 is AuthCoordinator }
    runHome()
  }
}
