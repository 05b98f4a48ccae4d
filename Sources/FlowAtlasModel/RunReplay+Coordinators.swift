import FlowAtlasTrace
import FlowAtlasTraceReader

extension RunReplay {
  /// The index in ``instances`` of an instance started or attached earlier in this run.
  mutating func instance(ofCoordinator id: String) -> Int? {
    instanceIDs.find(id).map(Int.init)
  }

  /// The type (as an index in ``coordinatorTypes``) of an instance started or attached earlier.
  mutating func type(ofCoordinator id: String) -> Int32? {
    instance(ofCoordinator: id).map { instanceTypes[$0] }
  }

  mutating func start(_ id: String, type: String, parent: String?, line: Int) {
    // An app whose `start` also routes (`start(with: option)`) starts a running flow again.
    if let index = instance(ofCoordinator: id), running[index] { return }
    tally.coordinators[type, default: CoordinatorTally()].starts += 1
    let parentType = link(id, type: type, parent: parent, line: line)
    if let index = instance(ofCoordinator: id) {
      running[index] = true
      // A finished instance started again (a child kept in a stored property, `lazy var`, and
      // reused) begins a new life: its earlier finish no longer makes it a leak, and it can be
      // orphaned again.
      if instances[index].finishLine != nil || instances[index].deinitLine != nil {
        instances[index].startLine = line
        instances[index].finishLine = nil
        instances[index].output = nil
        instances[index].deinitLine = nil
        // Detached after its last finish: that kept the earlier life from being orphaned, not this one.
        instances[index].detachLine = nil
        showing.restart(index, line: line)
      }
    }
    keep(.flowStarted(coordinator: type, parent: parentType), line)
  }

  mutating func attach(_ id: String, type: String, parent: String, line: Int) {
    if tally.coordinators[type] == nil { tally.coordinators[type] = CoordinatorTally() }
    link(id, type: type, parent: parent, line: line)
    if !attachedTo[id, default: []].contains(parent) { attachedTo[id, default: []].append(parent) }
    // Attached again after a detach: the detach no longer keeps it from being orphaned.
    if let index = instance(ofCoordinator: id) { instances[index].detachLine = nil }
  }

  mutating func finish(_ id: String, output: String?, line: Int) {
    guard let index = instance(ofCoordinator: id) else { return }
    running[index] = false
    instances[index].finishLine = line
    instances[index].output = output
    let type = instances[index].type
    if let output { tally.coordinators[type, default: CoordinatorTally()].outputs.insert(output) }
    showing.finish(index, line: line, cause: .childFinished(index))
    keep(.flowFinished(coordinator: type, output: output), line)
  }

  mutating func deinitialize(_ id: String, line: Int) {
    guard let index = instance(ofCoordinator: id) else { return }
    instances[index].deinitLine = line
  }

  mutating func detach(_ id: String, parent: String, line: Int) {
    guard let held = attachedTo[id], let position = held.firstIndex(of: parent) else {
      report(
        .detachUnknown, line: line,
        message:
          "coordinator \(quoted(id)) is not attached to \(quoted(parent)); "
          + "detach a child only from the parent it was attached to")
      return
    }
    guard held.count == 1 else {
      attachedTo[id]!.remove(at: position)
      return
    }
    attachedTo[id] = nil
    if let index = instance(ofCoordinator: id) { instances[index].detachLine = line }
  }

  /// Records the instance (first sighting) and the type-level parent edge.
  /// - Returns: the parent's type, when the parent is a known instance.
  @discardableResult
  private mutating func link(_ id: String, type: String, parent: String?, line: Int) -> String? {
    let parentIndex = parent.flatMap { instance(ofCoordinator: $0) }
    if let index = instance(ofCoordinator: id) {
      if let parent {
        instances[index].parent = parent
        showing.reparent(
          index, to: parentIndex, line: line,
          cause: .childMoved(index))
      }
    } else {
      _ = instanceIDs.index(id)
      instances.append(CoordinatorInstance(id: id, type: type, parent: parent, startLine: line))
      instanceTypes.append(coordinatorTypes.index(type))
      running.append(false)
      showing.addInstance(parent: parentIndex)
    }
    guard let parent, let parentIndex = self.type(ofCoordinator: parent) else { return nil }
    let parentType = coordinatorTypes[parentIndex]
    tally.coordinators[parentType, default: CoordinatorTally()].children.insert(type)
    tally.coordinators[type, default: CoordinatorTally()].parents.insert(parentType)
    return parentType
  }

  /// Marks instances that finished but are still attached as leaked, reported at the file's last line.
  mutating func reportLeaks(at lastLine: Int, run: String) {
    for index in instances.indices {
      let instance = instances[index]
      guard instance.finishLine != nil, let parents = attachedTo[instance.id] else { continue }
      instances[index].leaked = true
      tally.coordinators[instance.type, default: CoordinatorTally()].leaks += 1
      _ = keep(
        Diagnostic(
          code: .coordinatorLeak, file: file, line: max(lastLine, 1),
          message:
            "\(instance.type) \(quoted(instance.id)) in run \(quoted(run)) finished but is still "
            + "attached to \(parents.map(quoted).joined(separator: " and ")) when the run ends; remove it "
            + "from its \(parents.count == 1 ? "parent's" : "parents'") childCoordinators when it finishes"))
    }
  }

  /// Marks instances that put a screen, never finished, were not detached or released, and
  /// show nothing at the end of the run as orphaned, at the line after which they last stopped
  /// showing: the back-button leak.
  mutating func reportOrphans(run: String) {
    for index in instances.indices {
      let instance = instances[index]
      guard showing.hasPut[index], !showing.isShowing[index], instance.finishLine == nil,
        instance.detachLine == nil, instance.deinitLine == nil, let stop = showing.stops[index]
      else { continue }
      instances[index].orphanedLine = stop.line
      tally.coordinators[instance.type, default: CoordinatorTally()].orphans += 1
      _ = keep(
        Diagnostic(
          code: .orphanedCoordinator, file: file, line: stop.line,
          message:
            "\(instance.type) \(quoted(instance.id)) in run \(quoted(run)) never finished, though none "
            + "of its screens is on a stack after line \(stop.line) (\(words(stop.cause))); finish the flow "
            + "when its first screen is removed"
            + (instance.parent == nil ? "" : ", so that its parent removes it")
            + " (FlowAtlas's Coordinator does it for system navigation unless finishesOnSystemRemoval is "
            + "false; a coordinator of your own can watch its navigation controller's delegate or its router's "
            + "onSystemNavigation)"))
    }
  }

  /// Why an instance stopped showing, in words, its children named by type and quoted id.
  func words(_ cause: ShowingTracker.Cause) -> String {
    cause.words { (instances[$0].type, quoted(instances[$0].id)) }
  }

  func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
