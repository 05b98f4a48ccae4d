import FlowAtlasModel
import FlowAtlasRecording
import FlowAtlasTrace
import Testing

@testable import RecipesExample

/// What the recorded traces give, by the spec's rules: the system's transitions included.
@MainActor
struct RecipesModelTests {
  static func model() throws -> NavigationModel {
    var traces: [(file: String, bytes: [UInt8])] = []
    for journey in RecipesExample.journeys {
      let sink = MemoryTraceSink()
      try journey.record(to: sink)
      traces.append(("recipes/\(journey.run).jsonl", Array(sink.text.utf8)))
    }
    return ModelBuilder(workers: 1).build(traces: traces)
  }

  @Test func theTransitionsAreWhatTheSpecsRulesGive() throws {
    let app = try #require(try Self.model().app(named: "Recipes"))
    let lines = app.transitions.map { transition in
      "\(transition.from ?? "entry") \(transition.kind.rawValue) \(transition.to) by \(transition.coordinator ?? "-")"
        + " ×\(transition.count) system \(transition.system) [\(transition.triggers.joined(separator: ", "))]"
    }
    #expect(
      lines == [
        "entry setRoot RecipeListScreen by RecipesCoordinator ×5 system 0 []",
        "RecipeDetailScreen pop RecipeListScreen by RecipesCoordinator ×1 system 1 [back]",
        "RecipeDetailScreen present ShoppingListScreen by ShoppingListCoordinator ×2 system 0 [Add to shopping list]",
        "RecipeDetailScreen push StepScreen by CookingCoordinator ×3 system 0 [Start cooking]",
        "RecipeListScreen push RecipeDetailScreen by RecipesCoordinator ×5 system 0 "
          + "[Open recipe, recipes://recipes/pancakes/steps/2]",
        "ShoppingItemScreen pop ShoppingListScreen by ShoppingListCoordinator ×1 system 1 [back]",
        "ShoppingListScreen dismiss RecipeDetailScreen by ShoppingListCoordinator ×2 system 1 [Done, swipeDown]",
        "ShoppingListScreen push ShoppingItemScreen by ShoppingListCoordinator ×1 system 0 [Open item]",
        // Done pops every step: the first pop follows Next, the others are automatic.
        "StepScreen pop RecipeDetailScreen by CookingCoordinator ×2 system 1 [back]",
        "StepScreen popTo RecipeListScreen by CookingCoordinator ×1 system 1 [backMenu]",
        "StepScreen pop StepScreen by CookingCoordinator ×3 system 1 [Next, back]",
        "StepScreen push StepScreen by CookingCoordinator ×4 system 0 [Next]",
      ])
  }

  @Test func theFlowsEndAsTheirCoordinatorsSayAndNothingLeaks() throws {
    let model = try Self.model()
    #expect(model.diagnostics.isEmpty, "\(model.diagnostics.map(\.formatted))")
    let app = try #require(model.app(named: "Recipes"))
    let coordinators = Dictionary(uniqueKeysWithValues: app.coordinators.map { ($0.type, $0) })
    #expect(
      coordinators["RecipesCoordinator"]?.children == ["CookingCoordinator", "ShoppingListCoordinator"])
    #expect(coordinators["CookingCoordinator"]?.outputs == ["cooked"])
    #expect(coordinators["ShoppingListCoordinator"]?.outputs == ["done"])
    let owners = Dictionary(uniqueKeysWithValues: app.screens.map { ($0.type, $0.owner) })
    #expect(owners["StepScreen"] == "CookingCoordinator")
    #expect(owners["ShoppingItemScreen"] == "ShoppingListCoordinator")
  }
}
