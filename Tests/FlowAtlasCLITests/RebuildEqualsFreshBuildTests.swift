import FlowAtlasBuild
import FlowAtlasBytes
import Foundation
import Testing

@testable import FlowAtlasCLI

/// The one promise a rebuild makes: whatever changed between two builds of a folder, the rebuild
/// gives the bytes of a fresh build of the same inputs. A table of changes, each kind of input
/// (traces, notes, contracts, the baseline) edited, added, removed and renamed, reached directly
/// and through symbolic links, with times put back, `--jobs` switched and FlowAtlas upgraded; each
/// built with real
/// Graphviz from the Shop example's real traces. (The Graphviz release switched is checked by
/// `scripts/test-graphviz-14`, which has both.)
@Suite struct RebuildEqualsFreshBuildTests {
  /// One kind of change: what it does to the inputs, and whether the site must show it.
  struct Change: Sendable, CustomTestStringConvertible {
    let name: String
    /// How the builds are given their inputs.
    var reach = Reach.direct
    /// The rebuild's `--jobs`, when it differs from the first build's 1.
    var rebuildJobs = 1
    /// False for a change that must leave the site as it was (times touched, workers switched).
    var showsInTheSite = true
    let apply: @Sendable (Inputs) throws -> Void

    var testDescription: String { name }
  }

  /// How builds are given the inputs.
  enum Reach: Sendable {
    /// The folders and files themselves.
    case direct
    /// Symbolic links to the traces folder, the notes folder and the baseline.
    case links
    /// One trace, by a path through the traces folder's link.
    case traceThroughLink
  }

  /// A copy of some of the Shop example's traces (two apps), a note, a contract and a baseline, in
  /// a folder of its own, with a symbolic link to each.
  struct Inputs: Sendable {
    let folder: URL
    var traces: String { folder.path + "/traces" }
    var notes: String { folder.path + "/notes" }
    var contracts: String { folder.path + "/contracts" }
    var baseline: String { folder.path + "/baseline.json" }
    func link(_ name: String) -> String { folder.path + "/link-" + name }
    func trace(_ name: String) -> String { traces + "/" + name }

    static func make() async throws -> Inputs {
      let inputs = Inputs(folder: try temporaryFolder())
      let manager = FileManager.default
      let examples = URL(fileURLWithPath: IncrementalRebuildTests.shopTraces[0]).deletingLastPathComponent()
        .deletingLastPathComponent()
      for (app, runs) in [
        ("shop", ["buy-one-product", "browse-and-go-back", "cancel-checkout"]),
        ("shop-digital", ["buy-one-product"]),
      ] {
        try manager.createDirectory(atPath: inputs.traces + "/" + app, withIntermediateDirectories: true)
        for run in runs {
          try manager.copyItem(
            atPath: examples.path + "/\(app)/\(run).jsonl", toPath: inputs.trace("\(app)/\(run).jsonl"))
        }
      }
      try manager.createDirectory(atPath: inputs.notes, withIntermediateDirectories: true)
      try write("The checkout, as the team designed it.\n", to: inputs.notes + "/CheckoutCoordinator.md")
      try manager.createDirectory(atPath: inputs.contracts, withIntermediateDirectories: true)
      try manager.copyItem(
        atPath: examples.deletingLastPathComponent().path + "/contracts/CheckoutCoordinator.mmd",
        toPath: inputs.contracts + "/CheckoutCoordinator.mmd")
      // The baseline is the Shop app alone: the digital shop is new in every build's Changes.
      #expect(
        try await runFlowatlas(["model", inputs.traces + "/shop", "--output", inputs.baseline]).status == 0)
      for name in ["traces", "notes", "baseline.json"] {
        try manager.createSymbolicLink(
          atPath: inputs.link(name), withDestinationPath: inputs.folder.path + "/" + name)
      }
      return inputs
    }

