import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace

@MainActor
final class ProductListScreen: Presentable {
  var screenTitle: String? = "Products"
}

@MainActor
final class ProductScreen: Presentable {
  let screenTitle: String?
  init(_ name: String) { screenTitle = name }
}

@MainActor
final class LoginScreen: Presentable {}

@MainActor
final class PaymentScreen: Presentable {}

/// The shop's root flow: a product list, product pages, and a login before paying.
@MainActor
final class ShopCoordinator: Coordinator {
  let list = ProductListScreen()
  private(set) var outcomes: [LoginCoordinator.Outcome] = []

  override func start() { router.setRoot(list, animated: false) }

  func open(_ product: String) { router.push(ProductScreen(product), animated: true) }

  func back() { router.pop(animated: true) }

  func login() {
    startChild(LoginCoordinator(router: router)) { [weak self] outcome in
      self?.outcomes.append(outcome)
    }
  }
}

/// A result-typed child presenting its own screen.
@MainActor
final class LoginCoordinator: ResultCoordinator<LoginCoordinator.Outcome> {
  enum Outcome { case loggedIn, cancelled }
  let screen = LoginScreen()
  override func start() { router.present(screen, animated: true) }
  func submit() {
    router.dismiss(animated: true)
    finish(with: .loggedIn)
  }
}

/// A child that shows one screen and finishes when told to.
@MainActor
final class PaymentCoordinator: ResultCoordinator<Void> {
  /// Told when the payment is done, as an app's own delegate would be.
  var whenPaid: (() -> Void)?
  override func start() { router.push(PaymentScreen(), animated: true) }
  func pay() {
    router.pop(animated: true)
    finish()
    whenPaid?()
  }
}

/// The manual style (`addChild`, told by the child, `removeChild`), with the bug switchable:
/// forgetting `removeChild`.
@MainActor
final class CartCoordinator: Coordinator {
  var forgetsToRemove = false
  override func start() { router.setRoot(ProductListScreen(), animated: false) }
  func checkout() -> PaymentCoordinator {
    let payment = PaymentCoordinator(router: router)
    payment.whenPaid = { [unowned self, unowned payment] in
      if !forgetsToRemove { removeChild(payment) }
    }
    addChild(payment)
    payment.launch()
    return payment
  }
}

/// A fresh recorder writing to memory, with a fixed header.
func makeRecorder(clock: RecordingClock? = nil) -> (Recorder, MemoryTraceSink) {
  let sink = MemoryTraceSink()
  let recorder = Recorder(
    header: TraceHeader(app: "Shop", run: "test"), sink: sink, clock: clock)
  return (recorder, sink)
}

/// The object form of a screen mention.
func introduce(_ id: String, _ type: String, _ title: String? = nil) -> ScreenMention {
  .introduce(Screen(id: id, type: type, title: title))
}
