/// Where a parcel goes.
struct Address: Hashable, Sendable {
  var name: String
  var street: String
  var city: String

  /// The address book's entries in the headless examples (a real app reads the account's).
  static let saved: [Address] = [
    Address(name: "Ada Lovelace", street: "12 St James's Square", city: "London"),
    Address(name: "Ada Lovelace", street: "Ockham Park", city: "Ripley"),
  ]
}
