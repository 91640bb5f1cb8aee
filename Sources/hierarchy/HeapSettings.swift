import Foundation

/// glibc's heap settings for the interactive faces, applied by the executable's start-up only
/// (never by the libraries, which must not tune the heap of the app that embeds them): large blocks (a folder's names, its sort
/// keys) come from `mmap` and go back to the system when freed, and free memory at the top
/// of the heap is returned above 128 kB instead of the default's dynamic threshold, which
/// grows to 32 MB once such a block was freed. Measured: 2 MB less resident on a folder of
/// 200,000 files (docs/performance.md).
enum HeapSettings {
    /// The threshold of both settings.
    static let threshold: Int32 = 128 * 1024

    /// Applies the settings (once, at start-up, before the first listing); does nothing where glibc's
    /// `mallopt` is not found.
    static func apply() {
        #if canImport(Glibc)
            // Looked up at run time: the Glibc module does not declare it (malloc.h).
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
            _ = mallopt(trimThreshold, threshold)
            _ = mallopt(mmapThreshold, threshold)
        #endif
    }
}
