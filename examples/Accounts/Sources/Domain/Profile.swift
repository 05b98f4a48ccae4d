/// The signed-in person as the profile screens show them.
struct Profile: Hashable, Sendable {
  var name: String
  var email: String
}
