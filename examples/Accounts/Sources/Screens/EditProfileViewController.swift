import FlowAtlasPattern

/// Tells the edit flow whether to keep the changes.
@MainActor
protocol EditProfileViewControllerDelegate: AnyObject {
  func editProfile(_ screen: EditProfileViewController, didSave profile: Profile)
  func editProfileDidCancel(_ screen: EditProfileViewController)
}

/// A form over a copy of the profile, shown modally with Cancel and Save.
@MainActor
final class EditProfileViewController: Presentable {
  weak var delegate: (any EditProfileViewControllerDelegate)?
  private(set) var draft: Profile

  var screenTitle: String? { "Edit Profile" }

  init(profile: Profile) {
    self.draft = profile
  }

  func type(name: String) { draft.name = name }

  func didTapSave() {
    delegate?.editProfile(self, didSave: draft)
  }

  func didTapCancel() {
    delegate?.editProfileDidCancel(self)
  }
}
