import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTestSupport
import Testing

/// What decides whether an app's pages are made again (``ModelDigest``): any change to the app
/// changes it, and hashing as it goes gives the hash of the whole serialization.
@Suite struct ModelDigestTests {
  /// The bundled examples' model, its journeys held.
  static let examples = ModelBuilder(workers: 1).build(
    traces: ReplayCacheTests.examples.map { ($0.file, $0.bytes) })

  @Test func modelDigestSeesEveryChange() throws {
    let app = try #require(Self.examples.apps.first)
    var first = ModelDigest()
    first.add(app)
    var second = ModelDigest()
    second.add(
      AppModel(
        name: app.name + "2", slug: app.slug, runs: app.runs, coordinators: app.coordinators,
        screens: app.screens, transitions: app.transitions, flows: app.flows, diagnostics: app.diagnostics))
    #expect(first.bytes != second.bytes)
  }

  /// What a run's archive holds is digested by the same description (ModelEncoding.swift): a
  /// change to any of it, those the digest once left out included (the header's line), is a
  /// change to the app.
  @Test func aChangeToAnythingARunHoldsChangesTheDigest() throws {
    let app = try #require(Self.examples.apps.first { $0.runs.contains { !$0.journey.steps.isEmpty } })
    let index = try #require(app.runs.firstIndex { !$0.journey.steps.isEmpty })
    func digest(_ change: (inout Run) -> Void) -> [UInt8] {
      var runs = app.runs
      change(&runs[index])
      var digest = ModelDigest()
      digest.add(
        AppModel(
          name: app.name, slug: app.slug, runs: runs, coordinators: app.coordinators, screens: app.screens,
          transitions: app.transitions, flows: app.flows, diagnostics: app.diagnostics))
      return digest.bytes
    }
    let unchanged = digest { _ in }
    #expect(digest { _ in } == unchanged)
    let changes: [(String, (inout Run) -> Void)] = [
      ("the header's line", { $0.headerLine += 1 }),
      ("the title", { $0.title = ($0.title ?? "") + "!" }),
      ("the metadata", { $0.metadata.append(MetadataEntry(key: "device", value: "iPhone")) }),
      (
        "a picture",
        { $0.pictures.append(ScreenPicture(screenType: "A", file: "a.png", line: 2, width: nil)) }
      ),
      (
        "a step's line",
        { run in
          var journey = run.journey
          journey.steps[0].line += 1
          run.journey = journey
        }
      ),
    ]
    for (what, change) in changes { #expect(digest(change) != unchanged, "\(what)") }
  }

  /// The app's own fields are listed by hand in `ModelDigest.add(_:)`: a new one fails here
  /// until it is digested there too.
  @Test func everyFieldOfAnAppIsOneTheDigestTakes() throws {
    let app = try #require(Self.examples.apps.first)
    let fields = Mirror(reflecting: app).children.compactMap(\.label)
    #expect(
      fields == [
        "name", "slug", "runs", "coordinators", "screens", "transitions", "flows", "diagnostics",
        "containers", "modules",
      ], "a new field of AppModel: digest it in ModelDigest.add(_:), then list it here")
  }

  /// The app's aggregates are digested by their synthesized `Encodable` conformances: every
  /// field is, by its name, but where a picture was read (the same picture from another folder
  /// is the same page); and a change to any field changes the digest.
  @Test func everyFieldOfTheAggregatesIsDigested() {
    let transition = Transition(
      from: "A", to: "B", kind: .push, coordinator: "C", count: 2, triggers: ["tap"], system: 1,
      deeplinks: ["app://b"])
    var screen = ScreenType(type: "B", slug: "b", titles: ["Bee"], owner: "C", visits: 3)
    screen.picture = CheckedPicture(
      hash: "ab", fileExtension: "png", width: 3, height: 4, path: "/traces/b.png", hasThumbnail: true)
    let values: [any Encodable] = [
      transition, screen, screen.picture!,
      CoordinatorType(
        type: "C", slug: "c", starts: 1, children: ["D"], parents: ["P"], outputs: ["done"], leaks: 1,
        orphans: 1),
      Flow(
        coordinator: "C", slug: "c", screens: ["B"], entries: [transition], internalTransitions: [transition],
        exits: [transition], children: ["D"], outputs: ["done"]),
      ContainerType(type: "Tabs", owner: "C"),
    ]
    for value in values {
      var digest = ModelDigest()
      digest.add(encoding: value)
      let text = String(decoding: digest.bytes, as: UTF8.self)
      for field in Mirror(reflecting: value).children.compactMap(\.label) where field != "path" {
        #expect(text.contains(field + "\u{0}"), "\(type(of: value)).\(field) is not digested")
      }
    }
    func digest(_ screen: ScreenType) -> [UInt8] {
      var digest = ModelDigest()
      digest.add(encoding: [screen])
      return digest.bytes
    }
    // A text holding what would be the next field's key, NUL and all, is not that field.
    var forged = screen
    forged.titles = ["Bee\u{0}owner\u{0}C"]
    forged.owner = nil
    var plain = screen
    plain.titles = ["Bee"]
    #expect(digest(forged) != digest(plain))
    var moved = screen
    moved.picture?.path = "/elsewhere/b.png"
    #expect(digest(moved) == digest(screen))
    let changes: [(String, (inout ScreenType) -> Void)] = [
      ("the owner gone", { $0.owner = nil }), ("a title", { $0.titles.append("Bee!") }),
      ("the visits", { $0.visits += 1 }), ("the picture's width", { $0.picture?.width += 1 }),
      ("the thumbnail", { $0.picture?.hasThumbnail = false }), ("the picture gone", { $0.picture = nil }),
    ]
    for (what, change) in changes {
      var changed = screen
      change(&changed)
      #expect(digest(changed) != digest(screen), "\(what)")
    }
  }

