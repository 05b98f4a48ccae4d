import FlowAtlasPattern

/// The profile tab: shows the profile, read with the shared session's token, and runs
/// the edit flow as a child that returns a result.
@MainActor
final class ProfileCoordinator: Coordinator {
  private let profiles: ProfileService
  private weak var profileScreen: ProfileViewController?

  init(router: any RouterProtocol, profiles: ProfileService) {
    self.profiles = profiles
    super.init(router: router)
  }

  override func start() {
    let screen = ProfileViewController(profile: profiles.load())
    screen.delegate = self
    profileScreen = screen
    router.setRoot(screen)
  }

  private func editProfile(_ profile: Profile) {
    let edit = EditProfileCoordinator(router: router, profile: profile)
    // The child is removed before the result arrives: nothing to clean up here.
    startChild(edit) { [weak self] result in
      guard let self, case .saved(let saved) = result else { return }
      self.profiles.save(saved)
      self.profileScreen?.profile = saved
    }
  }
}

extension ProfileCoordinator: ProfileViewControllerDelegate {
  func profileDidTapEdit(_ screen: ProfileViewController) {
    guard let profile = screen.profile else { return }
    editProfile(profile)
  }
}
