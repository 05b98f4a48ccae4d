import FlowAtlasPattern

/// The first-launch introduction: a few pages, then it finishes; it has no result to hand its
/// parent beyond being done.
@MainActor
final class OnboardingCoordinator: ResultCoordinator<Void> {
  override func start() {
    router.setRoot(makePage(1))
  }

  private func makePage(_ page: Int) -> OnboardingViewController {
    let screen = OnboardingViewController(page: page)
    screen.delegate = self
    return screen
  }
}

extension OnboardingCoordinator: OnboardingViewControllerDelegate {
  func onboardingDidTapContinue(_ screen: OnboardingViewController) {
    if screen.isLastPage {
      finish()
    } else {
      router.push(makePage(screen.page + 1))
    }
  }
}
