import Foundation
import HierarchySources

/// Whether a path lies on a file system whose requests can hang without end: a network or
/// FUSE mount, or one this program does not know. Only those are browsed under a supervisor
/// (the `hierarchy` program's supervisor); a local disk is browsed in one process.
///
/// The file system is the type of the mount that holds the path, read from
/// `/proc/self/mountinfo` (the longest mount point that contains the resolved path).
public enum MountKind {
    /// File systems served by the local kernel, by their names in mountinfo.
    public static let local: Set<String> = [
        "ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "devtmpfs", "ramfs", "overlay", "zfs", "f2fs",
        "bcachefs", "reiserfs", "jfs", "vfat", "msdos", "exfat", "ntfs3", "hfsplus", "iso9660", "udf",
        "squashfs", "erofs", "proc", "sysfs", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs",
        "devpts", "mqueue", "hugetlbfs", "bpf", "nsfs", "pstore", "configfs", "binfmt_misc", "autofs",
    ]

    /// Whether reading `path` can block without end: its file system is not a local one, or
    /// the mount cannot be found (then the careful answer, yes).
    public static func mayHang(_ path: String) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8),
            let type = fileSystemType(of: URL(fileURLWithPath: path).resolvingSymlinksInPath().path, mountinfo: table)
        else { return true }
        return !local.contains(type)
    }

    /// The type of the mount of `path` (an absolute, resolved path) in a mountinfo table.
    public static func fileSystemType(of path: String, mountinfo: String) -> String? {
        var best: (point: String, type: String)?
        for line in mountinfo.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 6, let dash = fields[6...].firstIndex(of: "-"), dash + 1 < fields.count else {
                continue
            }
            let point = unescape(fields[4])
            let contains = point == "/" || path == point || path.hasPrefix(point + "/")
            // Later lines are mounted on top of earlier ones at the same point.
            if contains, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[dash + 1])) }
        }
        return best?.type
    }

    /// A mount point as the kernel writes it, with space, tab, newline and backslash as octal escapes.
    static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        var rest = Array(field.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "\\"), rest.count >= 3,
                let value = UInt8(String(decoding: rest.prefix(3), as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