    /// What every build of this table is given, but `--output` and `--jobs`.
    func arguments(_ reach: Reach) -> [String] {
      let options = ["--notes", reach == .links ? link("notes") : notes, "--contract", contracts]
      switch reach {
      case .direct: return ["build", traces] + options + ["--baseline", baseline]
      case .links: return ["build", link("traces")] + options + ["--baseline", link("baseline.json")]
      case .traceThroughLink:
        return ["build", link("traces") + "/shop/buy-one-product.jsonl"] + options + ["--baseline", baseline]
      }
    }
  }

  static let changes: [Change] = [
    Change(name: "a trace edited") { inputs in
      try replace(
        "ProductDetailViewController", with: "ProductPageViewController",
        in: inputs.trace("shop/buy-one-product.jsonl"))
    },
    Change(name: "a trace edited with its size and time put back") { inputs in
      try rewriteKeepingSizeAndTime(
        inputs.trace("shop/buy-one-product.jsonl"), replacing: "ProductListViewController",
        with: "ProductGridViewController")
    },
    Change(name: "a trace added") { inputs in
      let text = try String(contentsOfFile: inputs.trace("shop/buy-one-product.jsonl"), encoding: .utf8)
      try write(
        text.replacingOccurrences(of: #""run":"buy-one-product""#, with: #""run":"buy-once-more""#),
        to: inputs.trace("shop/buy-once-more.jsonl"))
    },
    Change(name: "a trace removed") { inputs in
      try FileManager.default.removeItem(atPath: inputs.trace("shop/cancel-checkout.jsonl"))
    },
    Change(name: "a trace renamed") { inputs in
      try FileManager.default.moveItem(
        atPath: inputs.trace("shop/browse-and-go-back.jsonl"), toPath: inputs.trace("shop/browse.jsonl"))
    },
    Change(name: "an app's only trace removed") { inputs in
      try FileManager.default.removeItem(atPath: inputs.trace("shop-digital/buy-one-product.jsonl"))
    },
    Change(name: "a trace cut short mid-line") { inputs in
      let path = inputs.trace("shop/cancel-checkout.jsonl")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path))
    },
    Change(name: "a note edited") { inputs in
      try write(
        "The checkout, as the team designed it in May.\n", to: inputs.notes + "/CheckoutCoordinator.md")
    },
    Change(name: "a note added") { inputs in
      try write("Where every run starts.\n", to: inputs.notes + "/ShopCoordinator.md")
    },
    Change(name: "a note removed") { inputs in
      try FileManager.default.removeItem(atPath: inputs.notes + "/CheckoutCoordinator.md")
    },
    Change(name: "a contract edited") { inputs in
      try replace(
        "-->|Pay with Apple Pay|", with: "-->|Pay with a gift card|",
        in: inputs.contracts + "/CheckoutCoordinator.mmd")
    },
    Change(name: "a contract removed") { inputs in
      try FileManager.default.removeItem(atPath: inputs.contracts + "/CheckoutCoordinator.mmd")
    },
    Change(name: "a contract added") { inputs in
      try write(
        "flowchart TD\n  start --> ProductListViewController\n", to: inputs.contracts + "/ShopCoordinator.mmd"
      )
    },
    Change(name: "the baseline replaced") { inputs in
      let model = try runFlowatlasWaiting(["model", inputs.traces, "--output", inputs.baseline])
      #expect(model.status == 0)
    },
    Change(name: "a trace edited behind the input folder's link", reach: .links) { inputs in
      try rewriteKeepingSizeAndTime(
        inputs.trace("shop/buy-one-product.jsonl"), replacing: "ProductListViewController",
        with: "ProductGridViewController")
    },
    Change(name: "a trace given through a link to its folder, edited behind it", reach: .traceThroughLink) {
      inputs in
      try rewriteKeepingSizeAndTime(
        inputs.trace("shop/buy-one-product.jsonl"), replacing: "ProductListViewController",
        with: "ProductGridViewController")
    },
    Change(name: "the input folder's link led to other traces", reach: .links) { inputs in
      let other = inputs.folder.path + "/other-traces"
      try FileManager.default.copyItem(atPath: inputs.traces, toPath: other)
      try FileManager.default.removeItem(atPath: other + "/shop/cancel-checkout.jsonl")
      let next = inputs.link("traces") + ".next"
      try FileManager.default.createSymbolicLink(atPath: next, withDestinationPath: other)
      #expect(rename(next, inputs.link("traces")) == 0)
    },
    Change(name: "a note edited behind the notes folder's link", reach: .links) { inputs in
      try write(
        "The checkout, as the team designed it in May.\n", to: inputs.notes + "/CheckoutCoordinator.md")
    },
    Change(name: "the baseline replaced behind its link", reach: .links) { inputs in
      let model = try runFlowatlasWaiting(["model", inputs.traces, "--output", inputs.baseline])
      #expect(model.status == 0)
    },
    Change(name: "every input touched, no byte changed", showsInTheSite: false) { inputs in
      for folder in [inputs.traces, inputs.notes, inputs.contracts] {
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
          #expect(utimensat(AT_FDCWD, folder + "/" + path, nil, 0) == 0)
        }
      }
      #expect(utimensat(AT_FDCWD, inputs.baseline, nil, 0) == 0)
    },
    Change(name: "--jobs switched from 1 to 2", rebuildJobs: 2, showsInTheSite: false) { _ in },
    // Nothing of the inputs changed, but FlowAtlas did: the site is an older build's, whose
    // templates wrote other pages, and its cache names that build.
    Change(name: "FlowAtlas upgraded", showsInTheSite: false) { inputs in
      try actAsAnOlderBuild(of: inputs.folder.path + "/site")
    },
  ]

  @Test(arguments: changes)
  func aRebuildGivesTheBytesOfAFreshBuild(change: Change) async throws {
    let inputs = try await Inputs.make()
    defer { try? FileManager.default.removeItem(at: inputs.folder) }
    let arguments = inputs.arguments(change.reach)
    let site = inputs.folder.path + "/site"
    let first = try await runFlowatlas(arguments + ["--output", site, "--jobs", "1"])
    try #require(first.status == 0, "\(first.err)")
    let before = IncrementalRebuildTests.contents(of: site)

    try change.apply(inputs)
    let jobs = String(change.rebuildJobs)
    let rebuilt = try await runFlowatlas(arguments + ["--output", site, "--jobs", jobs])
    let fresh = inputs.folder.path + "/fresh"
    let built = try await runFlowatlas(arguments + ["--output", fresh, "--jobs", jobs])
    try #require(rebuilt.status == built.status, "\(rebuilt.err)\n---\n\(built.err)")

    let (after, clean) = (
      IncrementalRebuildTests.contents(of: site), IncrementalRebuildTests.contents(of: fresh)
    )
    // Compared path by path, so that a failure names the files, not every byte of the site.
    let differing = Set(after.keys).union(clean.keys).filter { after[$0] != clean[$0] }.sorted()
    #expect(differing.isEmpty, "not a fresh build's bytes: \(differing)")
    let changed = after != before
    if change.showsInTheSite {
      #expect(changed, "the change did not reach the site: the case proves nothing")
    } else {
      #expect(!changed, "nothing that shows changed, yet the site did")
    }
  }
}

