import FlowAtlasTrace

/// A table entry of the recorder: the object held weakly, and what the trace calls it.
///
/// A class, so that looking an entry up copies one strong reference rather than a weak one
/// (weak copies are what a recorded event would otherwise spend most of its time on).
final class NamedObject {
  weak var object: AnyObject?
  let id: String
  /// For screens: the form last written (type and title).
  var screen: Screen?
  /// For a screen: the coordinator id of its latest setRoot, push or present, so a system
  /// event that removes it names that coordinator.
  var shownBy: String?

  init(object: AnyObject, id: String, screen: Screen? = nil) {
    self.object = object
    self.id = id
    self.screen = screen
  }

  /// Whether this entry names `handle`'s object (and not a dead one that had its address).
  func names(_ handle: ObjectHandle) -> Bool { object === handle.object }
}
