/// Binds a coordinator's router to the coordinator, so that what it asks for is recorded as
/// asked by it: put it on the router property of a coordinator class of your own.
///
/// ```swift
/// @RecordedRouter private var router: Router   // FlowAtlas
/// ```
///
/// Each time the coordinator reads its router, the next router event its run records is
/// attributed to it, unless the recording router was told who asked. Reading the router and
/// calling it are one expression (`router.push(screen)`), so the event that follows is the
/// coordinator's; a read that leads to no navigation (handing the router to a child) is
/// replaced by the child's own read before the child navigates, and any other recorded event
/// ends it, as does the end of the main queue's turn and a call from another task: after an
/// `await`, navigation is the coordinator's when it reads its router there (`router.push(…)`),
/// and a router captured before the `await` names no coordinator rather than the wrong one.
/// The router's type stays the app's own, and so does every call site.
///
/// Nothing is noted while the coordinator is not followed (see ``RecordedChildren``).
@propertyWrapper
public struct RecordedRouter<Router> {
  private var router: Router

  /// Wraps the router the coordinator was given.
  /// - Parameter wrappedValue: The router.
  public init(wrappedValue: Router) {
    router = wrappedValue
  }

  /// Not available: the wrapper must know the coordinator that holds it.
  @available(*, unavailable, message: "@RecordedRouter works only in a class")
  public var wrappedValue: Router {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }
  }

  /// The router, read and written through the coordinator that holds it.
  public static subscript<Owner: AnyObject>(
    _enclosingInstance owner: Owner, wrapped wrapped: ReferenceWritableKeyPath<Owner, Router>,
    storage storage: ReferenceWritableKeyPath<Owner, Self>
  ) -> Router {
    get {
      let router = owner[keyPath: storage].router
      Recorder.noteRead(by: owner, value: type(of: router as Any) is AnyClass ? router as AnyObject : nil)
      return router
    }
    set { owner[keyPath: storage].router = newValue }
  }
}

/// ``RecordedRouter`` for a router the coordinator keeps weakly
/// (`weak var stackNavigator: StackNavigator?`): where its screens keep the coordinator, a router
/// it kept would keep them in a cycle, and the flow would never be freed.
///
/// ```swift
/// @RecordedWeakRouter private(set) var stackNavigator: StackNavigator?   // FlowAtlas (was: weak var)
/// ```
///
/// Each read names the coordinator as ``RecordedRouter``'s does; the router is not kept.
@propertyWrapper
public struct RecordedWeakRouter<Router: AnyObject> {
  private weak var router: Router?

  /// Wraps the router the coordinator was given, without keeping it.
  /// - Parameter wrappedValue: The router, if any.
  public init(wrappedValue: Router?) {
    router = wrappedValue
  }

  /// No router yet.
  public init() {
    router = nil
  }

  /// Not available: the wrapper must know the coordinator that holds it.
  @available(*, unavailable, message: "@RecordedWeakRouter works only in a class")
  public var wrappedValue: Router? {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }
  }

  /// The router, read and written through the coordinator that holds it.
  public static subscript<Owner: AnyObject>(
    _enclosingInstance owner: Owner, wrapped wrapped: ReferenceWritableKeyPath<Owner, Router?>,
    storage storage: ReferenceWritableKeyPath<Owner, Self>
  ) -> Router? {
    get {
      let router = owner[keyPath: storage].router
      Recorder.noteRead(by: owner, value: router)
      return router
    }
    set { owner[keyPath: storage].router = newValue }
  }
}