private func write(_ text: String, to path: String) throws {
  try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// Replaces `old` with `new` in the file at `path`, which must hold it.
private func replace(_ old: String, with new: String, in path: String) throws {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  #expect(text.contains(old))
  try write(text.replacingOccurrences(of: old, with: new), to: path)
}

/// Writes `path` again with `old` replaced by `new` (of the same length), in place, then puts
/// its access and modification times back, as archives with fixed times give (`tar --mtime`,
/// zip, Nix and Bazel outputs).
func rewriteKeepingSizeAndTime(_ path: String, replacing old: String, with new: String) throws {
  #expect(old.utf8.count == new.utf8.count)
  var before = stat()
  #expect(stat(path, &before) == 0)
  let text = try String(contentsOfFile: path, encoding: .utf8)
  #expect(text.contains(old))
  let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
  try handle.write(contentsOf: Data(text.replacingOccurrences(of: old, with: new).utf8))
  try handle.close()
  var times = [before.st_atim, before.st_mtim]
  #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
  var after = stat()
  #expect(stat(path, &after) == 0 && after.st_size == before.st_size)
  #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
}

/// Makes the site at `site` one an older FlowAtlas wrote from the same inputs: two of its pages
/// as other templates wrote them, listed in its manifest and noted in its cache as a build
/// notes what it wrote, and every file of its cache naming another build (``CacheFormat``).
/// Trusted, the rebuild would keep those pages.
private func actAsAnOlderBuild(of site: String) throws {
  let version = try #require(CacheFormat.identity(ofExecutableAt: builtExecutable))
  var manifest = try String(contentsOfFile: site + "/.flowatlas-site", encoding: .utf8)
  let cache = site + "/" + PreviousSite.cacheFolder
  var identities = try String(contentsOfFile: site + "/" + PreviousSite.identitiesPath, encoding: .utf8)
  for page in ["index.html", "shop/index.html"] {
    let path = site + "/" + page
    let bytes =
      Array("<!-- an older template -->\n".utf8) + Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    try FileManager.default.removeItem(atPath: path)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var info = stat()
    #expect(lstat(path, &info) == 0)
    let listed = manifest.split(separator: "\n").first {
      $0.hasSuffix(" " + page) && $0.split(separator: " ").count == 3
    }
    let noted = identities.split(separator: "\n").first { $0.hasSuffix("\t" + page) }
    manifest = manifest.replacingOccurrences(
      of: String(try #require(listed)), with: "\(bytes.count) \(Fingerprint.fast128(bytes)) \(page)")
    identities = identities.replacingOccurrences(
      of: String(try #require(noted)), with: PreviousSite.identity(of: info) + "\t" + page)
  }
  try write(manifest, to: site + "/.flowatlas-site")
  try write(identities, to: site + "/" + PreviousSite.identitiesPath)
  let other = String(repeating: "0", count: version.count)
  // Byte for byte: the replayed runs are binary.
  for name in try FileManager.default.subpathsOfDirectory(atPath: cache) {
    let path = cache + "/" + name
    guard var bytes = FileManager.default.contents(atPath: path) else { continue }
    while let found = bytes.range(of: Data(version.utf8)) {
      bytes.replaceSubrange(found, with: Data(other.utf8))
    }
    try bytes.write(to: URL(fileURLWithPath: path))
  }
}
