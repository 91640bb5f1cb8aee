import ArgumentParser
import Foundation
import HierarchyFileSystem
import HierarchyKit
import HierarchySources
import HierarchyWeb

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the hierarchy as a web page (Miller columns in the browser).",
        discussion: """
            Listens on 127.0.0.1 unless --host says otherwise and prints the address. Each browser tab \
            gets its own session; the page draws what the server's engine decides. On any address but \
            loopback the server wants an access token: the printed address carries it (?token=...), and \
            the page keeps it in a cookie. The page is read-only: only with --allow-edits does it add and \
            delete items of an SQLite or PostgreSQL store, and each change is then logged on standard error \
            (time, client address, action, ids). Stop with Ctrl-C (the exit status is then 128 + the signal's number).
            """
    )

    @OptionGroup var source: SourceOptions

    @Option(
        help:
            "columns (Miller columns), or linear-horizontal or linear-vertical: the path and the current level as a row or a column of cells."
    )
    var layout: ServeLayout = .columns

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(help: "The address to bind. Anything but a loopback address exposes the hierarchy to the network.")
    var host: String = "127.0.0.1"

    @Flag(name: .customLong("rtl"), help: "Lay the columns out right to left (the page's ?rtl=1 does the same).")
    var rightToLeft = false

    @Option(
        help:
            "light, dark, or a stylesheet (.nss) file for the page's colours, as for browse (default: hierarchy/theme.nss in the XDG config directories, if there is one)."
    )
    var theme: String?

    @Option(
        name: .customLong("memory-limit"),
        help: "Refuse new sessions (503) above this much resident memory, in MB; sessions are budgeted 1 MB each.")
    var memoryLimit: Int = 512

    @Flag(
        name: .customLong("allow-edits"),
        help:
            "Let the page add and delete items of an SQLite or PostgreSQL store (without it, serving is read-only and edit requests get 403); each change is logged on standard error."
    )
    var allowEdits = false

    @Flag(
        name: .customLong("follow-symlinks"),
        help: "Serving a folder, follow symbolic links that lead out of it (by default they are shown, not opened).")
    var followSymlinks = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard !host.isEmpty, host.count <= 255 else { throw ValidationError("--host must be an address") }
        guard (16...1_048_576).contains(memoryLimit) else {
            throw ValidationError("--memory-limit must be from 16 to 1048576 (MB)")
        }
    }

    func run() async throws {
        let loadedTheme = try FaceOptions.loadTheme(argument: theme, environment: ProcessInfo.processInfo.environment)
        // A large document is served as soon as its root is known; pages grow while it is read.
        let resolved = try await source.resolveWhileReading()
        var source = resolved.source
        if !followSymlinks, let folder = source as? FileSystemSource {
            source = ContainedFileSystemSource(folder)
        }
        let server: HierarchyWebServer
        do {
            let token = HierarchyWebServer.isLoopback(host) ? nil : HierarchyWebServer.makeAccessToken()
            var configuration = HierarchyWebServer.Configuration(
                host: host, port: port, rightToLeft: rightToLeft, memoryLimit: memoryLimit << 20, accessToken: token)
            configuration.theme = loadedTheme
            configuration.checksResidentMemory = true
            configuration.allowsEdits = allowEdits
            server =
                switch layout {
                case .columns:
                    try HierarchyWebServer(
                        source: source, sourceName: resolved.name, startID: resolved.startID,
                        configuration: configuration)
                case .linearHorizontal, .linearVertical:
                    try HierarchyWebServer(
                        linearSource: source, sourceName: resolved.name, startID: resolved.startID,
                        horizontal: layout == .linearHorizontal, configuration: configuration)
                }
        } catch {
            throw CommandLineError.report(error)
        }
        try await server.serveFromCommandLine(announcing: "Serving \(resolved.name)", host: host, port: port)
    }
}
