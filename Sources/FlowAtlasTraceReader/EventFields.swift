import FlowAtlasBytes
import FlowAtlasTrace

/// The keys an event line may carry, as scanned tokens; unknown keys are not kept.
///
/// Stored properties rather than a dictionary: a line is decoded with no allocation
/// until its strings are made.
struct EventFields {
  enum Key: CaseIterable {
    case seq, t, event, coordinator, type, parent, output, screen, router, background, animated
    case tab, action, label, url, text, initiator, gesture, module, file, width, height

    /// The name on the wire.
    var name: String {
      switch self {
      case .seq: "seq"
      case .t: "t"
      case .event: "event"
      case .coordinator: "coordinator"
      case .type: "type"
      case .parent: "parent"
      case .output: "output"
      case .screen: "screen"
      case .router: "router"
      case .background: "background"
      case .animated: "animated"
      case .tab: "tab"
      case .action: "action"
      case .label: "label"
      case .url: "url"
      case .text: "text"
      case .initiator: "initiator"
      case .gesture: "gesture"
      case .module: "module"
      case .file: "file"
      case .width: "width"
      case .height: "height"
      }
    }

    /// The key whose name is `token`'s text, for a plain (unescaped) key.
    @inline(__always)
    static func match(_ token: JSONToken, in scanner: JSONScanner) -> Key? {
      switch token.end - token.start {
      case 1: return scanner.equals(token, "t") ? .t : nil
      case 3:
        if scanner.equals(token, "seq") { return .seq }
        if scanner.equals(token, "tab") { return .tab }
        if scanner.equals(token, "url") { return .url }
        return nil
      case 4:
        if scanner.equals(token, "type") { return .type }
        if scanner.equals(token, "text") { return .text }
        if scanner.equals(token, "file") { return .file }
        return nil
      case 5:
        if scanner.equals(token, "event") { return .event }
        if scanner.equals(token, "label") { return .label }
        if scanner.equals(token, "width") { return .width }
        return nil
      case 6:
        switch scanner.bytes[token.start] {
        case UInt8(ascii: "s"): return scanner.equals(token, "screen") ? .screen : nil
        case UInt8(ascii: "r"): return scanner.equals(token, "router") ? .router : nil
        case UInt8(ascii: "p"): return scanner.equals(token, "parent") ? .parent : nil
        case UInt8(ascii: "o"): return scanner.equals(token, "output") ? .output : nil
        case UInt8(ascii: "a"): return scanner.equals(token, "action") ? .action : nil
        case UInt8(ascii: "m"): return scanner.equals(token, "module") ? .module : nil
        case UInt8(ascii: "h"): return scanner.equals(token, "height") ? .height : nil
        default: return nil
        }
      case 7: return scanner.equals(token, "gesture") ? .gesture : nil
      case 8: return scanner.equals(token, "animated") ? .animated : nil
      case 9: return scanner.equals(token, "initiator") ? .initiator : nil
      case 10: return scanner.equals(token, "background") ? .background : nil
      case 11: return scanner.equals(token, "coordinator") ? .coordinator : nil
      default: return nil
      }
    }

    /// The key named `name` (for keys written with escapes, a rare and slow path).
    static func named(_ name: String) -> Key? {
      allCases.first { $0.name == name }
    }
  }

  var seq = JSONToken.absent
  var t = JSONToken.absent
  var event = JSONToken.absent
  var coordinator = JSONToken.absent
  var type = JSONToken.absent
  var parent = JSONToken.absent
  var output = JSONToken.absent
  var screen = JSONToken.absent
  var router = JSONToken.absent
  var background = JSONToken.absent
  var animated = JSONToken.absent
  var tab = JSONToken.absent
  var action = JSONToken.absent
  var label = JSONToken.absent
  var url = JSONToken.absent
  var text = JSONToken.absent
  var initiator = JSONToken.absent
  var gesture = JSONToken.absent
  var module = JSONToken.absent
  var file = JSONToken.absent
  var width = JSONToken.absent
  var height = JSONToken.absent
  /// The `screen` object's own keys, when `screen` is an object.
  var screenID = JSONToken.absent
  var screenType = JSONToken.absent
  var screenTitle = JSONToken.absent
  var screenModule = JSONToken.absent
  var screenHosts = JSONToken.absent

