import Dispatch
import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

/// Builds and writes each page as soon as the diagrams it shows have arrived, on the cores
/// Graphviz leaves free, so that a site's pages are made while its diagrams are laid out.
///
/// Diagrams arrive through ``deliver(app:subject:svg:)`` from any thread; a page waiting for
/// them starts when the last one arrives, ``finish()`` starts the pages still waiting (their
/// missing diagrams show as "no diagram") and waits for all. What a page contains does not
/// depend on when it was built, so the site's bytes do not either.
final class PageScheduler: Sendable {
  /// One app of the site.
  struct App: Sendable {
    var pages: AppPages
    /// Its pages are the previous build's (``AppPagesCache``): none is made here.
    var reused = false
    /// Pages the previous build's copies stand for (a kept run's journey): not made here.
    var kept: Set<String> = []
  }

  private struct Waiting {
    var name: String
    var page: AppPages.Page
    var missing: Set<DiagramSubject>
    var svgs: [DiagramSubject: [UInt8]] = [:]
  }

  private struct State {
    /// Pages not yet started, by app and page number.
    var waiting: [[Int: Waiting]]
    /// The pages (numbers) that show each diagram, by app.
    var readers: [[DiagramSubject: [Int]]]
    /// Diagrams delivered, by app.
    var delivered: [Int]
    /// Failures so far, by app and page number, so that the first in page order is reported.
    var failures: [(app: Int, page: Int, error: SiteError)] = []
    /// The diagrams written to the cache, by app: key → hash of the bytes.
    var cached: [[String: String]]
    /// Each delivered diagram's cache key, by app.
    var keys: [[DiagramSubject: String]]
  }

  private let apps: [App]
  private let staging: OutputFolder.Staging
  /// Where diagrams are cached and reused from; nil when the build keeps no cache.
  private let cache: DiagramCache?
  private let state: Lock<State>
  private let group = DispatchGroup()
  /// Jobs queued or running at once. Graphviz can deliver diagrams faster than pages are made
  /// (short journeys are drawn in a blink): without a bound, waiting pages and their SVGs
  /// would pile up with the number and length of journeys. A delivering render thread waits
  /// instead, and Graphviz with it, while both cores are busy making pages.
  private let slots = DispatchSemaphore(value: 2 * ProcessInfo.processInfo.activeProcessorCount)

  init(apps: [App], staging: OutputFolder.Staging, cache: DiagramCache?) {
    self.apps = apps
    self.staging = staging
    self.cache = cache
    var waiting: [[Int: Waiting]] = []
    var readers: [[DiagramSubject: [Int]]] = []
    for app in apps {
      var pages: [Int: Waiting] = [:]
      var byDiagram: [DiagramSubject: [Int]] = [:]
      for (number, entry) in (app.reused ? [] : app.pages.pageList()).enumerated()
      where !app.kept.contains(entry.name) {
        let subjects = entry.page.subjects()
        pages[number] = Waiting(name: entry.name, page: entry.page, missing: Set(subjects))
        for subject in subjects { byDiagram[subject, default: []].append(number) }
      }
      waiting.append(pages)
      readers.append(byDiagram)
    }
    state = Lock(
      State(
        waiting: waiting, readers: readers, delivered: Array(repeating: 0, count: apps.count),
        cached: Array(repeating: [:], count: apps.count), keys: Array(repeating: [:], count: apps.count)))
  }

