import Foundation
import HierarchySources
import NIOCore
import NIOPosix
import PostgresNIO

/// Maps PostgresNIO and network errors to `HierarchySourceError`, one readable line each.
///
/// Codes (the CLI turns them into sysexits): a refused connection, an unknown host, a server that
/// went away, a missing database, table or column are `.unsupported` (69) naming the address or
/// the name; a wrong password or a refused role is `.permissionDenied` (77); a statement timeout
/// or cancellation is `.io` (74); bad data is `.malformed` (65).
enum PostgresErrors {
    static func map(_ error: any Error, url: PostgresStoreURL) -> HierarchySourceError {
        if let error = error as? HierarchySourceError { return error }
        if let error = error as? PostgresTransactionError,
            let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
        {
            return map(inner, url: url)
        }
        let address = url.address
        if let error = error as? PSQLError {
            if let sqlState = error.serverInfo?[.sqlState] {
                let message = error.serverInfo?[.message] ?? "server error \(sqlState)"
                switch sqlState {
                case "28P01", "28000":
                    return HierarchySourceError(.permissionDenied, "\(url): \(message)", cause: SendableError(error))
                case "42501":
                    return HierarchySourceError(.permissionDenied, "\(url): \(message)", cause: SendableError(error))
                case "3D000":
                    return HierarchySourceError(.unsupported, "\(url): \(message)", cause: SendableError(error))
                case "42P01", "42703":
                    return HierarchySourceError(.unsupported, "\(url): \(message)", cause: SendableError(error))
                case "57014":
                    return HierarchySourceError(
                        .io, "\(url): the query took too long and was cancelled (\(message))",
                        cause: SendableError(error))
                case "57P01", "57P02", "57P03":
                    return HierarchySourceError(
                        .unsupported, "\(address): the server is not available (\(message))",
                        cause: SendableError(error))
                case "23505":
                    let detail = error.serverInfo?[.detail].map { " (\($0))" } ?? ""
                    return HierarchySourceError(
                        .duplicateID, "\(url): an item with this id exists\(detail)", cause: SendableError(error))
                case let state where state.hasPrefix("22") || state.hasPrefix("23"):
                    return HierarchySourceError(.malformed, "\(url): \(message)", cause: SendableError(error))
                default:
                    return HierarchySourceError(.io, "\(url): \(message)", cause: SendableError(error))
                }
            }
            switch error.code {
            case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
                let reason = error.underlying.map(describe) ?? "the connection was closed"
                return HierarchySourceError(
                    .unsupported, "cannot reach the server at \(address): \(reason)", cause: SendableError(error))
            case .authMechanismRequiresPassword:
                return HierarchySourceError(
                    .permissionDenied, "\(url): the server asks for a password (set PGPASSWORD or ~/.pgpass)",
                    cause: SendableError(error))
            case .queryCancelled:
                return HierarchySourceError(.io, "\(url): the query was cancelled", cause: SendableError(error))
            default:
                return HierarchySourceError(.io, "\(url): \(error.code)", cause: SendableError(error))
            }
        }
        if error is CancellationError {
            return HierarchySourceError(.io, "cancelled")
        }
        if error is IOError || error is NIOConnectionError || error is ChannelError {
            return HierarchySourceError(
                .unsupported, "cannot reach the server at \(address): \(describe(error))", cause: SendableError(error))
        }
        return HierarchySourceError(.io, "\(url): \(error)", cause: SendableError(error))
    }

    /// A short reason for a network error ("connection refused", "unknown host").
    static func describe(_ error: any Error) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode)).lowercased()
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return "unknown host"
            }
            if let first = error.connectionErrors.first { return describe(first.error) }
            return "cannot connect"
        }
        let text = String(describing: error)
        if text.contains("NXDOMAIN") || text.lowercased().contains("name") && text.lowercased().contains("resol") {
            return "unknown host"
        }
        return text
    }
}

/// Wraps a non-`Sendable`-checked error as the cause of a `HierarchySourceError`.
struct SendableError: Error, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: the wrapped errors (PSQLError, NIO errors) are immutable once thrown.
    let error: any Error
    init(_ error: any Error) { self.error = error }
    var description: String { String(describing: error) }
}
