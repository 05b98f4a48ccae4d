import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasModel
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
        "containers",
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

  /// Every primitive a field may have is digested by its value (none of them recurses).
  @Test func everyPrimitiveKindIsDigestedByItsValue() {
    struct Fields: Encodable {
      var numbers: (Int8, Int16, Int32, Int64, UInt, UInt8, UInt16, UInt32, UInt64) = (
        1, 2, 3, 4, 5, 6, 7, 8, 9
      )
      var real: Float = 1.5
      var double = 2.5
      var flag = true
      var nothing: String? = nil

      func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(numbers.0)
        try container.encode(numbers.1)
        try container.encode(numbers.2)
        try container.encode(numbers.3)
        try container.encode(numbers.4)
        try container.encode(numbers.5)
        try container.encode(numbers.6)
        try container.encode(numbers.7)
        try container.encode(numbers.8)
        try container.encode(real)
        try container.encode(double)
        try container.encode(flag)
        try container.encode(nothing)
      }
    }
    func digest(_ fields: Fields) -> [UInt8] {
      var digest = ModelDigest()
      digest.add(encoding: fields)
      return digest.bytes
    }
    let base = digest(Fields())
    var changed = Fields()
    changed.numbers.3 = -4
    #expect(digest(changed) != base)
    changed = Fields()
    changed.real = 1.25
    #expect(digest(changed) != base)
    changed = Fields()
    changed.nothing = ""
    #expect(digest(changed) != base)
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
