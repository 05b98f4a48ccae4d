import FlowAtlasPattern

/// What the film list tells its coordinator (the delegate style).
@MainActor
public protocol FilmListViewControllerDelegate: AnyObject {
  func filmList(_ screen: FilmListViewController, didSelect film: Film)
  func filmListDidTapHelp(_ screen: FilmListViewController)
}

/// The films showing this week.
@MainActor
public final class FilmListViewController: Presentable {
  public weak var delegate: (any FilmListViewControllerDelegate)?
  public let films: [Film]

  public var screenTitle: String? { "Now showing" }

  public init(films: [Film]) {
    self.films = films
  }

  public func didSelect(_ film: Film) { delegate?.filmList(self, didSelect: film) }

  public func didTapHelp() { delegate?.filmListDidTapHelp(self) }
}
