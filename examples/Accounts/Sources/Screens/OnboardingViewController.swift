import FlowAtlasPattern

/// Tells the onboarding flow the person wants the next page.
@MainActor
protocol OnboardingViewControllerDelegate: AnyObject {
  func onboardingDidTapContinue(_ screen: OnboardingViewController)
}

/// One page of the first-launch introduction.
@MainActor
final class OnboardingViewController: Presentable {
  weak var delegate: (any OnboardingViewControllerDelegate)?
  let page: Int
  let headline: String

  var screenTitle: String? { "Welcome \(page)/\(OnboardingViewController.pages.count)" }
  var isLastPage: Bool { page == OnboardingViewController.pages.count }

  /// The pages' headlines, in order.
  static let pages = ["Your account, everywhere", "Stay in control of your data"]

  init(page: Int) {
    self.page = page
    self.headline = OnboardingViewController.pages[page - 1]
  }

  /// "Next" on the first pages, "Get started" on the last.
  func didTapContinue() {
    delegate?.onboardingDidTapContinue(self)
  }
}
