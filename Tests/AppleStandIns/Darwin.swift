// A stand-in for the part of Apple's Darwin module that FlowAtlas's system doors call
// (Sources/FlowAtlasLock/Lock.swift, Sources/FlowAtlasRender/ChildProcess.swift), with the
// signatures Swift imports from the macOS and iOS SDK headers: <spawn.h>, <sys/socket.h>,
// <fcntl.h>, <pthread.h>, <string.h>, <stdlib.h>. Used only by scripts/check-apple-adapters to
// type-check those doors' Darwin branches on Linux; nothing here is ever run. Swift imports
// C functions with discardable results, hence @discardableResult.
//
// What differs from Glibc, and is the point of checking: posix_spawn_file_actions_t and
// posix_spawnattr_t are `void *` (imported as optional raw pointers, no initializer); socket
// types and levels are plain Int32 (Glibc: an enum with a rawValue); mode_t is UInt16; there
// is no MSG_NOSIGNAL and no SOCK_CLOEXEC; SO_NOSIGPIPE and POSIX_SPAWN_CLOEXEC_DEFAULT exist.

public typealias pid_t = Int32
public typealias mode_t = UInt16
public typealias socklen_t = UInt32

// <spawn.h>: `typedef void *posix_spawnattr_t; typedef void *posix_spawn_file_actions_t;`
public typealias posix_spawn_file_actions_t = UnsafeMutableRawPointer
public typealias posix_spawnattr_t = UnsafeMutableRawPointer

public var POSIX_SPAWN_CLOEXEC_DEFAULT: Int32 { 0x4000 }

@discardableResult public func posix_spawn_file_actions_init(
  _: UnsafeMutablePointer<posix_spawn_file_actions_t?>!
) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func posix_spawn_file_actions_destroy(
  _: UnsafeMutablePointer<posix_spawn_file_actions_t?>!
) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func posix_spawn_file_actions_adddup2(
  _: UnsafeMutablePointer<posix_spawn_file_actions_t?>!, _: Int32, _: Int32
) -> Int32 { fatalError("stand-in") }
@discardableResult public func posix_spawn_file_actions_addopen(
  _: UnsafeMutablePointer<posix_spawn_file_actions_t?>!, _: Int32, _: UnsafePointer<CChar>!, _: Int32,
  _: mode_t
) -> Int32 { fatalError("stand-in") }
@discardableResult public func posix_spawnattr_init(_: UnsafeMutablePointer<posix_spawnattr_t?>!) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func posix_spawnattr_destroy(_: UnsafeMutablePointer<posix_spawnattr_t?>!) -> Int32
{ fatalError("stand-in") }
@discardableResult public func posix_spawnattr_setflags(
  _: UnsafeMutablePointer<posix_spawnattr_t?>!, _: Int16
) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func posix_spawn(
  _: UnsafeMutablePointer<pid_t>!, _: UnsafePointer<CChar>!, _: UnsafePointer<posix_spawn_file_actions_t?>!,
  _: UnsafePointer<posix_spawnattr_t?>!, _: UnsafePointer<UnsafeMutablePointer<CChar>?>!,
  _: UnsafePointer<UnsafeMutablePointer<CChar>?>!
) -> Int32 { fatalError("stand-in") }
@discardableResult public func posix_spawnp(
  _: UnsafeMutablePointer<pid_t>!, _: UnsafePointer<CChar>!, _: UnsafePointer<posix_spawn_file_actions_t?>!,
  _: UnsafePointer<posix_spawnattr_t?>!, _: UnsafePointer<UnsafeMutablePointer<CChar>?>!,
  _: UnsafePointer<UnsafeMutablePointer<CChar>?>!
) -> Int32 { fatalError("stand-in") }
public var POSIX_SPAWN_SETSIGMASK: Int32 { 0x0008 }
@discardableResult public func posix_spawnattr_setsigmask(
  _: UnsafeMutablePointer<posix_spawnattr_t?>!, _: UnsafePointer<sigset_t>!
) -> Int32 {
  fatalError("stand-in")
}

// <signal.h>: `typedef __uint32_t sigset_t;`, and sigemptyset is a function as well as a macro.
public typealias sigset_t = UInt32
@discardableResult public func sigemptyset(_: UnsafeMutablePointer<sigset_t>!) -> Int32 {
  fatalError("stand-in")
}

// <sys/socket.h>
public var AF_UNIX: Int32 { 1 }
public var SOCK_STREAM: Int32 { 1 }
public var SOL_SOCKET: Int32 { 0xffff }
public var SO_NOSIGPIPE: Int32 { 0x1022 }
public var MSG_DONTWAIT: Int32 { 0x80 }
@discardableResult public func socketpair(_: Int32, _: Int32, _: Int32, _: UnsafeMutablePointer<Int32>!)
  -> Int32
{
  fatalError("stand-in")
}
@discardableResult public func setsockopt(_: Int32, _: Int32, _: Int32, _: UnsafeRawPointer!, _: socklen_t)
  -> Int32
{
  fatalError("stand-in")
}
@discardableResult public func send(_: Int32, _: UnsafeRawPointer!, _: Int, _: Int32) -> Int {
  fatalError("stand-in")
}

// <fcntl.h>, through the Darwin overlay's non-variadic `fcntl(_:_:_:)`.
public var F_SETFD: Int32 { 2 }
public var FD_CLOEXEC: Int32 { 1 }
@discardableResult public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 {
  fatalError("stand-in")
}

// <pthread.h>: `typedef struct _opaque_pthread_mutex_t pthread_mutex_t;`
public struct _opaque_pthread_mutex_t {
  public var __sig: Int = 0
  public init() {}
}
public struct _opaque_pthread_mutexattr_t {
  public var __sig: Int = 0
  public init() {}
}
public typealias pthread_mutex_t = _opaque_pthread_mutex_t
public typealias pthread_mutexattr_t = _opaque_pthread_mutexattr_t
@discardableResult public func pthread_mutex_init(
  _: UnsafeMutablePointer<pthread_mutex_t>!, _: UnsafePointer<pthread_mutexattr_t>!
)
  -> Int32
{ fatalError("stand-in") }
@discardableResult public func pthread_mutex_destroy(_: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func pthread_mutex_lock(_: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func pthread_mutex_unlock(_: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 {
  fatalError("stand-in")
}

// <string.h>, <stdlib.h>
@discardableResult public func strdup(_: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! {
  fatalError("stand-in")
}
@discardableResult public func strerror(_: Int32) -> UnsafeMutablePointer<CChar>! { fatalError("stand-in") }
public func free(_: UnsafeMutableRawPointer!) { fatalError("stand-in") }
