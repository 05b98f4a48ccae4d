import FlowAtlasPattern
import Testing

@MainActor
struct TabRouterTests {
  @Test func keepsOneStackPerTab() throws {
    let tabs = TabRouter(tabs: ["home", "profile", "home"])
    #expect(tabs.tabs == ["home", "profile"])
    #expect(tabs.selectedTab == nil)
    #expect(tabs.visibleScreen == nil)
    let home = try #require(tabs.router(forTab: "home"))
    let profile = try #require(tabs.router(forTab: "profile"))
    home.setRoot(TestScreen("feed"))
    profile.setRoot(TestScreen("me"))
    profile.push(TestScreen("edit"))
    tabs.selectTab("profile")
    #expect(tabs.selectedTab == "profile")
    #expect((tabs.visibleScreen as? TestScreen)?.name == "edit")
    tabs.selectTab("home")
    #expect((tabs.visibleScreen as? TestScreen)?.name == "feed")
    #expect(names(try #require(tabs.stackRouter(forTab: "profile")).layers) == [["me", "edit"]])
  }

  @Test func unknownTabIsRefusedAndTheSelectionKept() {
    let tabs = TabRouter(tabs: ["home"])
    tabs.selectTab("home")
    var reported: [RouterRefusal] = []
    tabs.onRefusal = { reported.append($0) }
    var completions = 0
    tabs.selectTab("settings", animated: false) { completions += 1 }
    #expect(tabs.selectedTab == "home")
    #expect(reported == [.unknownTab("settings")])
    #expect(tabs.refusals == [.unknownTab("settings")])
    #expect(completions == 1)
    #expect(tabs.router(forTab: "settings") == nil)
  }
}
