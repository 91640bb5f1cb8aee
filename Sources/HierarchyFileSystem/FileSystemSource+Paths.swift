import Foundation
import HierarchySources

extension FileSystemSource {
    /// The identifier of a path inside the root.
    ///
    /// - Parameter subpath: A path relative to the root, or an absolute path inside it.
    ///   `.` and `..` components are resolved lexically (symbolic links are not resolved).
    /// - Returns: The identifier (``rootID`` for the root itself).
    /// - Throws: ``HierarchySourceError/Code/notFound`` when the path leads outside the root.
    public func id(forSubpath subpath: String) throws -> String {
        try Self.id(forSubpath: subpath, rootPath: rootPath)
    }

    static func id(forSubpath subpath: String, rootPath: String) throws -> String {
        var relative = subpath
        if subpath.hasPrefix("/") {
            let path = absolute(subpath)
            if path == rootPath { return rootID }
            let prefix = rootPath == "/" ? "/" : rootPath + "/"
            guard path.hasPrefix(prefix) else {
                throw HierarchySourceError(.notFound, "\(subpath) is outside \(rootPath)", path: subpath)
            }
            relative = String(path.dropFirst(prefix.count))
        }
        var parts: [Substring] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard parts.popLast() != nil else {
                    throw HierarchySourceError(.notFound, "\(subpath) is outside \(rootPath)", path: subpath)
                }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? rootID : parts.joined(separator: "/")
    }

    /// The absolute path of an identifier (a name that is not UTF-8 stays encoded as in the
    /// identifier; ``systemPath(ofID:)`` gives the bytes).
    package func path(of id: String) -> String {
        if id == Self.rootID { return rootPath }
        return rootPath == "/" ? "/" + id : rootPath + "/" + id
    }

    /// The absolute path of an identifier as the NUL-terminated bytes the system calls take,
    /// with every name that is not UTF-8 given back its own bytes.
    public func systemPath(ofID id: String) -> [CChar] {
        FileNameCoding.systemPath(path(of: id))
    }

    /// A path as the NUL-terminated bytes the system calls take (see ``systemPath(ofID:)``).
    public static func systemPath(_ path: String) -> [CChar] {
        FileNameCoding.systemPath(path)
    }

    /// An identifier in canonical form, or `nil` if it is malformed (empty components, `.` or `..`).
    static func normalizedID(_ id: String) -> String? {
        if id == rootID || id.isEmpty { return rootID }
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || part == "." || part == ".." { return nil }
        return id
    }

    /// The identifier of the folder holding an entry, `nil` for the root.
    static func parentID(of id: String) -> String? {
        guard id != rootID else { return nil }
        guard let slash = id.lastIndex(of: "/") else { return rootID }
        return String(id[..<slash])
    }

    /// The identifier of an entry in a folder.
    static func childID(of id: String, name: String) -> String {
        id == rootID ? name : id + "/" + name
    }

    /// The last component of an identifier.
    static func name(of id: String) -> String {
        guard let slash = id.lastIndex(of: "/") else { return id }
        return String(id[id.index(after: slash)...])
    }

    /// The root's title: its last path component, or "/".
    static func rootTitle(_ rootPath: String) -> String {
        rootPath == "/" ? "/" : name(of: rootPath)
    }

    /// An absolute path with `.`, `..` and repeated slashes resolved lexically.
    static func absolute(_ path: String) -> String {
        var full = path
        if !full.hasPrefix("/") {
            full = FileManager.default.currentDirectoryPath + "/" + full
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
