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
    #if canImport(Glibc)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
      // <malloc.h>: M_TRIM_THRESHOLD is -1, M_MMAP_THRESHOLD is -3. 32 MB is the largest
      // threshold glibc accepts on 64-bit; memory is given back above 512 MB of free heap.
      _ = mallopt(-3, 32 << 20)
      _ = mallopt(-1, 512 << 20)
    #endif
  }
}
