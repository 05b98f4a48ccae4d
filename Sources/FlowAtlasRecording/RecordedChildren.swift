/// Records a coordinator's children as the array changes: put it on the `childCoordinators`
/// of a coordinator class of your own (or of your base coordinator class, once for all).
///
/// ```swift
/// @RecordedChildren var childCoordinators: [Coordinator] = []   // FlowAtlas
/// ```
///
/// Every change to the array (`append`, `removeAll { $0 is AuthCoordinator }`, `= []`) is
/// compared with what it held: a child no longer there is recorded as `coordinator.detach`,
/// a new one as `coordinator.attach` with its type, and is followed in its parent's run from
/// then on. Children are compared by identity; a value that is not an object is never one.
/// Nothing is recorded while the coordinator is not followed (``Recorder/follow(_:)`` on the
/// root): what it holds then is kept (weakly) and attached once it is followed, after its own
/// attach or start (children made in its `init`, before its parent keeps it).
///
/// It works only as a stored property of a class (it reaches the coordinator that holds it
/// through Swift's enclosing-instance property wrapper subscript).
@propertyWrapper
public struct RecordedChildren<Element> {
  private var children: [Element]

  /// Wraps the array's initial value.
  /// - Parameter wrappedValue: The children the coordinator starts with, usually none.
  public init(wrappedValue: [Element]) {
    children = wrappedValue
  }

  /// Not available: the wrapper must know the coordinator that holds it.
  @available(*, unavailable, message: "@RecordedChildren works only in a class")
  public var wrappedValue: [Element] {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }
  }

  /// The array, read and written through the coordinator that holds it.
  public static subscript<Owner: AnyObject>(
    _enclosingInstance owner: Owner, wrapped wrapped: ReferenceWritableKeyPath<Owner, [Element]>,
    storage storage: ReferenceWritableKeyPath<Owner, Self>
  ) -> [Element] {
    get { owner[keyPath: storage].children }
    set {
      let old = owner[keyPath: storage].children
      owner[keyPath: storage].children = newValue
      Recorder.childrenChanged(of: owner, from: objects(in: old), to: objects(in: newValue))
    }
  }

  private static func objects(in children: [Element]) -> [AnyObject] {
    children.compactMap { child in
      type(of: child as Any) is AnyClass ? child as AnyObject : nil
    }
  }
}
