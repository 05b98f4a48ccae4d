import FlowAtlasJourneys
import FlowAtlasRecording
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@testable import AccountsExample

/// What the journeys write: the traces the site is built from.
@MainActor
struct AccountsRecordingTests {
  static func record(_ journey: ScriptedJourney) throws -> MemoryTraceSink {
    let sink = MemoryTraceSink()
    try journey.record(to: sink)
    return sink
  }

  static func lines(_ run: String) throws -> [String] {
    let journey = try #require(AccountsExample.journeys.first { $0.run == run })
    return TraceTranscript(try record(journey).events).lines
  }

  /// The ids of coordinators attached and never detached by the end of the run.
  static func stillAttached(_ events: [TraceEvent]) -> Set<String> {
    var attached = Set<String>()
    for event in events {
      switch event {
      case .coordinatorAttach(let id, _, _, _): attached.insert(id)
      case .coordinatorDetach(let id, _): attached.remove(id)
      default: break
      }
    }
    return attached
  }

  /// The ids of coordinators that finished.
  static func finished(_ events: [TraceEvent]) -> Set<String> {
    Set(events.compactMap { if case .coordinatorFinish(let id, _) = $0 { id } else { nil } })
  }

  @Test("at least five journeys, each run unique and file-name friendly, all in one app")
  func journeyList() {
    let runs = AccountsExample.journeys.map(\.run)
    #expect(runs.count >= 5)
    #expect(Set(runs).count == runs.count)
    for journey in AccountsExample.journeys {
      #expect(journey.app == "Accounts")
      #expect(journey.run.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(journey.run)")
      #expect(!journey.title.isEmpty)
      #expect(journey.metadata["build"] != nil)
    }
  }

  @Test(
    "each journey records without error, the same records every time",
    arguments: AccountsExample.journeys.indices)
  func deterministic(_ index: Int) throws {
    let journey = AccountsExample.journeys[index]
    let first = try Self.record(journey)
    let second = try Self.record(journey)
    #expect(first.isFinished)
    #expect(first.header == journey.header)
    #expect(first.records == second.records)
    #expect(first.records.count > 5)
    #expect(first.records.map(\.seq) == Array(1...first.records.count))
  }

  @Test(
    "no journey but the leaky one leaves a finished child attached",
    arguments: AccountsExample.journeys.indices)
  func leaks(_ index: Int) throws {
    let journey = AccountsExample.journeys[index]
    let events = try Self.record(journey).events
    let leaked = Self.stillAttached(events).intersection(Self.finished(events))
    #expect(leaked.isEmpty == (journey.run != "leaky-notification-settings"), "\(journey.run)")
  }

  @Test("the leak shows in the trace: attach and finish of notification settings, no detach")
  func leakTrace() throws {
    let lines = try Self.lines("leaky-notification-settings")
    #expect(lines.contains("attach NotificationSettingsCoordinator to LeakySettingsCoordinator"))
    #expect(lines.contains("finish NotificationSettingsCoordinator"))
    #expect(!lines.contains { $0.hasPrefix("detach NotificationSettingsCoordinator") })
    #expect(!lines.contains { $0.hasPrefix("deinit NotificationSettingsCoordinator") })
  }

  @Test("tabs: each tab's stack is prepared in the background, then selected by the main coordinator")
  func tabsTrace() throws {
    let lines = try Self.lines("edit-profile")
    #expect(
      Array(lines.prefix(10)) == [
        "start AppCoordinator",
        "attach MainCoordinator to AppCoordinator",
        "start MainCoordinator under AppCoordinator",
        "attach ProfileCoordinator to MainCoordinator",
        "start ProfileCoordinator under MainCoordinator",
        "setRoot ProfileViewController by ProfileCoordinator [profile] background",
        "attach SettingsCoordinator to MainCoordinator",
        "start SettingsCoordinator under MainCoordinator",
        "setRoot SettingsViewController by SettingsCoordinator [settings] background",
        "selectTab profile ProfileViewController by MainCoordinator [profile]",
      ])
    #expect(
      Array(lines.dropFirst(10)) == [
        "user Edit on ProfileViewController",
        "attach EditProfileCoordinator to ProfileCoordinator",
        "start EditProfileCoordinator under ProfileCoordinator",
        "present EditProfileViewController by EditProfileCoordinator [profile]",
        "user Save (Ada King) on EditProfileViewController",
        "dismiss EditProfileViewController by EditProfileCoordinator [profile]",
        "finish EditProfileCoordinator -> saved",
        "detach EditProfileCoordinator from ProfileCoordinator",
        "deinit EditProfileCoordinator",
      ])
  }

  @Test("logging out and in again: main finishes as loggedOut, auth as loggedIn, both detached")
  func logOutTrace() throws {
    let lines = try Self.lines("log-out-and-in-again")
    let logOut = try #require(lines.firstIndex(of: "user Log out on SettingsViewController"))
    #expect(
      Array(lines[(logOut + 1)...].prefix(10)) == [
        "finish ProfileCoordinator",
        "detach ProfileCoordinator from MainCoordinator",
        "finish SettingsCoordinator",
        "detach SettingsCoordinator from MainCoordinator",
        "deinit ProfileCoordinator",
        "finish MainCoordinator -> loggedOut",
        "detach MainCoordinator from AppCoordinator",
        "attach AuthCoordinator to AppCoordinator",
        "start AuthCoordinator under AppCoordinator",
        "setRoot LoginViewController by AuthCoordinator [window]",
      ])
    let logIn = try #require(lines.firstIndex(of: "user Log in (ada@example.com) on LoginViewController"))
    #expect(
      Array(lines[(logIn + 1)...].prefix(2)) == [
        "finish AuthCoordinator -> loggedIn", "detach AuthCoordinator from AppCoordinator",
      ])
    #expect(lines.filter { $0 == "start MainCoordinator under AppCoordinator" }.count == 2)
  }

  @Test("the deep link is recorded before the tab switch and push it causes")
  func deepLinkTrace() throws {
    let lines = try Self.lines("deep-link-to-notifications")
    let link = try #require(
      lines.firstIndex(of: "deeplink accounts://settings/notifications by AppCoordinator"))
    #expect(
      Array(lines[(link + 1)...].prefix(4)) == [
        "selectTab settings SettingsViewController by MainCoordinator [settings]",
        "attach NotificationSettingsCoordinator to SettingsCoordinator",
        "start NotificationSettingsCoordinator under SettingsCoordinator",
        "push NotificationSettingsViewController by NotificationSettingsCoordinator [settings]",
      ])
  }

  @Test("a deep link opened while logged out is recorded at once and honoured after login")
  func deepLinkBeforeLoginTrace() throws {
    let lines = try Self.lines("deep-link-before-login")
    #expect(lines[4] == "deeplink accounts://settings by AppCoordinator")
    #expect(
      lines.suffix(2) == [
        "selectTab settings SettingsViewController by MainCoordinator [settings]", "deinit AuthCoordinator",
      ])
    #expect(!lines.contains { $0.hasPrefix("selectTab profile") })
  }
}
