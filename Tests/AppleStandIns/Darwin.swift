// A stand-in for the part of Apple's Darwin module that FlowAtlas's system doors call
// (Sources/FlowAtlasLock/Lock.swift, Sources/FlowAtlasRender/ChildProcess.swift, the file watcher), with the
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

// What the file watcher calls (Sources/FlowAtlasCLI/FileWatcher.swift, FileWatcher+Scan.swift):
// <sys/event.h>, <sys/stat.h>, <dirent.h>, <poll.h>, <sys/mount.h>, <sys/resource.h>, <unistd.h>.
// Where the SDK has a struct and a function of one name (`struct kevent` and `kevent()`, `struct
// stat` and `stat()`, `struct statfs` and `statfs()`), the watcher calls the function of another
// name (`kevent64`, `fstatat`, `fstatfs`), which is all a Swift stand-in can declare. What differs
// from Glibc: the times are `st_mtimespec` and `st_ctimespec`, `mode_t` and `S_IFMT` are UInt16,
// `opendir` gives a `DIR` pointer, not an opaque one, and `open` is the overlay's two non-variadic
// functions.
public typealias nfds_t = UInt32
public typealias rlim_t = UInt64

public struct timespec {
  public var tv_sec: Int = 0
  public var tv_nsec: Int = 0
  public init() {}
  public init(tv_sec: Int, tv_nsec: Int) {
    self.tv_sec = tv_sec
    self.tv_nsec = tv_nsec
  }
}

public struct kevent64_s {
  public var ident: UInt64 = 0
  public var filter: Int16 = 0
  public var flags: UInt16 = 0
  public var fflags: UInt32 = 0
  public var data: Int64 = 0
  public var udata: UInt64 = 0
  public var ext: (UInt64, UInt64) = (0, 0)
  public init() {}
}
public var EVFILT_READ: Int32 { -1 }
public var EVFILT_VNODE: Int32 { -4 }
public var EV_ADD: Int32 { 0x0001 }
public var EV_CLEAR: Int32 { 0x0020 }
public var NOTE_DELETE: Int32 { 0x0000_0001 }
public var NOTE_WRITE: Int32 { 0x0000_0002 }
public var NOTE_EXTEND: Int32 { 0x0000_0004 }
public var NOTE_ATTRIB: Int32 { 0x0000_0008 }
public var NOTE_LINK: Int32 { 0x0000_0010 }
public var NOTE_RENAME: Int32 { 0x0000_0020 }
public var NOTE_REVOKE: Int32 { 0x0000_0040 }
@discardableResult public func kqueue() -> Int32 { fatalError("stand-in") }
@discardableResult public func kevent64(
  _: Int32, _: UnsafePointer<kevent64_s>!, _: Int32, _: UnsafeMutablePointer<kevent64_s>!, _: Int32,
  _: UInt32,
  _: UnsafePointer<timespec>!
) -> Int32 { fatalError("stand-in") }

public var O_RDONLY: Int32 { 0x0000 }
public var O_NONBLOCK: Int32 { 0x0004 }
public var O_EVTONLY: Int32 { 0x8000 }
public var O_CLOEXEC: Int32 { 0x0100_0000 }
public var F_SETFL: Int32 { 4 }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError("stand-in") }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func close(_: Int32) -> Int32 { fatalError("stand-in") }
@discardableResult public func read(_: Int32, _: UnsafeMutableRawPointer!, _: Int) -> Int {
  fatalError("stand-in")
}
@discardableResult public func write(_: Int32, _: UnsafeRawPointer!, _: Int) -> Int { fatalError("stand-in") }
@discardableResult public func pipe(_: UnsafeMutablePointer<Int32>!) -> Int32 { fatalError("stand-in") }
public var errno: Int32 {
  get { fatalError("stand-in") }
  set { fatalError("stand-in") }
}
public var ENOENT: Int32 { 2 }
public var EINTR: Int32 { 4 }
public var ENFILE: Int32 { 23 }
public var EMFILE: Int32 { 24 }

// <sys/stat.h>: only the fields the watcher reads, with the SDK's types.
public struct stat {
  public var st_dev: Int32 = 0
  public var st_mode: mode_t = 0
  public var st_ino: UInt64 = 0
  public var st_mtimespec = timespec()
  public var st_ctimespec = timespec()
  public var st_size: Int64 = 0
  public init() {}
}
public var S_IFMT: mode_t { 0o170000 }
public var S_IFDIR: mode_t { 0o040000 }
public var AT_FDCWD: Int32 { -2 }
public var AT_SYMLINK_NOFOLLOW: Int32 { 0x0020 }
@discardableResult public func fstatat(
  _: Int32, _: UnsafePointer<CChar>!, _: UnsafeMutablePointer<stat>!, _: Int32
)
  -> Int32
{ fatalError("stand-in") }
@discardableResult public func fstat(_: Int32, _: UnsafeMutablePointer<stat>!) -> Int32 {
  fatalError("stand-in")
}

// <dirent.h>: `d_name` is `char[1024]` in the SDK; the watcher never spells out its length.
public struct DIR {}
public struct dirent {
  public var d_ino: UInt64 = 0
  public var d_type: UInt8 = 0
  public var d_name: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0, 0, 0, 0)
  public init() {}
}
public var DT_UNKNOWN: Int32 { 0 }
public var DT_DIR: Int32 { 4 }
public func opendir(_: UnsafePointer<CChar>!) -> UnsafeMutablePointer<DIR>! { fatalError("stand-in") }
public func readdir(_: UnsafeMutablePointer<DIR>!) -> UnsafeMutablePointer<dirent>! { fatalError("stand-in") }
@discardableResult public func closedir(_: UnsafeMutablePointer<DIR>!) -> Int32 { fatalError("stand-in") }

// <poll.h>
public struct pollfd {
  public var fd: Int32
  public var events: Int16
  public var revents: Int16
  public init(fd: Int32, events: Int16, revents: Int16) {
    self.fd = fd
    self.events = events
    self.revents = revents
  }
}
public var POLLIN: Int32 { 0x0001 }
@discardableResult public func poll(_: UnsafeMutablePointer<pollfd>!, _: nfds_t, _: Int32) -> Int32 {
  fatalError("stand-in")
}

// <sys/mount.h>: `f_fstypename` is `char[MFSTYPENAMELEN]`, 16.
public struct statfs {
  public var f_fstypename: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar) = (0, 0, 0, 0, 0, 0, 0, 0)
  public init() {}
}
@discardableResult public func fstatfs(_: Int32, _: UnsafeMutablePointer<statfs>!) -> Int32 {
  fatalError("stand-in")
}

// <sys/resource.h>
public struct rlimit {
  public var rlim_cur: rlim_t = 0
  public var rlim_max: rlim_t = 0
  public init() {}
}
public var RLIMIT_NOFILE: Int32 { 8 }
@discardableResult public func getrlimit(_: Int32, _: UnsafeMutablePointer<rlimit>!) -> Int32 {
  fatalError("stand-in")
}
@discardableResult public func setrlimit(_: Int32, _: UnsafePointer<rlimit>!) -> Int32 {
  fatalError("stand-in")
}
