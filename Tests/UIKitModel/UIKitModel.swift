// A model of UIKit's behaviour, for FlowAtlas's tests and examples and never for anything an
// app links. It is a module of its own, `UIKitModel`; the targets that use it compile with
// `-module-alias UIKit=UIKitModel`, so the files that `import UIKit` (the shipped adapters, the
// example written against UIKit's API) compile against it unchanged and run on Linux.
//
// It declares the UIKit API those files call, with Apple's names and argument labels, and does
// what Apple's documentation says UIKit does: the navigation controller's stack and delegate
// calls in UIKit's order, transition coordinators, the interactive pop, the back button and its
// menu, presentation and its delegate, the tab bar, view loading and the appearance callbacks,
// windows, the application and its scenes, storyboards and segues, bar items. Each behaviour
// names the documentation it follows; where that is silent, the comment says what the model
// assumes. What a person does (tap back, swipe, pick from the back menu, swipe a sheet down, tap
// a tab or a button) is a call on ``Person``; time passes with ``UIKitModel/finishAnimations()``;
// what iOS does to the app (launch it, connect a scene, open a URL) is a call on ``UIKitModel``.

import FlowAtlasRecording
// What `import UIKit` gives an app besides UIKit: Foundation (with Core Graphics' CGRect and
// CGFloat, which Foundation has on Linux), and the Objective-C runtime's NSObject and Selector.
// NSObject and NSObjectProtocol are re-exported by a scoped import, which name lookup prefers to
// Foundation's declarations of the same names even in a file that imports Foundation itself.
@_exported import Foundation
@_exported import ObjectiveCModel

@_exported import class ObjectiveCModel.NSObject
@_exported import protocol ObjectiveCModel.NSObjectProtocol

/// The model's own controls: not UIKit API.
@MainActor
public enum UIKitModel {
  /// Animations running, in the order they started; each ends with its closure.
  static var animations: [(id: Int, end: () -> Void)] = []
  private static var nextAnimation = 0

  /// What UIKit would have raised as an exception or logged as a programming error, in order
  /// (the model changes nothing for them, so a test can see the mistake and go on).
  public private(set) static var raised: [String] = []

  /// True while an animation runs.
  public static var isAnimating: Bool { !animations.isEmpty }

  /// Every bitmap a renderer made (``UIGraphicsImageRenderer/pngData(actions:)``), in order.
  public internal(set) static var drawn: [Canvas] = []

  /// Lets time pass until every animation has ended, those started meanwhile too, in the order
  /// they started (as on a device, where each runs to its end unless a person holds it).
  public static func finishAnimations() {
    while !animations.isEmpty {
      let animation = animations.removeFirst()
      animation.end()
      CATransaction.animationEnded(animation.id)
    }
  }

  /// Starts an animation that ends with `end`; returns its id. An animation started inside a
  /// `CATransaction` belongs to it (its completion block waits for it).
  @discardableResult
  static func startAnimation(_ end: @escaping () -> Void) -> Int {
    nextAnimation += 1
    animations.append((nextAnimation, end))
    CATransaction.animationStarted(nextAnimation)
    return nextAnimation
  }

  /// Holds the `CATransaction` open now for an animation that starts later (a transition queued
  /// behind another): its completion waits for ``endReserved(_:)``.
  static func reserveAnimation() -> Int {
    nextAnimation += 1
    CATransaction.animationStarted(nextAnimation)
    return nextAnimation
  }

  static func endReserved(_ id: Int) { CATransaction.animationEnded(id) }

  /// Takes an animation off the clock, for an interactive one that a person drives.
  static func holdAnimation(_ id: Int) -> (() -> Void)? {
    guard let index = animations.firstIndex(where: { $0.id == id }) else { return nil }
    return animations.remove(at: index).end
  }

  static func raise(_ message: String) { raised.append(message) }

  /// A touch is delivered in a new turn of the main run loop: every gesture of ``Person`` calls
  /// this first, before UIKit does anything for it.
  ///
  /// On a device, a turn of the main queue ends between what the app's code did and the person's
  /// next touch, and FlowAtlas's recording sees it end (a block it queued on the main queue runs):
  /// a coordinator's read of its router does not outlive it. Here every gesture of a test or a
  /// journey runs inside one block of the main queue, so the model ends the turn for recording.
  static func touchBegins() {
    Recorder.endTurn()
  }

  /// Forgets every animation, every raised message and the app (its delegate, every window, its
  /// scenes, the storyboards and actions registered), between tests.
  public static func reset() {
    animations = []
    raised = []
    drawn = []
    UIView.setAnimationsEnabled(true)
    CATransaction.reset()
    forgetTheApp()
  }
}

/// Apple: CATransaction (Core Animation, which UIKit re-exports): groups the animations started
/// between `begin()` and `commit()`; the completion block runs "after all animations subsequently
/// added by this transaction group have completed", and at once when there are none (the model
/// runs it at `commit()` then; Apple's documentation does not say when exactly).
@preconcurrency @MainActor
open class CATransaction: NSObject {
  private struct Group {
    var completion: (() -> Void)?
    var animations: Set<Int> = []
  }

  private static var open: [Group] = []
  private static var committed: [Group] = []

  open class func begin() { open.append(Group()) }

  open class func setCompletionBlock(_ block: (() -> Void)?) {
    guard !open.isEmpty else { return }
    open[open.count - 1].completion = block
  }

  open class func commit() {
    guard let group = open.popLast() else { return UIKitModel.raise("CATransaction.commit without begin") }
    if group.animations.isEmpty {
      group.completion?()
    } else {
      committed.append(group)
    }
  }

  static func animationStarted(_ id: Int) {
    for index in open.indices { open[index].animations.insert(id) }
  }

  static func animationEnded(_ id: Int) {
    for index in open.indices { open[index].animations.remove(id) }
    var waiting: [Group] = []
    var done: [Group] = []
    for var group in committed {
      group.animations.remove(id)
      if group.animations.isEmpty { done.append(group) } else { waiting.append(group) }
    }
    committed = waiting
    for group in done { group.completion?() }
  }

  static func reset() {
    open = []
    committed = []
  }
}
