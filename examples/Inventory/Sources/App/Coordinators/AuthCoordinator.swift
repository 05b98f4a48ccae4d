/// Logging in, or signing up after reading the terms.
final class AuthCoordinator: BaseCoordinator, CoordinatorFinishOutput {
  var finishFlow: (() -> Void)?
  @RecordedRouter private var router: Router  // FlowAtlas
  private let factory: ModuleFactory

  init(router: Router, factory: ModuleFactory) {
    self.router = router
    self.factory = factory
  }

  override func start(with option: DeepLinkOption?) {
    Recorder.started(self)  // FlowAtlas
    showLogin()
    if option == .signUp { showSignUp() }
  }

  private func showLogin() {
    let login = factory.makeLoginOutput()
    login.onCompleteAuth = { [weak self] in self?.finish() }
    login.onSignUpButtonTap = { [weak self] in self?.showSignUp() }
    router.setRootModule(login)
  }

  private func showSignUp() {
    let signUp = factory.makeSignUpHandler()
    signUp.onSignUpComplete = { [weak self] in self?.finish() }
    signUp.onTermsButtonTap = { [weak self] in self?.showTerms() }
    router.push(signUp)
  }

  private func showTerms() {
    let terms = factory.makeTermsOutput()
    terms.onClose = { [weak self] in self?.router.dismissModule() }
    router.present(terms)
  }

  private func finish() {
    Recorder.finished(self, output: "loggedIn")  // FlowAtlas
    finishFlow?()
  }
}
