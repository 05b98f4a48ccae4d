import FlowAtlasPattern
import FlowAtlasTrace

/// The recorder watches coordinators through the pattern's observer hook: set it on the
/// root (``launch(_:)`` does) and every `start`, `attach`, `finish`, `detach` and `deinit`
/// of the hierarchy is recorded.
extension Recorder: CoordinatorLifecycleObserver {
  @MainActor
  public func coordinatorDidStart(
    _ coordinator: any CoordinatorProtocol, parent: (any CoordinatorProtocol)?
  ) {
    let child = ObjectHandle(coordinator)
    let type = typeName(of: coordinator)
    let parent = parent.map { ObjectHandle($0) }
    record { state in
      .coordinatorStart(
        coordinator: state.coordinatorID(for: child), type: type,
        parent: parent.map { state.coordinatorID(for: $0) })
    }
  }

  @MainActor
  public func coordinatorDidAttach(
    _ child: any CoordinatorProtocol, to parent: any CoordinatorProtocol
  ) {
    let childReference = ObjectHandle(child)
    let type = typeName(of: child)
    let parentReference = ObjectHandle(parent)
    record { state in
      .coordinatorAttach(
        coordinator: state.coordinatorID(for: childReference), type: type,
        parent: state.coordinatorID(for: parentReference))
    }
  }

  @MainActor
  public func coordinatorDidFinish(_ coordinator: any CoordinatorProtocol, output: String?) {
    let reference = ObjectHandle(coordinator)
    record { state in
      .coordinatorFinish(coordinator: state.coordinatorID(for: reference), output: output)
    }
  }

  @MainActor
  public func coordinatorDidDetach(
    _ child: any CoordinatorProtocol, from parent: any CoordinatorProtocol
  ) {
    let childReference = ObjectHandle(child)
    let parentReference = ObjectHandle(parent)
    record { state in
      .coordinatorDetach(
        coordinator: state.coordinatorID(for: childReference),
        parent: state.coordinatorID(for: parentReference))
    }
  }

  public func coordinatorWillDeinit(_ coordinator: ObjectIdentifier) {
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

  private func typeName(of coordinator: any CoordinatorProtocol) -> String {
    String(describing: type(of: coordinator))
  }
}
