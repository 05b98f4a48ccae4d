/// Line 1 of a trace: which app and run the events belong to.
///
/// `{"flowatlas":"trace","version":1,"app":"Shop","run":"buy-one-product","title":"…"}`
public struct TraceHeader: Hashable, Sendable {
  /// The newest trace format version this package reads and writes.
  public static let currentVersion = 1

  public var version: Int
  /// The app (or example) the run belongs to; traces of one app form one site.
  public var app: String
  /// The run's name, unique within the app. Hostile: never a file name as is.
  public var run: String
  /// One line for people.
  public var title: String?
  /// Every other key of the header (device, build, commit, recordedAt …), by key,
  /// with each value as compact JSON text (`"iPhone 15"` keeps its quotes only when
  /// it was not a string: strings are stored unquoted).
  public var metadata: [String: String]

  public init(
    version: Int = TraceHeader.currentVersion, app: String, run: String, title: String? = nil,
    metadata: [String: String] = [:]
  ) {
    self.version = version
    self.app = app
    self.run = run
    self.title = title
    self.metadata = metadata
  }
}
