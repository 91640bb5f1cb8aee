import Foundation
import GRDB
import HierarchyDocuments
import HierarchySources

/// Maps SQLite and file errors to one-line `HierarchySourceError`s.
enum SQLiteErrors {
    /// Turns any error raised while working on `path` into a `HierarchySourceError`.
    ///
    /// - Parameters:
    ///   - error: The error thrown by GRDB, Foundation or this module.
    ///   - path: The database or input file the error is about.
    /// - Returns: The error itself if it already is a `HierarchySourceError` or an
    ///   import failure, otherwise a translated one.
    static func map(_ error: any Error, path: String) -> any Error {
        if error is HierarchySourceError || error is SQLiteImportError || error is CancellationError
            || error is DocumentReadError
        {
            return error
        }
        if let error = error as? DatabaseError {
            let (code, message) = describe(error)
            return HierarchySourceError(code, message, path: path, cause: error)
        }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError:
                return HierarchySourceError(.notFound, "no such file", path: path)
            case NSFileWriteNoPermissionError, NSFileReadNoPermissionError:
                return HierarchySourceError(.permissionDenied, "permission denied", path: path)
            case NSFileWriteVolumeReadOnlyError:
                return HierarchySourceError(.permissionDenied, "read-only file system", path: path)
            default: break
            }
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return HierarchySourceError(.io, String(cString: strerror(Int32(nsError.code))), path: path)
        }
        return HierarchySourceError(.io, nsError.localizedDescription, path: path)
    }

    /// A code and a short message for an SQLite error.
    static func describe(_ error: DatabaseError) -> (HierarchySourceError.Code, String) {
        switch error.resultCode {
        case .SQLITE_NOTADB: return (.malformed, "file is not a database")
        case .SQLITE_CORRUPT: return (.malformed, "database is corrupted")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return (.io, "database is locked by another process")
        case .SQLITE_READONLY: return (.permissionDenied, "database or directory is read-only")
        case .SQLITE_PERM, .SQLITE_AUTH: return (.permissionDenied, "permission denied")
        case .SQLITE_CANTOPEN: return (.io, "cannot open the database file")
        case .SQLITE_FULL: return (.io, "disk is full")
        case .SQLITE_IOERR: return (.io, "input/output error")
        case .SQLITE_INTERRUPT: return (.io, "interrupted")
        default:
            let message = (error.message ?? "\(error.resultCode)").replacingOccurrences(of: "\n", with: " ")
            return (.io, "SQLite error: \(message)")
        }
    }
}
