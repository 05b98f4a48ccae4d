/// What the person means to buy, shared by the flows that add to it (the shared-service style).
@MainActor
final class ShoppingList {
  private(set) var items: [String] = []

  func add(_ ingredients: [String]) {
    for item in ingredients where !items.contains(item) { items.append(item) }
  }
}
