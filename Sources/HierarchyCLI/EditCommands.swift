import ArgumentParser
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
import TerminalUI

/// Opens a store that can be changed: an SQLite store file or a `postgres://` address.
enum EditableStore {
    static func open(_ store: String) async throws -> any HierarchyEditableSource {
        do {
            if PostgresStoreURL.isPostgresURL(store) {
                return try await PostgresSource.open(try PostgresStoreURL(store))
            }
            guard FileManager.default.fileExists(atPath: store) else {
                throw HierarchySourceError(.notFound, "no such store", path: store)
            }
            guard access(store, R_OK | W_OK) == 0 else {
                throw HierarchySourceError(
                    .permissionDenied, "permission denied (the store must be readable and writable)", path: store)
            }
            guard SourceResolver.isSQLiteDatabase(store) else {
                throw HierarchySourceError(
                    .unsupported, "only SQLite stores and postgres:// databases can be changed", path: store)
            }
            let source = try SQLiteSource(path: store)
            // An edit touches a few pages only: a store damaged elsewhere is refused before it is changed.
            try await source.checkIntegrity()
            return source
        } catch {
            throw CommandLineError.report(error)
        }
    }

    /// Runs `body` on the opened store, reporting errors as one line with their exit code.
    static func edit(_ store: String, _ body: (any HierarchyEditableSource) async throws -> Void) async throws {
        let source = try await open(store)
        do {
            try await body(source)
            await (source as? PostgresSource)?.close()
        } catch let error as ExitCode {
            await (source as? PostgresSource)?.close()
            throw error
        } catch {
            await (source as? PostgresSource)?.close()
            throw CommandLineError.report(error)
        }
    }
}

/// `hierarchy add STORE --parent ID --title TEXT [--id ID] [--position N]`.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an item to an SQLite or PostgreSQL store; open views show it at once.")

    @Argument(help: "An SQLite store or a postgres://USER@HOST:PORT/DATABASE address.")
    var store: String
    @Option(help: "The id of the new item's parent.")
    var parent: String
    @Option(help: "The new item's title.")
    var title: String
    @Option(help: "The new item's id (default: one the store makes).")
    var id: String?
    @Option(help: "Its position among the parent's children, from 0 (default: last).")
    var position: Int?

    func validate() throws {
        if let position, position < 0 { throw ValidationError("--position must not be negative") }
        if title.isEmpty { throw ValidationError("--title must not be empty") }
        if let id, id.isEmpty { throw ValidationError("--id must not be empty") }
    }

    func run() async throws {
        try await EditableStore.edit(store) { source in
            let node = try await source.addItem(parentID: parent, title: title, id: id, position: position)
            print("added \(TerminalText.sanitize(node.id))")
        }
    }
}

/// `hierarchy rename STORE ID TEXT`.
struct RenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Change an item's title.")

    @Argument(help: "An SQLite store or a postgres:// address.")
    var store: String
    @Argument(help: "The item's id.")
    var id: String
    @Argument(help: "The new title.")
    var title: String

    func validate() throws {
        if title.isEmpty { throw ValidationError("the title must not be empty") }
    }

    func run() async throws {
        try await EditableStore.edit(store) { source in
            try await source.renameItem(id: id, title: title)
        }
    }
}

/// `hierarchy move STORE ID --parent ID [--position N]`.
struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move an item (with everything under it) to another parent.")

    @Argument(help: "An SQLite store or a postgres:// address.")
    var store: String
    @Argument(help: "The item's id.")
    var id: String
    @Option(help: "The id of the new parent.")
    var parent: String
    @Option(help: "Its position among the new parent's children, from 0 (default: last).")
    var position: Int?

    func validate() throws {
        if let position, position < 0 { throw ValidationError("--position must not be negative") }
    }

    func run() async throws {
        try await EditableStore.edit(store) { source in
            try await source.moveItem(id: id, toParentID: parent, position: position)
        }
    }
}

/// `hierarchy delete STORE ID [--yes]`.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an item and everything under it (asks first unless --yes).")

    @Argument(help: "An SQLite store or a postgres:// address.")
    var store: String
    @Argument(help: "The item's id.")
    var id: String
    @Flag(name: [.short, .long], help: "Do not ask.")
    var yes = false

    func run() async throws {
        try await EditableStore.edit(store) { source in
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    CommandLineError.printError("refusing to delete without a terminal to ask on; pass --yes")
                    throw ExitCode(64)
                }
                guard let node = try await source.node(withID: id) else {
                    throw HierarchySourceError(.notFound, "no item with id \"\(id)\"")
                }
                let count = try await source.childCount(ofID: id)
                let question =
                    "Delete \"\(TerminalText.sanitize(node.title))\"" + (count > 0 ? " and everything under it" : "")
                    + "? [y/N] "
                FileHandle.standardError.write(Data(question.utf8))
                let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    CommandLineError.printError("not deleted")
                    throw ExitCode(1)
                }
            }
            let deleted = try await source.deleteItem(id: id)
            print("deleted \(deleted) item\(deleted == 1 ? "" : "s")")
        }
    }
}
