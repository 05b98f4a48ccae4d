import FlowAtlasJourneys
import FlowAtlasRecording
import UIKit

/// The bundled Purchase example: the seed's purchase flow as its article writes it, a plain
/// coordinator driving a `UINavigationController` itself, recorded by three marked lines per
/// coordinator. Its files are written against UIKit's API; here they run on FlowAtlas's model of
/// UIKit, and the person's taps and swipes are the model's.
public enum PurchaseExample {
  /// Every journey of the Purchase app; each records one trace, the same bytes every time.
  public static let journeys: [ScriptedJourney] = PurchaseJourney.all.map(\.scripted)

  static let catalogue = [Product(name: "Lamp", price: 40), Product(name: "Chair", price: 120)]
}

/// One scripted visit to the shop.
struct PurchaseJourney: Sendable {
  let run: String
  let title: String
  let script: @MainActor @Sendable (Shopper) -> Void

  static let all = [
    PurchaseJourney(run: "buy-a-lamp", title: "Buy a lamp, after giving up a swipe back") { shopper in
      shopper.select("Lamp")
      shopper.swipeBack(completing: false)
      shopper.addToCart()
      shopper.openCart()
      shopper.checkOut()
      shopper.pay()
      shopper.done()
    },
    PurchaseJourney(
      run: "compare-and-jump-back", title: "Look at two products, then back to the list by the back menu"
    ) {
      shopper in
      shopper.select("Lamp")
      shopper.tapBack()
      shopper.select("Chair")
      shopper.addToCart()
      shopper.openCart()
      shopper.pickFromBackMenu(0)
    },
    PurchaseJourney(run: "read-the-reviews", title: "Read a product's reviews, swipe them away, swipe back") {
      shopper in
      shopper.select("Chair")
      shopper.openReviews()
      shopper.swipeDownSheet()
      shopper.swipeBack(completing: true)
    },
    PurchaseJourney(run: "back-out-of-payment", title: "Start paying, then leave by the back button") {
      shopper in
      shopper.select("Lamp")
      shopper.addToCart()
      shopper.openCart()
      shopper.checkOut()
      shopper.tapBack()
      shopper.tapBack()
    },
  ]

  /// The journey as the recording side runs it.
  var scripted: ScriptedJourney {
    ScriptedJourney(
      app: "Purchase", run: run, title: title,
      metadata: [
        "device": "iPhone 15 (model of UIKit)", "build": "1.0 (1)",
        "coordinators": "plain classes driving UINavigationController (no router)",
      ]
    ) { [self] recorder in
      UIKitModel.reset()
      let coordinator = PurchaseCoordinator(products: PurchaseExample.catalogue)
      recorder.follow(coordinator)
      coordinator.start()
      withExtendedLifetime(coordinator) {
        script(Shopper(navigation: coordinator.rootViewController, recorder: recorder))
      }
      recorder.finish()
    }
  }
}

/// The person in the journeys: taps what the screen on top shows, as a UI test would, and waits
/// for each animation to end.
@MainActor
final class Shopper {
  let navigation: UINavigationController
  let recorder: FlowAtlasRecording.Recorder

  init(navigation: UINavigationController, recorder: FlowAtlasRecording.Recorder) {
    self.navigation = navigation
    self.recorder = recorder
  }

  private func top<Screen: UIViewController>(_: Screen.Type) -> Screen? {
    (navigation.presentedViewController ?? navigation.topViewController) as? Screen
  }

  /// Records the tap on `screen`, does it, and waits.
  private func tap(_ screen: UIViewController?, _ action: String, _ perform: () -> Void) {
    guard let screen else { return }
    recorder.userAction(on: screen, action: action)
    perform()
    UIKitModel.finishAnimations()
  }

  func select(_ name: String) {
    let list = top(ProductListViewController.self)
    guard let product = list?.products.first(where: { $0.name == name }) else { return }
    tap(list, name) { list?.select(product) }
  }

  func addToCart() {
    let detail = top(ProductDetailViewController.self)
    tap(detail, "Add to cart") { detail?.addToCart() }
  }

  func openCart() {
    let detail = top(ProductDetailViewController.self)
    tap(detail, "Cart") { UIKit.Person.tap(detail?.navigationItem.rightBarButtonItem) }
  }

  func openReviews() {
    let detail = top(ProductDetailViewController.self)
    tap(detail, "Reviews") { detail?.openReviews() }
  }

  func checkOut() {
    let summary = top(OrderSummaryViewController.self)
    tap(summary, "Check out") { summary?.checkOut() }
  }

  func pay() {
    let payment = top(PaymentViewController.self)
    tap(payment, "Pay") { payment?.pay() }
  }

  func done() {
    let confirmation = top(ConfirmationViewController.self)
    tap(confirmation, "Done") { confirmation?.done() }
  }

  func tapBack() {
    UIKit.Person.tapBackButton(in: navigation)
    UIKitModel.finishAnimations()
  }

  func swipeBack(completing: Bool) {
    UIKit.Person.swipeBack(in: navigation, completing: completing)
  }

  func pickFromBackMenu(_ index: Int) {
    UIKit.Person.pickFromBackMenu(navigation.viewControllers[index], in: navigation)
    UIKitModel.finishAnimations()
  }

  func swipeDownSheet() {
    guard let sheet = navigation.presentedViewController else { return }
    UIKit.Person.swipeDown(sheet)
    UIKitModel.finishAnimations()
  }
}
