import FlowAtlasPattern

/// Cooking a recipe, one step screen per step. Done on the last step goes back to the recipe;
/// the person can also leave with the back button or a swipe, and the flow finishes with its
/// first step gone (the base class sees it). It ends `cooked` only when the last step was done.
@MainActor
final class CookingCoordinator: ResultCoordinator<CookingCoordinator.Outcome> {
  enum Outcome { case cooked }

  private let recipe: Recipe
  private let openingStep: Int
  private var shown = 0

  /// - Parameters:
  ///   - openingStep: The step to open at; a deep link opens further than the first, pushing
  ///     every step before it too, so that Back walks through them.
  init(router: any RouterProtocol, recipe: Recipe, openingStep: Int) {
    self.recipe = recipe
    self.openingStep = openingStep
    super.init(router: router)
  }

  override func start() {
    shown = 0
    while shown < openingStep { showNextStep() }
  }

  private func showNextStep() {
    shown += 1
    let step = StepScreen(recipe: recipe, number: shown)
    step.onNext = { [weak self, weak step] in
      guard let self, let step else { return }
      if step.isLast { self.done() } else { self.showNextStep() }
    }
    router.push(step)
  }

  /// The person went back over some steps: Next shows the one after the new top again.
  override func systemDidRemoveScreens(_ navigation: SystemNavigation) {
    shown -= navigation.removed.filter { $0 is StepScreen }.count
  }

  private func done() {
    for _ in 0..<shown { router.pop() }
    finish(with: .cooked)
  }
}
