/// A coordinator whose flow produces a result for its parent (the result-typed style):
/// `start(completion:)` in, `finish(with:)` out.
///
/// ```swift
/// startChild(LoginCoordinator(router: router)) { [weak self] outcome in
///   self?.showMain(for: outcome)
/// }
/// ```
///
/// The child is removed from its parent before `completion` runs, so the parent's
/// `childCoordinators` is already clean when it decides what comes next.
///
/// A flow ends one way, with its result: `finish(with:)`. Plain `finish()` does not compile in
/// a `ResultCoordinator` (its parent would never hear), but for a flow that only needs to say it
/// is done, a `ResultCoordinator<Void>`, whose `finish()` is `finish(with: ())`. A parent that
/// ends a child without a result (logging out ends every tab's flow) calls `finish()` on it as a
/// ``CoordinatorProtocol``: it knows, so it needs no completion.
@MainActor
open class ResultCoordinator<Output>: Coordinator {
  private var completion: ((Output) -> Void)?
  private var pendingResult: Output?
  /// The system ended the flow and ``outputWhenEndedBySystem`` named no result: even a `Void`
  /// flow hands nothing to its parent then.
  private var endsWithoutResult = false

  /// Starts the flow; `completion` gets its result, once, when it finishes with
  /// ``finish(with:)``. The coordinator removes itself from its parent when it finishes.
  /// - Parameter completion: Called with the flow's result.
  public func start(completion: @escaping (Output) -> Void) {
    self.completion = completion
    removeFromParentOnFinish()
    launch()
  }

  /// Ends the flow with a result for the parent.
  /// - Parameter output: The flow's result.
  public func finish(with output: Output) {
    // Finished already: neither the result nor its name may linger for a later finish().
    guard !isFinished else { return }
    pendingResult = output
    pendingOutputDescription = describe(output)
    super.finish()
  }

  /// Not for a flow with a result: its parent would never hear it end. End it with
  /// ``finish(with:)``; a parent ending its child without a result calls `finish()` on it as a
  /// ``CoordinatorProtocol``, which reaches this.
  @available(
    *, unavailable,
    message: "a ResultCoordinator ends with finish(with:), which hands its parent the result"
  )
  override open func finish() { super.finish() }

  /// The result as the lifecycle observer (and so the trace) names it.
  ///
  /// The default is `String(describing:)`, which names an enum case (`loggedIn`), and none
  /// for `Void`.
  /// - Parameter output: The flow's result.
  /// - Returns: Its text, or `nil` to record none.
  open func describe(_ output: Output) -> String? {
    Output.self == Void.self ? nil : String(describing: output)
  }

  /// The result to hand the parent when the system ends the flow (the person went back past
  /// its first screen, or swiped its sheet down); `nil`, the default, finishes it with no
  /// result, and the parent's completion is not called (a `Void` flow's included: return `()`
  /// for its parent to hear such an exit). Override it where such an exit means something, as
  /// a swiped-down form means `cancelled`.
  open var outputWhenEndedBySystem: Output? { nil }

  override func finishEndedBySystem() {
    guard !isFinished else { return }
    if let output = outputWhenEndedBySystem {
      finish(with: output)
    } else {
      endsWithoutResult = true
      super.finish()
    }
  }

  override func deliverResult() {
    defer { endsWithoutResult = false }
    // A Void flow's plain finish() is its result.
    let void = Output.self == Void.self && !endsWithoutResult ? (() as? Output) : nil
    guard let result = pendingResult ?? void else { return }
    pendingResult = nil
    let completion = self.completion
    self.completion = nil
    completion?(result)
  }
}

extension ResultCoordinator where Output == Void {
  /// Ends the flow: its result is that it ended, `()`, and the trace names no output.
  public func finish() { finish(with: ()) }
}

extension Coordinator {
  /// Attaches a result-typed child, starts it, removes it when it finishes, then hands
  /// its result to `completion`.
  /// - Parameters:
  ///   - child: The coordinator to run.
  ///   - completion: Called with the child's result, after it was removed.
  public func startChild<Output>(
    _ child: ResultCoordinator<Output>, completion: @escaping (Output) -> Void
  ) {
    addChild(child)
    child.start(completion: completion)
  }
}
