import FlowAtlasModel

/// What the journey player shows at each transition of one run: the picture the run took of
/// that showing of the screen; else of another showing of the same screen in the run (the
/// nearest before, else after), with the step it pictured; else the screen's picture from
/// another run, with no step. So a run's filmstrip is its own wherever it took pictures, and
/// a caption never says a step showed what another run did.
struct StepPictures {
  /// By screen type: the steps (indices, ascending) whose showing the run pictured, each with
  /// its first picture.
  private var pictured: [String: [(step: Int, picture: CheckedPicture)]] = [:]

  init(_ run: Run, steps: [JourneyStep]) {
    guard !run.checkedPictures.isEmpty else { return }
    // A picture is of the latest showing of its screen before its line (a writer takes it
    // after the transition that showed the screen).
    var latest: [String: Int] = [:]
    var index = 0
    for picture in run.pictures {
      guard let checked = run.checkedPictures[picture.line] else { continue }
      while index < steps.count, steps[index].line < picture.line {
        if case .transition(_, let to, _, _, _) = steps[index].kind { latest[to] = index }
        index += 1
      }
      guard let step = latest[picture.screenType] else { continue }
      if pictured[picture.screenType]?.last?.step != step {
        pictured[picture.screenType, default: []].append((step, checked))
      }
    }
  }

  /// The picture shown at step `index`, which shows `type`, and the step (index) it pictured
  /// when it is the run's own; `fallback` (another run's) when the run took none of `type`.
  func picture(at index: Int, showing type: String, fallback: CheckedPicture?) -> (
    picture: CheckedPicture, step: Int?
  )? {
    guard let list = pictured[type], !list.isEmpty else { return fallback.map { ($0, nil) } }
    let after = list.partitionPoint { $0.step <= index }
    let nearest = after > 0 ? list[after - 1] : list[after]
    return (nearest.picture, nearest.step)
  }
}
