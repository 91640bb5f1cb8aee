import Foundation
import GRDB
import HierarchySources

/// How every reader of this module opens a database it must never write: read-only, waiting at
/// most 2 s for a writer's lock, after telling a missing or unreadable file apart (SQLite says
/// only "cannot open the database file"; the exit code needs the cause).
enum ReadOnlyDatabase {
    /// The connection settings of a reader labelled `label`.
    static func configuration(label: String) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = label
        configuration.busyMode = .timeout(2)
        return configuration
    }

    /// Throws `.notFound` for a missing file and `.permissionDenied` for an unreadable one.
    static func checkReadable(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw HierarchySourceError(.notFound, "no such database file", path: path)
        }
        guard access(path, R_OK) == 0 else {
            throw HierarchySourceError(.permissionDenied, "permission denied", path: path)
        }
    }
}
