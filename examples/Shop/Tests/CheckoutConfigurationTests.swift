import Testing

@testable import ShopExample

struct CheckoutConfigurationTests {
  @Test("physical goods ask for address, then shipping, then payment")
  func physicalSteps() {
    let configuration = CheckoutConfiguration.physicalGoods
    #expect(configuration.step(after: nil) == .deliveryAddress)
    #expect(configuration.step(after: .deliveryAddress) == .shippingOption)
    #expect(configuration.step(after: .shippingOption) == .payment)
    #expect(configuration.step(after: .payment) == nil)
    #expect(configuration.ships)
  }

  @Test("digital goods go straight to payment")
  func digitalSteps() {
    let configuration = CheckoutConfiguration.digitalGoods
    #expect(configuration.step(after: nil) == .payment)
    #expect(configuration.step(after: .payment) == nil)
    #expect(!configuration.ships)
  }

  @Test("a step the configuration does not have leads nowhere")
  func unknownStep() {
    #expect(CheckoutConfiguration.digitalGoods.step(after: .shippingOption) == nil)
  }

  @Test(
    "money is formatted without a locale",
    arguments: [(0, "€0.00"), (5, "€0.05"), (1250, "€12.50"), (3390, "€33.90")])
  func money(cents: Int, text: String) {
    #expect(Money.format(cents: cents) == text)
  }
}
