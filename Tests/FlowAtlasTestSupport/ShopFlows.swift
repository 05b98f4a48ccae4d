/// A small shop's flows (a product list, a login child with a result, a payment child, a cart
/// that can forget to remove its child), shared by the recording and the journeys tests.
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace

@MainActor
package final class ProductListScreen: Presentable {
  package var screenTitle: String? = "Products"
  package init() {}
}

@MainActor
package final class ProductScreen: Presentable {
  package let screenTitle: String?
  package init(_ name: String) { screenTitle = name }
}

@MainActor
package final class LoginScreen: Presentable {
  package init() {}
}

@MainActor
package final class PaymentScreen: Presentable {
  package init() {}
}

/// The shop's root flow: a product list, product pages, and a login before paying.
@MainActor
package final class ShopCoordinator: Coordinator {
  package let list = ProductListScreen()
  package private(set) var outcomes: [LoginCoordinator.Outcome] = []

  package override func start() { router.setRoot(list, animated: false) }

  package func open(_ product: String) { router.push(ProductScreen(product), animated: true) }

  package func back() { router.pop(animated: true) }

  package func login() {
    startChild(LoginCoordinator(router: router)) { [weak self] outcome in
      self?.outcomes.append(outcome)
    }
  }
}

/// A result-typed child presenting its own screen.
@MainActor
package final class LoginCoordinator: ResultCoordinator<LoginCoordinator.Outcome> {
  package enum Outcome { case loggedIn, cancelled }
  package let screen = LoginScreen()
  package override func start() { router.present(screen, animated: true) }
  package func submit() {
    router.dismiss(animated: true)
    finish(with: .loggedIn)
  }
}

/// A child that shows one screen and finishes when told to.
@MainActor
package final class PaymentCoordinator: ResultCoordinator<Void> {
  /// Told when the payment is done, as an app's own delegate would be.
  package var whenPaid: (() -> Void)?
  package override func start() { router.push(PaymentScreen(), animated: true) }
  package func pay() {
    router.pop(animated: true)
    finish()
    whenPaid?()
  }
}

/// The manual style (`addChild`, told by the child, `removeChild`), with the bug switchable:
/// forgetting `removeChild`.
@MainActor
package final class CartCoordinator: Coordinator {
  package var forgetsToRemove = false
  package override func start() { router.setRoot(ProductListScreen(), animated: false) }
  package func checkout() -> PaymentCoordinator {
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
package func makeRecorder(clock: RecordingClock? = nil) -> (Recorder, MemoryTraceSink) {
  let sink = MemoryTraceSink()
  let recorder = Recorder(
    header: TraceHeader(app: "Shop", run: "test"), sink: sink, clock: clock)
  return (recorder, sink)
}

/// The object form of a screen mention.
package func introduce(_ id: String, _ type: String, _ title: String? = nil) -> ScreenMention {
  .introduce(Screen(id: id, type: type, title: title))
}
