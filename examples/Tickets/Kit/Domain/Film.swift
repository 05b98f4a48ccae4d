/// A film the cinema shows.
public struct Film: Hashable, Sendable {
  public var id: String
  public var title: String

  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }

  /// What is showing this week.
  public static let nowShowing: [Film] = [
    Film(id: "harbour", title: "The Harbour"),
    Film(id: "night-train", title: "Night Train"),
    Film(id: "paper-moons", title: "Paper Moons"),
  ]
}
