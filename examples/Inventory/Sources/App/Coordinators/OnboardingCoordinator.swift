/// Two pages of onboarding, then the app goes on.
final class OnboardingCoordinator: BaseCoordinator, CoordinatorFinishOutput {
  var finishFlow: (() -> Void)?
  @RecordedRouter private var router: Router  // FlowAtlas
  private let factory: ModuleFactory

  init(router: Router, factory: ModuleFactory) {
    self.router = router
    self.factory = factory
  }

  override func start(with option: DeepLinkOption?) {
    Recorder.started(self)  // FlowAtlas
    showPage(1)
  }

  private func showPage(_ page: Int) {
    let onboarding = factory.makeOnboardingModule(page: page)
    onboarding.onNext = { [weak self] in
      guard let self else { return }
      if page < 2 {
        self.showPage(page + 1)
      } else {
        Recorder.finished(self, output: "seen")  // FlowAtlas
        self.finishFlow?()
      }
    }
    if page == 1 { router.setRootModule(onboarding, hideBar: true) } else { router.push(onboarding) }
  }
}
