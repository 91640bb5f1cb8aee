import HierarchySources

/// The sorted names of one directory, as read once with `readdir`.
///
/// No entry is stat'ed to build it (except on file systems that do not report
/// entry types, where each entry is `lstat`ed once to tell folders apart).
/// Names stay bytes until they are shown: an entry costs its name's bytes plus 4.
struct DirectoryListing: Sendable {
    /// The names in display order (see ``FileNameOrder``: folders first, by `readdir`'s
    /// entry types; symbolic links are not followed, so they sort among files).
    var names: NameTable
    /// The device and inode of the directory itself, to detect loops.
    var identity: FileIdentity
    /// Whether the directory is one of its own ancestors (reached through a
    /// symbolic link); such a listing is empty.
    var isLoop: Bool = false

    /// The number of entries.
    var count: Int { names.count }

    /// An empty listing (a file, or a folder that loops).
    static func empty(identity: FileIdentity, isLoop: Bool = false) -> DirectoryListing {
        DirectoryListing(names: NameTable(), identity: identity, isLoop: isLoop)
    }
}
