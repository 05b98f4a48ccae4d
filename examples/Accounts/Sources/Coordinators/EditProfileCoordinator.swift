import FlowAtlasPattern

/// Edits the profile in a modal form and returns a typed result (the result style:
/// the parent calls `startChild(_:completion:)`).
@MainActor
final class EditProfileCoordinator: ResultCoordinator<EditProfileResult> {
  private let profile: Profile

  init(router: any RouterProtocol, profile: Profile) {
    self.profile = profile
    super.init(router: router)
  }

  override func start() {
    let form = EditProfileViewController(profile: profile)
    form.delegate = self
    router.present(form)
  }

  override func describe(_ output: EditProfileResult) -> String? { output.name }

  /// A form swiped down is a form cancelled.
  override var outputWhenEndedBySystem: EditProfileResult? { .cancelled }
}

extension EditProfileCoordinator: EditProfileViewControllerDelegate {
  func editProfile(_ screen: EditProfileViewController, didSave profile: Profile) {
    router.dismiss()
    finish(with: .saved(profile))
  }

  func editProfileDidCancel(_ screen: EditProfileViewController) {
    router.dismiss()
    finish(with: .cancelled)
  }
}
