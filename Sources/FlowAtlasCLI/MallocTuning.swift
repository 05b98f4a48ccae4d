#if canImport(Glibc)
  import Glibc
#endif

/// Keeps large buffers in glibc's heap for reuse instead of a fresh `mmap` per allocation.
///
/// A full build makes a few megabytes of buffers per page (steps, diagram, document) and frees
/// them; a render worker grows an SVG buffer per diagram. glibc serves blocks over 128 KB with
/// fresh mappings, so each page faulted in (and the kernel zeroed) its buffers anew: about half a
/// second of system time on the large synthetic site. `mallopt` is not in Swift's Glibc module,
/// so it is looked up by name; elsewhere (or if it is missing) nothing changes.
enum MallocTuning {
  static func keepLargeBuffersInTheHeap() {
    // <malloc.h>: M_TRIM_THRESHOLD is -1, M_MMAP_THRESHOLD is -3. 32 MB is the largest
    // threshold glibc accepts on 64-bit; memory is given back above 512 MB of free heap.
    mallopt(-3, 32 << 20)
    mallopt(-1, 512 << 20)
  }

  /// One heap for every thread of a build (`flowatlas build`, and so the live preview's builds),
  /// set before any thread starts. glibc gives each thread that meets a busy heap one of its own,
  /// and each keeps what its thread freed (as ``keepLargeBuffersInTheHeap()`` asks): a 1M-event
  /// build's peak was 76.0 MiB with four, 68.9 MiB with one, in the same time; a small build took
  /// 1.05× (`farm-bench`; BENCHMARKS.md, "Where a build's memory goes").
  static func oneHeapForAllThreads() {
    // <malloc.h>: M_ARENA_MAX is -8.
    mallopt(-8, 1)
  }

  private static func mallopt(_ parameter: Int32, _ value: Int32) {
    #if canImport(Glibc)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: Mallopt.self)(parameter, value)
    #endif
  }
}
