/// The sorted names of one directory, as read once with `readdir`.
///
/// No entry is stat'ed to build it (except on file systems that do not report
/// entry types, where each entry is `lstat`ed once to tell folders apart).
struct DirectoryListing: Sendable {
    /// The names in display order (see ``FileNameOrder``).
    var names: [String]
    /// Whether each name (same index) is a folder according to `readdir`.
    /// Symbolic links are not followed here, so they sort among files.
    var isFolder: [Bool]
    /// The device and inode of the directory itself, to detect loops.
    var identity: FileIdentity
    /// Whether the directory is one of its own ancestors (reached through a
    /// symbolic link); such a listing is empty.
    var isLoop: Bool = false

    /// The position of a name in ``names``.
    ///
    /// - Complexity: O(n) for n names (a scan; built on demand only for `index(ofChildID:inParentID:)`).
    func position(of name: String) -> Int? {
        names.firstIndex(of: name)
    }
}

/// The device and inode of a file: equal identities are the same file.
struct FileIdentity: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
}
