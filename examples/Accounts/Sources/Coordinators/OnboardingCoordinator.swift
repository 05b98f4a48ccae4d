import FlowAtlasPattern

/// The first-launch introduction: a few pages, then it finishes (the closure style: its
/// parent sets ``Coordinator/onFinish``).
@MainActor
final class OnboardingCoordinator: Coordinator {
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
