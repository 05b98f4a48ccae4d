import FlowAtlasPattern
import FlowAtlasTrace

extension Recorder {
  /// Wraps `router` so its calls are recorded by this recorder.
  /// - Parameters:
  ///   - router: The router that navigates.
  ///   - id: The router id to record, or `nil` for the app's only navigation stack.
  /// - Returns: The recording router; build coordinators on it.
  @MainActor
  public func router(wrapping router: any RouterProtocol, id: String? = nil) -> any RouterProtocol {
    recordingRouter(wrapping: router, id: id)
  }

  /// The recording router itself, for our own tests and adapters.
  @MainActor
  package func recordingRouter(wrapping router: any RouterProtocol, id: String? = nil) -> RecordingRouter {
    RecordingRouter(wrapping: router, recorder: self, id: id)
  }

  /// Wraps a tab container so that every tab switch is recorded, the app's and the person's,
  /// and each tab's router records its own stack; build the tab coordinator on it.
  /// - Parameter tabs: The tab container (`TabBarRouter` on a device, `TabRouter` headless).
  /// - Returns: The recording tab router.
  @MainActor
  public func tabRouter(wrapping tabs: any TabRouting) -> any TabRouting {
    RecordingTabRouter(wrapping: tabs, recorder: self)
  }

  /// Records `user.action`: what the person did on `screen`, the trigger of what follows.
  /// - Parameters:
  ///   - screen: The screen acted on (named by the id it was shown with).
  ///   - action: What was done, for example `tapBuy`.
  ///   - label: The control's text people saw, if any.
  @MainActor
  public func userAction(on screen: any Presentable, action: String, label: String? = nil) {
    let reference = ObjectHandle(screen)
    let screenType = screen.recordedType
    let title = screen.screenTitle
    catchUpLateChanges()
    record { state in
      // A screen no router event showed (a tab's content) is introduced here (revision 4).
      .userAction(
        screen: state.mention(screen: reference, type: screenType, title: title), action: action, label: label
      )
    }
  }

  /// Records `deeplink.open`: the app was opened at `url`.
  /// - Parameters:
  ///   - url: The route opened.
  ///   - coordinator: The coordinator that handled it, if known: any object the run follows
  ///     (a ``Coordinator``, or a coordinator of the app's own). One that has not started yet
  ///     (the app opened at a link from a cold start) is not named: the trace names only
  ///     coordinators it started.
  public func deeplink(_ url: String, handledBy coordinator: AnyObject? = nil) {
    let reference = coordinator.map { ObjectHandle($0) }
    record { state in
      .deeplinkOpen(url: url, coordinator: reference.flatMap { state.knownCoordinatorID(for: $0) })
    }
  }

  /// Records `note`: free text kept in the run's narrative.
  /// - Parameter text: The note.
  public func note(_ text: String) {
    record(.note(text: text))
  }
}
