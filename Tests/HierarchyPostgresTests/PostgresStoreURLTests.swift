import Foundation
import HierarchyPostgres
import Testing

@Suite struct PostgresStoreURLTests {
    @Test func tcpAddress() throws {
        let url = try PostgresStoreURL("postgres://ann@db.example:6543/plant", environment: [:])
        #expect(url.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(url.user == "ann")
        #expect(url.database == "plant")
        #expect(url.password == nil)
        #expect(url.description == "ann@db.example:6543/plant")
    }

    @Test func defaultPortAndPasswordFromEnvironment() throws {
        let url = try PostgresStoreURL("postgresql://ann@localhost/plant", environment: ["PGPASSWORD": "s3cret"])
        #expect(url.endpoint == .tcp(host: "localhost", port: 5432))
        #expect(url.password == "s3cret")
        #expect(!url.description.contains("s3cret"))
    }

    @Test func unixSocketDirectory() throws {
        let url = try PostgresStoreURL("postgres://ann@/plant?host=/tmp/sock&port=5999", environment: [:])
        #expect(url.endpoint == .socket(path: "/tmp/sock/.s.PGSQL.5999", directory: "/tmp/sock", port: 5999))
    }

    @Test func passwordFromPgpass() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(".pgpass")
        try Data("# comment\nother:5432:*:ann:wrong\ndb.example:*:plant:ann:pa\\:ss\n".utf8).write(to: file)
        let url = try PostgresStoreURL("postgres://ann@db.example/plant", environment: ["HOME": directory.path])
        #expect(url.password == "pa:ss")
        let other = try PostgresStoreURL("postgres://bob@db.example/plant", environment: ["HOME": directory.path])
        #expect(other.password == nil)
    }

    @Test(arguments: [
        "postgres://", "postgres://ann@host", "postgres://ann@host/", "postgres://host/db?user=",
        "postgres://ann@host:0/db", "postgres://ann@host/db?sslmode=require", "postgres://ann@host/db?port=x",
        "http://ann@host/db",
    ])
    func malformedAddressesAreRefused(_ text: String) {
        #expect(throws: PostgresURLError.self) { try PostgresStoreURL(text, environment: [:]) }
    }

    @Test func messagesNeverRepeatThePassword() {
        do {
            _ = try PostgresStoreURL("postgres://ann:topsecret@host/", environment: [:])
            Issue.record("expected an error")
        } catch {
            #expect(!String(describing: error).contains("topsecret"))
        }
    }
}
