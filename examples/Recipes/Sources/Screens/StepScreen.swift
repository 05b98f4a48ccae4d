import FlowAtlasPattern

/// One cooking step; the last one says Done instead of Next.
@MainActor
final class StepScreen: Presentable {
  let recipe: Recipe
  /// 1 for the first step.
  let number: Int
  var onNext: (() -> Void)?

  var screenTitle: String? { "Step \(number) of \(recipe.steps.count)" }

  init(recipe: Recipe, number: Int) {
    self.recipe = recipe
    self.number = number
  }

  var isLast: Bool { number == recipe.steps.count }

  func next() { onNext?() }
}
