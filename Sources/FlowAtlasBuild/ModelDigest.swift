import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace

/// A stable byte serialization of an app model, and of whatever else a cache key names: what
/// every key of the site's caches and its fingerprint are hashed from.
///
/// Written field by field because `String(reflecting:)` costs milliseconds per kilobyte on a
/// big model. What a run holds (its summary, journey steps, coordinator instances, pictures,
/// showings, transitions, diagnostics) is encoded as the run archive encodes it, by the one
/// description in ModelEncoding.swift, so a field added there is digested too; the app's
/// aggregates (screens, coordinators, flows, transitions, containers), which no archive holds,
/// by their synthesized `Encodable` conformances (``add(encoding:)``), so a field added to one
/// of them is digested with no other change.
package struct ModelDigest: ModelEncoder {
  /// The serialization so far; with ``hashing``, only what was not yet hashed.
  package private(set) var bytes: [UInt8] = []
  /// Hashes the serialization as it grows (``fast128()``), holding a small buffer only.
  private var hashing: Fingerprint.Fast128?

  /// - Parameter streaming: hash as it goes, for ``fast128()``; `bytes` then stays small.
  package init(streaming: Bool = false) {
    if streaming {
      hashing = Fingerprint.Fast128()
      bytes.reserveCapacity(Self.chunk + 4096)
    }
  }

  /// What a streaming digest hashes at once: small enough to stay in the cache.
  private static let chunk = 64 * 1024

  /// ``Fingerprint/fast128(_:)-([UInt8])`` of everything added.
  package mutating func fast128() -> String {
    guard var hasher = hashing else { return Fingerprint.fast128(bytes) }
    hasher.combine(bytes)
    bytes.removeAll(keepingCapacity: true)
    hashing = hasher
    return hasher.finalize()
  }

  private mutating func flushIfFull() {
    guard bytes.count >= Self.chunk, hashing != nil else { return }
    hashing!.combine(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  package mutating func add(_ text: String) {
    bytes.append(utf8: text)
    bytes.append(0)
    flushIfFull()
  }

  package mutating func add(_ text: String?) {
    if let text { add(text) } else { bytes.append(1) }
  }

  /// A number as a tag byte and its eight bytes: no decimal text to make per number (a big
  /// model has millions: every journey step's line).
  package mutating func add(_ number: Int) {
    bytes.append(2)
    let value = UInt64(bitPattern: Int64(number))
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    flushIfFull()
  }

  package mutating func add(_ texts: [String]) {
    add(texts.count)
    for text in texts { add(text) }
  }

  package mutating func add(_ transition: Transition) { transition.encode(to: &self) }

  /// What a build checked of `run`'s screenshots (``Run/checkedPictures``), which no archive holds.
  package mutating func addPictures(of run: Run) {
    let pictures = run.checkedPicturesByLine
    add(pictures.count)
    for (line, picture) in pictures {
      add(line)
      add(encoding: picture)
    }
  }

  // What ``ModelEncoder`` writes through: a digest's own tokens.
  mutating func number(_ value: Int) { add(value) }
  mutating func string(_ text: String) { add(text) }
  mutating func optional(_ text: String?) { add(text) }
  mutating func optional(_ value: Int?) {
    if let value { add(value) } else { bytes.append(1) }
  }
  mutating func byte(_ value: UInt8) {
    bytes.append(4)
    bytes.append(value)
    flushIfFull()
  }

  package mutating func add(_ app: AppModel) {
    add(app.name)
    add(app.slug)
    add(app.runs.count)
    for run in app.runs {
      add(run.slug)
      run.encodeSummary(to: &self)
      // What a build checked of its screenshots, which no archive holds: the pictures its journey shows.
      addPictures(of: run)
      if let key = run.replayKey {
        // The key names the trace's bytes and the replay: the journey and instances follow.
        add(["replayed", key])
        continue
      }
      // Without a key the run holds its journey (it is only left in a store under a key).
      let journey = run.journey
      add(journey.steps.count)
      for step in journey.steps { step.encode(to: &self) }
      add(journey.instances.count)
      for instance in journey.instances { instance.encode(to: &self) }
    }
    // The aggregates, as their synthesized `Encodable` conformances write them: every field.
    add(encoding: app.coordinators)
    add(encoding: app.screens)
    add(encoding: app.transitions)
    add(encoding: app.flows)
    add(app.diagnostics.count)
    for diagnostic in app.diagnostics { diagnostic.encode(to: &self) }
    add(encoding: app.containers)
    add(app.modules)
  }
}
