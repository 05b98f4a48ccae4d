import FlowAtlasPattern
import Testing

@MainActor
protocol CheckoutNavigation: AnyObject {
  func checkoutDidPay()
}

/// The MVVM-C idiom: the view model reaches its coordinator through a protocol, weakly.
@MainActor
final class CheckoutViewModel {
  @WeakNavigation var navigation: (any CheckoutNavigation)?
  func pay() { navigation?.checkoutDidPay() }
}

@MainActor
final class CheckoutScreen: Presentable {
  let viewModel: CheckoutViewModel
  init(viewModel: CheckoutViewModel) { self.viewModel = viewModel }
}

@MainActor
final class CheckoutCoordinator: Coordinator, CheckoutNavigation {
  private(set) var screen: CheckoutScreen?
  override func start() {
    let viewModel = CheckoutViewModel()
    viewModel.navigation = self
    let screen = CheckoutScreen(viewModel: viewModel)
    self.screen = screen
    router.push(screen, animated: true)
  }
  func checkoutDidPay() { finish() }
}

@MainActor
struct WeakNavigationTests {
  @Test func viewModelReachesItsCoordinator() {
    let parent = Coordinator(router: StackRouter())
    let checkout = CheckoutCoordinator(router: parent.router)
    parent.startChild(checkout)
    checkout.screen?.viewModel.pay()
    #expect(checkout.isFinished)
    #expect(parent.childCoordinators.isEmpty)
  }

  @Test func viewModelDoesNotRetainItsCoordinator() {
    let router = StackRouter()
    weak var released: CheckoutCoordinator?
    var viewModel: CheckoutViewModel?
    do {
      let checkout = CheckoutCoordinator(router: router)
      released = checkout
      checkout.launch()
      viewModel = checkout.screen?.viewModel
      #expect(viewModel?.navigation != nil)
    }
    #expect(released == nil)
    #expect(viewModel != nil)
    #expect(viewModel?.navigation == nil)
    viewModel?.pay()
  }
}
