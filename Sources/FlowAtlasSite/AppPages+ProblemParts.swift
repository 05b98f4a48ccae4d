import FlowAtlasLock
import FlowAtlasModel

/// Which part of a long journey lists the step of each of its run's problem lines, read once
/// per run: its steps may be in a store on disk (``Run/journey``), and the flow, problems and
/// journey pages link to every problem.
final class ProblemParts: Sendable {
  /// By run slug: problem line → part.
  private let parts = Lock<[String: [Int: Int]]>([:])

  /// The part of `run`'s journey listing trace line `line`, reading its steps the first time
  /// one of its problems is asked for; `problemLines` are the lines its pages link to.
  func part(of run: Run, line: Int, problemLines: () -> [Int]) -> Int {
    if let known = parts.withLock({ $0[run.slug] }), let part = known[line] { return part }
    // Two pages may read one run at once: both find the same parts.
    let steps = run.journey.steps
    var found: [Int: Int] = [:]
    for problem in problemLines() + [line] { found[problem] = AppPages.journeyPart(in: steps, line: problem) }
    parts.withLock { $0[run.slug, default: [:]].merge(found) { old, _ in old } }
    return found[line]!
  }
}
