import FlowAtlasJourneys
import FlowAtlasRecording
import TicketsKit

/// The bundled Tickets example: an app whose coordinators are its own (a protocol and a base
/// class of the team's, a router of the team's, children appended and removed by hand),
/// recorded by the few lines marked `// FlowAtlas`. `examples/Tickets/Before` is the same app
/// before adopting FlowAtlas.
public enum TicketsExample {
  /// Every journey of the Tickets app; each records one trace, the same bytes every time.
  public static let journeys: [ScriptedJourney] = TicketsJourney.all.map(\.scripted)

  /// Plays `journey` on a fresh app recorded by `recorder`.
  /// - Returns: The person who played it (what they saw after each step).
  @MainActor
  static func play(_ journey: TicketsJourney, recorder: FlowAtlasRecording.Recorder) throws -> TicketsPerson {
    let session = Session(email: journey.isLoggedIn ? "ada@example.com" : nil)
    let app = TicketsApp(session: session, recorder: recorder)
    return try withExtendedLifetime(app) {
      app.launch()
      let person = TicketsPerson(window: app.window) { screen, action in
        recorder.userAction(on: screen, action: action)
      }
      try journey.script(person)
      return person
    }
  }
}

extension TicketsJourney {
  /// The journey as the recording side runs it.
  var scripted: ScriptedJourney {
    ScriptedJourney(
      app: "Tickets", run: run, title: title,
      metadata: [
        "device": "iPhone 15 (simulated)", "build": "1.8.0 (41)", "os": "iOS 18.2",
        "coordinators": "the team's own (no FlowAtlas base class)",
      ]
    ) { [self] recorder in
      _ = try TicketsExample.play(self, recorder: recorder)
      recorder.finish()
    }
  }
}
