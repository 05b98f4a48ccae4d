/// An object handed to the recorder's lock for its identity only.
///
/// `@unchecked Sendable` is sound here: the handle lives for one call, on the caller's
/// thread, and the recorder never calls the object; it compares identities and keeps a
/// weak reference in its tables.
struct ObjectHandle: @unchecked Sendable {
  let object: AnyObject

  init(_ object: AnyObject) { self.object = object }

  var key: ObjectIdentifier { ObjectIdentifier(object) }
}