  /// Every primitive a field may have is digested by its value (none of them recurses), a field
  /// left out included.
  @Test func everyPrimitiveKindIsDigestedByItsValue() {
    struct Fields: Encodable {
      var int8: Int8 = 1
      var int16: Int16 = 2
      var int32: Int32 = 3
      var int64: Int64 = 4
      var uint: UInt = 5
      var uint8: UInt8 = 6
      var uint16: UInt16 = 7
      var uint32: UInt32 = 8
      var uint64: UInt64 = 9
      var real: Float = 1.5
      var double = 2.5
      var flag = true
      var text: String? = nil
      var number: Int? = 3
      var list: [Int] = [1]
    }
    func digest(_ fields: some Encodable) -> [UInt8] {
      var digest = ModelDigest()
      digest.add(encoding: fields)
      return digest.bytes
    }
    let base = digest(Fields())
    let changes: [(String, (inout Fields) -> Void)] = [
      ("Int8", { $0.int8 = -1 }), ("Int16", { $0.int16 = -2 }), ("Int32", { $0.int32 = -3 }),
      ("Int64", { $0.int64 = -4 }), ("UInt", { $0.uint = .max }), ("UInt8", { $0.uint8 = 255 }),
      ("UInt16", { $0.uint16 = 70 }), ("UInt32", { $0.uint32 = 80 }), ("UInt64", { $0.uint64 = .max }),
      ("Float", { $0.real = 1.25 }), ("Double", { $0.double = -2.5 }), ("Bool", { $0.flag = false }),
      ("a text set", { $0.text = "" }), ("a number left out", { $0.number = nil }),
      ("a list", { $0.list = [1, 1] }),
    ]
    for (what, change) in changes {
      var changed = Fields()
      change(&changed)
      #expect(digest(changed) != base, "\(what)")
    }
    // Through an unkeyed container and a single value too.
    #expect(digest([Int8(1), 2]) != digest([Int8(1), 3]))
    #expect(digest(UInt64.max) != digest(UInt64.max - 1))
  }

  /// A field that is nil is digested, by its key, whatever its type: the standard library's
  /// default for synthesized code would leave it out, as if the field were not there.
  @Test func aFieldThatIsNilIsDigestedByItsKey() {
    var digest = ModelDigest()
    digest.add(encoding: NilFields())
    for key in NilFields.keys {
      #expect(digest.bytes.firstRange(of: Array(key.utf8)) != nil, "\(key) is not in the digest")
    }
  }

  /// Where one value ends is written: a field set in an inner structure and left out of the
  /// outer one is not the other way round, nor one list of two two lists of one.
  @Test func nestedValuesDoNotRunIntoEachOther() {
    struct Inner: Encodable { var note: String? }
    struct Outer: Encodable {
      var inner: Inner
      var note: String?
    }
    struct Node: Encodable {
      var name: String
      var children: [Node]
    }
    func digest(_ value: some Encodable) -> [UInt8] {
      var digest = ModelDigest()
      digest.add(encoding: value)
      return digest.bytes
    }
    #expect(
      digest(Outer(inner: Inner(note: "x"), note: nil)) != digest(Outer(inner: Inner(note: nil), note: "x")))
    #expect(
      digest([Node(name: "a", children: [Node(name: "b", children: [])])])
        != digest([Node(name: "a", children: []), Node(name: "b", children: [])]))
  }

  /// A set is digested in hash order, which changes with the process: refused, loudly.
  @Test func aSetStopsTheDigest() async {
    await #expect(processExitsWith: .failure) {
      var digest = ModelDigest()
      digest.add(encoding: Set(["a", "b", "c"]))
    }
  }

  @Test func streamingModelDigestHashesLikeTheWholeSerialization() {
    var whole = ModelDigest()
    var streaming = ModelDigest(streaming: true)
    for _ in 0..<40 {  // enough to pass several 64 KB chunks
      for app in Self.examples.apps {
        whole.add(app)
        streaming.add(app)
      }
    }
    #expect(whole.bytes.count > 200_000)
    #expect(streaming.bytes.count < 70_000)
    #expect(streaming.fast128() == Fingerprint.fast128(whole.bytes))
  }
}