  /// Takes one diagram: caches it in the site under `key` and starts the pages it completes.
  /// - Parameters:
  ///   - key: its cache key (``DiagramCache/key(providerKey:identity:appDigest:subject:of:)``).
  ///   - reused: the hash of its bytes when it comes from the previous site's cache, which
  ///     then holds it already.
  func deliver(app: Int, subject: DiagramSubject, svg: [UInt8], key: String, reused: String? = nil) {
    if let cache {
      // Not on the caller's thread: that is a render thread whose worker would wait.
      run(app: app, page: -1) { [self] () throws(SiteError) in
        let path = DiagramCache.path(of: key)
        let hash: String
        if let reused, let previous = cache.previousSite {
          try staging.place(path, linking: previous.appendingPathComponent(path), bytes: svg)
          hash = reused
        } else {
          // Hashed once, as it is written.
          hash = try staging.write(path, svg)
        }
        state.withLock { $0.cached[app][key] = hash }
      }
    }
    let ready = state.withLock { state -> [(Int, Waiting)] in
      state.delivered[app] += 1
      if cache != nil { state.keys[app][subject] = key }
      var ready: [(Int, Waiting)] = []
      for number in state.readers[app][subject] ?? [] {
        guard var page = state.waiting[app][number] else { continue }
        page.svgs[subject] = svg
        page.missing.remove(subject)
        if page.missing.isEmpty {
          state.waiting[app][number] = nil
          ready.append((number, page))
        } else {
          state.waiting[app][number] = page
        }
      }
      return ready
    }
    for (number, page) in ready { start(app: app, number: number, page) }
  }

  /// Makes and writes a file of the whole site (the landing page, the search index) on a free
  /// core while diagrams are drawn, rather than after the last one, when one core would wait.
  func write(_ path: String, _ make: @escaping @Sendable () -> [UInt8]) {
    write(path, pieces: { [make()] })
  }

  /// Makes and writes a file of the whole site given in pieces, written one after the other.
  func write(_ path: String, pieces make: @escaping @Sendable () -> [[UInt8]]) {
    run(app: apps.count, page: -1) { [staging] () throws(SiteError) in try staging.write(path, pieces: make())
    }
  }

  /// Starts every page that shows no diagram (or whose diagrams have all arrived).
  func startReadyPages() {
    for (app, number, page) in takeWaiting(where: { $0.missing.isEmpty }) {
      start(app: app, number: number, page)
    }
  }

  /// Starts the pages still waiting and waits for every page.
  ///
  /// - Returns: how many diagrams were delivered, the diagrams cached for each app (key → hash
  ///   of the bytes), and each app's delivered diagrams' cache keys.
  /// - Throws: the first failure in page order.
  func finish() throws(SiteError) -> (
    delivered: Int, cached: [[String: String]], keys: [[DiagramSubject: String]]
  ) {
    for (app, number, page) in takeWaiting(where: { _ in true }) { start(app: app, number: number, page) }
    group.wait()
    let (failures, delivered, cached, keys) = state.withLock {
      ($0.failures, $0.delivered, $0.cached, $0.keys)
    }
    if let first = failures.min(by: { ($0.app, $0.page) < ($1.app, $1.page) }) { throw first.error }
    return (delivered.reduce(0, +), cached, keys)
  }

  /// Waits for the pages already started, starting no more: the build has failed.
  func abandon() {
    _ = takeWaiting(where: { _ in true })
    group.wait()
  }

  /// Removes the waiting pages that `isTaken` picks, by app and page number.
  private func takeWaiting(where isTaken: (Waiting) -> Bool) -> [(app: Int, number: Int, page: Waiting)] {
    state.withLock { state in
      var taken: [(app: Int, number: Int, page: Waiting)] = []
      for app in state.waiting.indices {
        for (number, page) in state.waiting[app] where isTaken(page) {
          state.waiting[app][number] = nil
          taken.append((app, number, page))
        }
      }
      return taken
    }
  }

  private func start(app: Int, number: Int, _ page: Waiting) {
    let pages = apps[app].pages
    run(app: app, page: number) { [staging] () throws(SiteError) in
      let made = try pages.html(of: page.page, diagrams: page.svgs)
      try staging.write("\(pages.folder)/\(page.name)", pieces: made.pieces)
      for file in made.svgFiles { try staging.write("\(pages.folder)/\(file.name)", pieces: file.pieces) }
    }
  }

  /// Runs `work` on a free core as part of the build; a failure is kept under `app` and `page`
  /// (the order failures are reported in).
  private func run(app: Int, page: Int, _ work: @escaping @Sendable () throws(SiteError) -> Void) {
    slots.wait()
    DispatchQueue.global().async(group: group) { [self] in
      defer { slots.signal() }
      do throws(SiteError) {
        try work()
      } catch {
        state.withLock { $0.failures.append((app, page, error)) }
      }
    }
  }
}
