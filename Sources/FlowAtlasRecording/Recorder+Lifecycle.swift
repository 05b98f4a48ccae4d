import FlowAtlasPattern
import FlowAtlasTrace

/// The recorder watches coordinators through the pattern's observer hook: set it on the
/// root (``launch(_:)`` does) and every `start`, `attach`, `finish`, `detach` and `deinit`
/// of the hierarchy is recorded.
extension Recorder: CoordinatorLifecycleObserver {
  @MainActor
  package func coordinatorDidStart(
    _ coordinator: any CoordinatorProtocol, parent: (any CoordinatorProtocol)?
  ) {
    recordStart(of: ObjectHandle(coordinator), parent: parent.map { ObjectHandle($0) })
  }

  @MainActor
  package func coordinatorDidAttach(
    _ child: any CoordinatorProtocol, to parent: any CoordinatorProtocol
  ) {
    recordAttach(of: ObjectHandle(child), to: ObjectHandle(parent))
  }

  @MainActor
  package func coordinatorDidFinish(_ coordinator: any CoordinatorProtocol, output: String?) {
    recordFinish(of: ObjectHandle(coordinator), output: output)
  }

  @MainActor
  package func coordinatorDidDetach(
    _ child: any CoordinatorProtocol, from parent: any CoordinatorProtocol
  ) {
    recordDetach(of: ObjectHandle(child), from: ObjectHandle(parent))
  }

  package func coordinatorWillDeinit(_ coordinator: ObjectIdentifier) {
    record { state in
      state.releaseCoordinator(coordinator).map { .coordinatorDeinit(coordinator: $0) }
    }
  }

  /// Starts `root` as the root of a recorded hierarchy: sets this recorder as its
  /// lifecycle observer (its children inherit it), then launches it.
  /// - Parameter root: The app's root coordinator.
  @MainActor
  public func launch(_ root: Coordinator) {
    root.lifecycleObserver = self
    root.launch()
  }

  // One writer per lifecycle event, for the observer above and for coordinators of an app's
  // own that report through Recorder+Following.

  func recordStart(of child: ObjectHandle, parent: ObjectHandle?) {
    let type = RecordedType(of: Swift.type(of: child.object))
    record { state in
      if !state.followedRoots.isEmpty { state.followedRoots.removeAll { $0.key == child.key } }
      state.releaseCheckIsAsked = true
      return .coordinatorStart(
        coordinator: state.lifecycleID(for: child), type: type.name,
        parent: parent.map { state.coordinatorID(for: $0) }, module: state.writtenModule(of: type))
    }
    // Followed from now on: the children it made before (in its `init`) are its.
    Self.attachWaitingChildren(of: child)
  }

  func recordAttach(of child: ObjectHandle, to parent: ObjectHandle) {
    let type = RecordedType(of: Swift.type(of: child.object))
    record { state in
      state.releaseCheckIsAsked = true
      return .coordinatorAttach(
        coordinator: state.lifecycleID(for: child), type: type.name,
        parent: state.coordinatorID(for: parent),
        module: state.writtenModule(of: type))
    }
  }

  func recordFinish(of coordinator: ObjectHandle, output: String?) {
    record { state in
      state.releaseCheckIsAsked = true
      return .coordinatorFinish(coordinator: state.coordinatorID(for: coordinator), output: output)
    }
  }

  func recordDetach(of child: ObjectHandle, from parent: ObjectHandle) {
    record { state in
      state.releaseCheckIsAsked = true
      return .coordinatorDetach(
        coordinator: state.coordinatorID(for: child), parent: state.coordinatorID(for: parent))
    }
  }
}
