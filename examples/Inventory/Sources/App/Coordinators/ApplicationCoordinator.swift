import UIKit

/// The app's root: onboarding, then logging in, then the tab bar; each replaces the window's
/// root. A deep link starts it again with the route (`start(with:)`), which it runs or hands to
/// its children.
final class ApplicationCoordinator: BaseCoordinator {
  @RecordedRouter private var window: UIWindow  // FlowAtlas: the roots it gives the window are its
  private let coordinatorFactory: CoordinatorFactory
  private let session: Session

  init(window: UIWindow, coordinatorFactory: CoordinatorFactory, session: Session) {
    self.window = window
    self.coordinatorFactory = coordinatorFactory
    self.session = session
  }

  override func start(with option: DeepLinkOption?) {
    Recorder.started(self)  // FlowAtlas
    if let option {
      switch option {
      case .onboarding: runOnboardingFlow()
      case .signUp where !session.isLoggedIn: runAuthFlow(signUp: true)
      case _ where !session.isLoggedIn: runAuthFlow()
      default:
        // A route of the main flow: its coordinators run it.
        if childCoordinators.isEmpty { runMainFlow(option: option) }
        for coordinator in childCoordinators { coordinator.start(with: option) }
      }
    } else if !session.hasSeenOnboarding {
      runOnboardingFlow()
    } else if !session.isLoggedIn {
      runAuthFlow()
    } else {
      runMainFlow(option: nil)
    }
  }

  private func runOnboardingFlow() {
    let (coordinator, module) = coordinatorFactory.makeOnboardingCoordinator()
    coordinator.finishFlow = { [weak self, weak coordinator] in
      self?.session.hasSeenOnboarding = true
      self?.removeDependency(coordinator)
      self?.start()
    }
    childCoordinators.removeAll()
    addDependency(coordinator)
    window.rootViewController = module
    coordinator.start()
  }

  private func runAuthFlow(signUp: Bool = false) {
    let (coordinator, module) = coordinatorFactory.makeAuthCoordinatorBox()
    coordinator.finishFlow = { [weak self, weak coordinator] in
      self?.session.isLoggedIn = true
      self?.removeDependency(coordinator)
      self?.start()
    }
    childCoordinators.removeAll()
    addDependency(coordinator)
    window.rootViewController = module
    coordinator.start(with: signUp ? .signUp : nil)
  }

  private func runMainFlow(option: DeepLinkOption?) {
    let (coordinator, module) = coordinatorFactory.makeTabbarCoordinator()
    coordinator.onLogout = { [weak self, weak coordinator] in
      self?.session.isLoggedIn = false
      self?.removeDependency(coordinator)
      self?.start()
    }
    addDependency(coordinator)
    // Started before it is shown: the tab bar's first tab runs its flow when its view loads.
    coordinator.start()
    window.rootViewController = module
  }
}
