import TicketsKit

/// The films showing, one film's page, and the flows they start: buying tickets and help.
@MainActor
final class HomeCoordinator: BaseCoordinator {
  private let router: Routing

  init(router: Routing) {
    self.router = router
  }

  override func start() {
    let list = FilmListViewController(films: Film.nowShowing)
    list.delegate = self
    router.setRootModule(list)
  }

  private func showDetail(of film: Film) {
    let detail = FilmDetailViewController(film: film)
    detail.onBuyTickets = { [weak self] film in self?.runPurchase(of: film) }
    router.push(detail)
  }

  private func runPurchase(of film: Film) {
    let purchase = PurchaseCoordinator(router: router, film: film)
    purchase.onFinish = { [weak self] _ in
      // The bug this example keeps on purpose: the finished purchase is never removed from
      // childCoordinators, so it leaks with its screens.
      self?.router.popToRootModule()
    }
    childCoordinators.append(purchase)
    purchase.start()
  }

  private func runHelp() {
    let help = HelpCoordinator(router: router)
    childCoordinators.append(help)
    help.start()
  }
}

extension HomeCoordinator: FilmListViewControllerDelegate {
  func filmList(_ screen: FilmListViewController, didSelect film: Film) {
    showDetail(of: film)
  }

  func filmListDidTapHelp(_ screen: FilmListViewController) {
    runHelp()
  }
}
