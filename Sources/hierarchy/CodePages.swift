import CCodePages

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The program's code pages, mapped as they are used.
///
/// The kernel maps the 64 kB around each code page a process first touches ("fault-around").
/// The program's code is spread thinly over its 31 MB: browsing a folder touches about 180
/// pages that fall in 180 different 64 kB windows, so 11 MB of code was resident for 0.7 MB
/// used. ``mapOnDemand()`` turns fault-around off for the process's read-only file mappings
/// (``c_code_pages_on_demand()``: Linux 6.7 or later; elsewhere nothing changes) and unmaps the
/// code touched while starting, so a page is resident only once it runs. The pages stay in the
/// page cache, so a page mapped again costs a minor fault, not a read.
///
/// `HIERARCHY_FAULT_AROUND=1` in the environment keeps the kernel's default, to compare.
enum CodePages {
    /// Turns fault-around off for the process; call it first in `main`.
    static func mapOnDemand() {
        guard getenv("HIERARCHY_FAULT_AROUND") == nil else { return }
        _ = c_code_pages_on_demand()
    }
}
