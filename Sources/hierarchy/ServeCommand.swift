import ArgumentParser
import Foundation
import HierarchyKit
import HierarchyWeb

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the hierarchy as a web page (Miller columns in the browser).",
        discussion: """
            Listens on 127.0.0.1 unless --host says otherwise and prints the address. Each browser tab \
            gets its own session; the page draws what the server's engine decides. Stop with Ctrl-C.
            """
    )

    @OptionGroup var source: SourceOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(help: "The address to bind. Anything but a loopback address exposes the hierarchy to the network.")
    var host: String = "127.0.0.1"

    @Flag(name: .customLong("rtl"), help: "Lay the columns out right to left (the page's ?rtl=1 does the same).")
    var rightToLeft = false

    @Option(help: "light, dark, or a stylesheet (.nss) file for the page's colours, as for browse (default: hierarchy/theme.nss in the XDG config directories, if there is one).")
    var theme: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard !host.isEmpty, host.count <= 255 else { throw ValidationError("--host must be an address") }
    }

    func run() async throws {
        let loadedTheme = try FaceOptions.loadTheme(argument: theme, environment: ProcessInfo.processInfo.environment)
        let resolved: SourceResolver.Resolved
        do {
            resolved = try await SourceResolver.resolve(
                path: source.path, start: source.start, shape: source.shape, table: source.table.mapping)
        } catch {
            throw CommandLineError.report(error)
        }
        let server: HierarchyWebServer
        do {
            var configuration = HierarchyWebServer.Configuration(host: host, port: port, rightToLeft: rightToLeft)
            configuration.theme = loadedTheme
            server = try HierarchyWebServer(
                source: resolved.source, sourceName: resolved.name, startID: resolved.startID,
                configuration: configuration)
        } catch {
            throw CommandLineError.report(error)
        }
        do {
            try await server.run { address in
                FileHandle.standardOutput.write(Data("Serving \(resolved.name) at \(address)\n".utf8))
            }
        } catch {
            CommandLineError.printError("cannot serve on \(host):\(port): \(error)")
            throw ExitCode(69)
        }
    }
}
