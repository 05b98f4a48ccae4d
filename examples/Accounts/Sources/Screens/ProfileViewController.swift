import FlowAtlasPattern

/// Tells the profile flow the person wants to edit.
@MainActor
protocol ProfileViewControllerDelegate: AnyObject {
  func profileDidTapEdit(_ screen: ProfileViewController)
}

/// The signed-in person's name and email.
@MainActor
final class ProfileViewController: Presentable {
  weak var delegate: (any ProfileViewControllerDelegate)?
  /// Replaced by the coordinator after an edit is saved.
  var profile: Profile?

  var screenTitle: String? { "Profile" }

  init(profile: Profile?) {
    self.profile = profile
  }

  func didTapEdit() {
    delegate?.profileDidTapEdit(self)
  }
}
