import TicketsKit

@MainActor
protocol AuthCoordinatorDelegate: AnyObject {
  func authCoordinatorDidFinish(_ coordinator: AuthCoordinator)
}

/// Logging in. The login screen is MVVM-C: its view model tells this coordinator by closure;
/// this coordinator tells its parent by delegate, and the parent removes it.
@MainActor
final class AuthCoordinator: BaseCoordinator {
  weak var delegate: AuthCoordinatorDelegate?
  private let router: Routing
  private let session: Session

  init(router: Routing, session: Session) {
    self.router = router
    self.session = session
  }

  override func start() {
    let viewModel = LoginViewModel(session: session)
    viewModel.onLoggedIn = { [weak self] in self?.finishFlow() }
    router.setRootModule(LoginViewController(viewModel: viewModel))
  }

  private func finishFlow() {
    delegate?.authCoordinatorDidFinish(self)
  }
}
