import Foundation
import HierarchyFileSystem
import HierarchySources
import Testing

/// Which mount holds a path, read from a mountinfo table, decides whether a folder is browsed
/// under a supervisor.
@Suite struct MountKindTests {
    static let table = """
        27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
        40 27 0:45 / /mnt/remote rw,nosuid - nfs4 server:/export rw
        41 40 0:46 / /mnt/remote/local\\040disk rw - xfs /dev/vdb rw
        42 27 0:47 / /home/me/sshfs rw,nosuid,nodev shared:5 - fuse.sshfs me@host: rw
        43 27 0:48 / /tmp rw - tmpfs tmpfs rw
        44 43 0:49 / /tmp rw - fuse.hang hang rw
        """

    @Test(arguments: [
        ("/", "ext4"), ("/usr/share", "ext4"), ("/mnt/remote", "nfs4"), ("/mnt/remote/a/b", "nfs4"),
        ("/mnt/remote/local disk/x", "xfs"), ("/mnt/remote/local", "nfs4"), ("/home/me/sshfs/x", "fuse.sshfs"),
        ("/home/me/sshfsx", "ext4"), ("/tmp/x", "fuse.hang"),
    ])
    func theLongestMountPointHoldingThePath(path: String, type: String) {
        #expect(MountKind.fileSystemType(of: path, mountinfo: Self.table) == type)
    }

    @Test func networkAndFUSEMayHangLocalDisksDoNot() throws {
        #expect(!MountKind.local.contains("nfs4"))
        #expect(!MountKind.local.contains("fuse.sshfs"))
        #expect(!MountKind.local.contains("cifs"))
        // This machine's own root and temporary folder are on local file systems (or unknown ones,
        // then careful): whatever mountinfo says, the answer agrees with the table.
        let table = try String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)
        for path in ["/", NSTemporaryDirectory()] {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let type = try #require(MountKind.fileSystemType(of: resolved, mountinfo: table))
            #expect(MountKind.mayHang(path) == !MountKind.local.contains(type))
        }
    }
}
