import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasSite
import Foundation

/// What `flowatlas preview` watches, and which of the changes it hears of a build would read:
/// the same inputs, found the same way, as `flowatlas build` reads.
struct PreviewInputs {
  /// What a watched path holds, which says which files in it count.
  enum Kind {
    /// Trace files and folders searched for `*.jsonl` (and `--baseline`, traces or a model.json).
    case traces
    /// `--notes`: `<Coordinator>.md` directly inside.
    case notes
    /// `--contract`: `<Coordinator>.mmd` or `.dot` directly inside.
    case contracts
  }

  struct Root {
    /// Absolute, as the watcher is given it.
    var path: String
    var kind: Kind
  }

  private(set) var roots: [Root] = []
  /// The screenshots the latest build read (absolute, through the traces' folders): a change to
  /// one counts, whatever its name.
  private(set) var pictures: Set<String> = []
  /// The site's folder, absolute, where a symlink given as it leads, and as seen through a root
  /// that is a link.
  private let outputs: [String]
  /// The working folder, to print paths under it as the person gave them.
  private let workingFolder: String

  /// The inputs of `arguments`; each must exist (a folder that is not there yet cannot be watched).
  /// - Throws: ``CommandLineError/inputOutput(_:)`` naming the first that does not.
  init(_ arguments: ParsedArguments, output: String) throws(CommandLineError) {
    workingFolder = FileManager.default.currentDirectoryPath
    var given: [(String, Kind, String)] = arguments.positionals.map { ($0, .traces, "traces") }
    if let notes = arguments.value("--notes") { given.append((notes, .notes, "--notes")) }
    if let contracts = arguments.value("--contract") { given.append((contracts, .contracts, "--contract")) }
    if let baseline = arguments.value("--baseline") { given.append((baseline, .traces, "--baseline")) }
    guard !given.isEmpty else {
      throw .usage("give the traces to preview: trace files or folders of them", command: "preview")
    }
    for (path, kind, role) in given {
      guard FileManager.default.fileExists(atPath: path) else {
        throw .inputOutput(
          "\(Printable.path(path)): no such file or folder (\(role)); the preview watches what exists: "
            + "make it first")
      }
      roots.append(Root(path: Self.absolute(path, in: workingFolder), kind: kind))
    }
    let site = Self.absolute(output, in: workingFolder)
    let resolved = URL(fileURLWithPath: site).resolvingSymlinksInPath().path
    var outputs = resolved == site ? [site] : [site, resolved]
    // The watcher names what changes as the roots are spelled: a site inside a root reached
    // through a link (`traces` a link to `/data/traces`, the site `/data/traces/site`) is
    // also spelled through it.
    for root in roots {
      let real = URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path
      if real != root.path, FileWatcher.isInside(resolved, real) {
        outputs.append(root.path + resolved.dropFirst(real.count))
      }
    }
    self.outputs = outputs
  }

  /// True for what builds write, never an input: the site, and what a build puts beside it
  /// (staging folders, old sites, lock files, all named `.<site>.flowatlas-…`).
  func ignores(_ path: String) -> Bool {
    outputs.contains { output in
      FileWatcher.isInside(path, output)
        || (FileWatcher.parent(of: path) == FileWatcher.parent(of: output)
          && Self.name(of: path).hasPrefix(".\(Self.name(of: output)).flowatlas-"))
    }
  }

  /// Whether a build would read what changed: a trace or a folder that may hold some, a
  /// screenshot beside the traces, a note, a contract, an input given by name, or an input folder
  /// itself (made again, or removed).
  func matters(_ change: FileWatcher.Change) -> Bool {
    pictures.contains(change.path)
      || roots.contains { root in
        guard change.path != root.path else { return true }
        guard FileWatcher.isInside(change.path, root.path) else { return false }
        let name = Self.name(of: change.path)
        let isDirectlyInside = FileWatcher.parent(of: change.path) == root.path
        switch root.kind {
        case .traces: return change.isFolder || name.hasSuffix(".jsonl") || Self.isPicture(name)
        case .notes: return isDirectlyInside && name.hasSuffix(".md") && !name.hasPrefix(".")
        case .contracts: return isDirectlyInside && (name.hasSuffix(".mmd") || name.hasSuffix(".dot"))
        }
      }
  }

  /// Takes the screenshots the build into `output` read, from its record of inputs.
  /// - Returns: `watch`, those no root holds whose folder exists, which need watching of their own
  ///   (one whose folder is not there yet is left for a later build to find); and `changed`, those
  ///   of them already changed since the build read them (written while it ran, before a watch).
  mutating func takePictures(readBy output: String) -> (watch: [String], changed: [String]) {
    guard let record = BuildInputs.load(from: output) else { return ([], []) }
    let read = record.inputs.images.map { (recorded: $0, path: Self.absolute($0, in: workingFolder)) }
    pictures = Set(read.map(\.path))
    let outside = read.filter { picture in
      !roots.contains { FileWatcher.isInside(picture.path, $0.path) } && !ignores(picture.path)
        && FileWatcher.stamp(FileWatcher.parent(of: picture.path), following: true)?.isFolder == true
    }
    let changed = Set(BuildInputs.changedImages(outside.map(\.recorded), since: record.inputs))
    return (
      outside.map(\.path).sorted(), outside.filter { changed.contains($0.recorded) }.map(\.path).sorted()
    )
  }

  /// `paths` as a person reads them: under the working folder, relative to it; at most three.
  func describe(_ paths: [String]) -> String {
    let prefix = workingFolder.hasSuffix("/") ? workingFolder : workingFolder + "/"
    let shown = paths.prefix(3).map {
      Printable.path($0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0)
    }
    return shown.joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
  }

  /// A file a `screen.image` may name: a PNG or a JPEG, by its name (the build checks its bytes).
  private static func isPicture(_ name: String) -> Bool {
    guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
    return ["png", "jpg", "jpeg"].contains(name[name.index(after: dot)...].lowercased())
  }

  private static func name(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  private static func absolute(_ path: String, in folder: String) -> String {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true))
      .standardizedFileURL.path
  }
}
