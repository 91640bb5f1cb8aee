import Foundation
import HierarchySources

/// A `postgres://` address of a HierarchyKit store, with the password resolved.
///
/// Accepted forms (libpq's URI syntax, the parts this program uses):
///
///     postgres://USER@HOST:PORT/DB
///     postgresql://USER:PASSWORD@HOST/DB          (works, with a warning: prefer PGPASSWORD)
///     postgres://USER@/DB?host=/run/postgresql&port=5433   (a Unix socket directory)
///
/// Without a password in the URL, `PGPASSWORD` is used, then `~/.pgpass` (or `PGPASSFILE`),
/// whose lines are `host:port:database:user:password` with `*` as a wildcard.
///
/// A password inside the address (`USER:PASSWORD@` or `?password=`) is accepted, as libpq
/// accepts it, with a one-line warning on standard error: every user of the machine sees a
/// program's arguments (`ps`), so the password should come from `PGPASSWORD` or `~/.pgpass`.
public struct PostgresStoreURL: Sendable, Equatable, CustomStringConvertible {
    /// How the server is reached.
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// The socket file (`DIR/.s.PGSQL.PORT`).
        case socket(path: String, directory: String, port: Int)
    }

    public var endpoint: Endpoint
    public var user: String
    public var password: String?
    public var database: String

    /// Whether `text` is meant as a PostgreSQL address (it starts with `postgres://` or `postgresql://`).
    public static func isPostgresURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// The warning for a password inside an address (it never shows the password).
    public static let passwordWarning =
        "warning: the postgres:// address holds a password, which every user of this machine can see in the process list (ps); pass it in PGPASSWORD or ~/.pgpass instead"

    /// Writes `hierarchy: WARNING` on standard error (the default of `init`'s `warn`).
    @Sendable
    public static func printWarning(_ warning: String) {
        FileHandle.standardError.write(Data("hierarchy: \(warning)\n".utf8))
    }

    /// Parses `text` and resolves the password.
    ///
    /// - Parameters:
    ///   - text: The address.
    ///   - environment: Where `PGPASSWORD`, `PGPASSFILE`, `PGUSER` and `HOME` are read.
    ///   - warn: Called with `passwordWarning` when the address holds a password.
    /// - Throws: `PostgresURLError` naming what is wrong (the password is never repeated).
    public init(
        _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        warn: (String) -> Void = PostgresStoreURL.printWarning
    ) throws {
        guard Self.isPostgresURL(text), let components = URLComponents(string: text) else {
            throw Self.malformed(text, "not a postgres://USER@HOST:PORT/DATABASE address")
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        for name in query.keys where !["host", "port", "user", "password", "dbname"].contains(name) {
            throw Self.malformed(text, "unknown parameter \"\(name)\"")
        }
        var port = 5432
        if let value = query["port"] ?? components.port.map(String.init) {
            guard let number = Int(value), (1...65535).contains(number) else {
                throw Self.malformed(text, "the port must be a number from 1 to 65535")
            }
            port = number
        }
        let host = (query["host"] ?? components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? "")
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = query["dbname"] ?? path
        guard !database.isEmpty, !database.contains("/") else {
            throw Self.malformed(text, "name the database after the host: postgres://USER@HOST/DATABASE")
        }
        guard let user = query["user"] ?? components.user ?? environment["PGUSER"], !user.isEmpty else {
            throw Self.malformed(text, "name the user: postgres://USER@HOST/DATABASE")
        }
        self.user = user
        if host.hasPrefix("/") {
            endpoint = .socket(path: host + "/.s.PGSQL.\(port)", directory: host, port: port)
        } else if host.isEmpty {
            endpoint = .socket(
                path: "/var/run/postgresql/.s.PGSQL.\(port)", directory: "/var/run/postgresql", port: port)
        } else {
            endpoint = .tcp(host: host, port: port)
        }
        if query["password"] != nil || components.password != nil { warn(Self.passwordWarning) }
        password = query["password"] ?? components.password ?? environment["PGPASSWORD"]
        if password == nil {
            password = Self.passwordFromFile(
                environment: environment, endpoint: endpoint, database: database, user: user)
        }
    }

    /// The address without the password, for messages: `USER@HOST:PORT/DB`.
    public var description: String {
        "\(user)@\(address)/\(database)"
    }

    /// Where the connection goes: `HOST:PORT` or the socket file.
    public var address: String {
        switch endpoint {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .socket(let path, _, _): path
        }
    }

    private static func malformed(_ text: String, _ reason: String) -> PostgresURLError {
        // Never echo a password back.
        var shown = text
        if let components = URLComponents(string: text), components.password != nil {
            var copy = components
            copy.password = "***"
            shown = copy.string ?? "postgres://…"
        }
        return PostgresURLError("\(reason): \(shown)")
    }

    /// The password of the first matching `~/.pgpass` line, as libpq reads it.
    static func passwordFromFile(environment: [String: String], endpoint: Endpoint, database: String, user: String)
        -> String?
    {
        let file = environment["PGPASSFILE"] ?? environment["HOME"].map { $0 + "/.pgpass" }
        guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        let (host, port): (String, Int) =
            switch endpoint {
            case .tcp(let host, let port): (host, port)
            case .socket(_, _, let port): ("localhost", port)
            }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = splitPgpass(String(line))
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// Splits a `.pgpass` line at unescaped colons (`\:` and `\\` are escapes).
    static func splitPgpass(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