  subscript(key: Key) -> JSONToken {
    get {
      switch key {
      case .seq: seq
      case .t: t
      case .event: event
      case .coordinator: coordinator
      case .type: type
      case .parent: parent
      case .output: output
      case .screen: screen
      case .router: router
      case .background: background
      case .animated: animated
      case .tab: tab
      case .action: action
      case .label: label
      case .url: url
      case .text: text
      case .initiator: initiator
      case .gesture: gesture
      case .module: module
      case .file: file
      case .width: width
      case .height: height
      }
    }
    set {
      switch key {
      case .seq: seq = newValue
      case .t: t = newValue
      case .event: event = newValue
      case .coordinator: coordinator = newValue
      case .type: type = newValue
      case .parent: parent = newValue
      case .output: output = newValue
      case .screen: screen = newValue
      case .router: router = newValue
      case .background: background = newValue
      case .animated: animated = newValue
      case .tab: tab = newValue
      case .action: action = newValue
      case .label: label = newValue
      case .url: url = newValue
      case .text: text = newValue
      case .initiator: initiator = newValue
      case .gesture: gesture = newValue
      case .module: module = newValue
      case .file: file = newValue
      case .width: width = newValue
      case .height: height = newValue
      }
    }
  }
}

/// The event names of trace format version 1, matched from bytes without making a String.
enum EventName {
  case coordinatorStart, coordinatorAttach, coordinatorFinish, coordinatorDetach, coordinatorDeinit
  case setRoot, push, pop, popTo, popToRoot, present, dismiss, selectTab, userAction, deeplinkOpen
  case screenUpdate, screenImage, note

  /// The name whose text is the plain string `token`, or nil for a name this reader does not know.
  static func match(_ token: JSONToken, in scanner: JSONScanner) -> EventName? {
    switch token.end - token.start {
    case 4: return scanner.equals(token, "note") ? .note : nil
    case 10: return scanner.equals(token, "router.pop") ? .pop : nil
    case 12:
      if scanner.equals(token, "router.popTo") { return .popTo }
      if scanner.equals(token, "screen.image") { return .screenImage }
      return nil
    case 11:
      if scanner.equals(token, "router.push") { return .push }
      if scanner.equals(token, "user.action") { return .userAction }
      return nil
    case 13:
      if scanner.equals(token, "deeplink.open") { return .deeplinkOpen }
      if scanner.equals(token, "screen.update") { return .screenUpdate }
      return nil
    case 14:
      if scanner.equals(token, "router.setRoot") { return .setRoot }
      if scanner.equals(token, "router.present") { return .present }
      if scanner.equals(token, "router.dismiss") { return .dismiss }
      return nil
    case 16:
      if scanner.equals(token, "router.popToRoot") { return .popToRoot }
      if scanner.equals(token, "router.selectTab") { return .selectTab }
      return nil
    case 17: return scanner.equals(token, "coordinator.start") ? .coordinatorStart : nil
    case 18:
      if scanner.equals(token, "coordinator.attach") { return .coordinatorAttach }
      if scanner.equals(token, "coordinator.finish") { return .coordinatorFinish }
      if scanner.equals(token, "coordinator.detach") { return .coordinatorDetach }
      if scanner.equals(token, "coordinator.deinit") { return .coordinatorDeinit }
      return nil
    default: return nil
    }
  }

  /// The event named `name` (for names written with escapes).
  static func named(_ name: String) -> EventName? {
    guard let index = TraceEvent.knownNames.firstIndex(of: name) else { return nil }
    let all: [EventName] = [
      .coordinatorStart, .coordinatorAttach, .coordinatorFinish, .coordinatorDetach, .coordinatorDeinit,
      .setRoot, .push, .pop, .popTo, .popToRoot, .present, .dismiss, .selectTab, .userAction, .deeplinkOpen,
      .screenUpdate, .screenImage, .note,
    ]
    return all[index]
  }
}
