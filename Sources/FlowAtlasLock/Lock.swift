#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a mutual-exclusion lock: FlowAtlas's one door to locking.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15, and apps that record their navigation
/// still support iOS 16. A POSIX mutex exists on every platform FlowAtlas builds for (Linux,
/// iOS 16, macOS 14) and behaves the same on each, so the code that runs in the tests here is
/// the code that runs in an app. The mutex lives on the heap: POSIX forbids moving one.
///
/// The API is `Mutex`'s: `withLock` hands the body the value `inout`, and a value crosses
/// in and out only as `sending`, so the compiler still proves that no unguarded reference
/// escapes. Uncontended, a lock and unlock cost a few tens of nanoseconds
/// (`flowatlas-bench recording` guards the recording path's budget).
///
/// The class is `public` with `package` members only, so nothing here becomes API: Swift 6.3
/// inlines an `@inlinable package` member into another module only when its type is public
/// (as with `ByteWord`), and an unspecialized `withLock` cost the recording path about 150 ns
/// per event (`flowatlas-bench recording`).
public final class Lock<Value: ~Copyable>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Unchecked for exclusivity at run time: the mutex is what makes each access exclusive, and
  /// a dynamic check (which `Mutex`'s value never had) cost every recorded event about 80
  /// instructions (callgrind on `flowatlas-bench recording`).
  @exclusivity(unchecked) @usableFromInline var value: Value

  /// A lock guarding `initialValue`.
  package init(_ initialValue: consuming sending Value) {
    value = initialValue
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    // A default (non-recursive) mutex: initialization fails only without memory.
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the guarded value, holding the lock.
  /// - Parameter body: Reads or changes the value; it must not take this lock again.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, after the lock is released.
  @inlinable
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

extension Lock where Value == Int {
  /// Adds one to the count and returns the count before: the next ticket of work that
  /// several threads take from one queue.
  @inlinable
  package func fetchAndIncrement() -> Int {
    withLock { count in
      defer { count += 1 }
      return count
    }
  }
}
