import HierarchySources

/// The device and inode of a file: equal identities are the same file.
struct FileIdentity: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
}
