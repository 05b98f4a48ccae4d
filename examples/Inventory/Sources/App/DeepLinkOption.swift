import Foundation

/// Where the app can be opened: `inventory://item/42`, `inventory://signup`, …
enum DeepLinkOption: Equatable {
  case onboarding
  case signUp
  case terms
  case items
  case item(String)
  case newItem
  case settings

  /// The route `url` names, or nil for a URL the app does not know.
  static func build(with url: URL?) -> DeepLinkOption? {
    guard let url, url.scheme == "inventory", let host = url.host else { return nil }
    switch host {
    case "onboarding": return .onboarding
    case "signup": return .signUp
    case "terms": return .terms
    case "items": return .items
    case "item":
      let id = url.pathComponents.dropFirst().first
      return id.map { .item($0) }
    case "new": return .newItem
    case "settings": return .settings
    default: return nil
    }
  }
}

/// What the app remembers between launches.
final class Session {
  var hasSeenOnboarding: Bool
  var isLoggedIn: Bool

  init(hasSeenOnboarding: Bool = false, isLoggedIn: Bool = false) {
    self.hasSeenOnboarding = hasSeenOnboarding
    self.isLoggedIn = isLoggedIn
  }
}

/// An item of the inventory.
struct Item: Equatable {
  let id: String
  var name: String
  var category: String
}

/// The items, shared by the flows that list, show and create them.
final class ItemStore {
  private(set) var items: [Item]

  init(
    items: [Item] = [
      Item(id: "1", name: "Lamp", category: "Living room"), Item(id: "2", name: "Chair", category: "Office"),
    ]
  ) {
    self.items = items
  }

  func item(id: String) -> Item? { items.first { $0.id == id } }

  func add(name: String, category: String) -> Item {
    let item = Item(id: String(items.count + 1), name: name, category: category)
    items.append(item)
    return item
  }
}
