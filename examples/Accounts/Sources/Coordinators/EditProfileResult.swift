/// How editing the profile ended.
enum EditProfileResult: Hashable, Sendable {
  case saved(Profile)
  case cancelled

  /// The result's name as the trace records it, without the profile.
  var name: String {
    switch self {
    case .saved: "saved"
    case .cancelled: "cancelled"
    }
  }
}
