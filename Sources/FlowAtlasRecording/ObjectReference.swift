/// A weak reference to an object with its identity, that the recorder keeps under its lock.
///
/// `@unchecked Sendable` is sound here: the recorder never calls the object, it only compares
/// identities and asks whether the object is alive, and the runtime makes weak loads
/// thread-safe.
struct ObjectReference: @unchecked Sendable {
  /// The object's identity while it lives (addresses are reused after it dies).
  let key: ObjectIdentifier
  private weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.key = ObjectIdentifier(object)
    self.object = object
  }

  /// Whether the object has not been released.
  var isAlive: Bool { object != nil }

  /// Whether both refer to the same living object.
  func isSameObject(as other: ObjectReference) -> Bool {
    guard key == other.key, let mine = object, let theirs = other.object else { return false }
    return mine === theirs
  }
}
