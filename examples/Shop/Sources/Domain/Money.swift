/// Formats cents the same way on every machine: no locale, so traces stay byte-identical.
enum Money {
  /// Formats an amount of cents as euros, for example `€12.50`.
  static func format(cents: Int) -> String {
    let euros = cents / 100
    let rest = cents % 100
    return "€\(euros).\(rest < 10 ? "0" : "")\(rest)"
  }
}
