import ArgumentParser
import Foundation
import HierarchyFileSystem
import HierarchyKit
import HierarchySources
import HierarchyWeb
import ListFloorplan
import TerminalUI

extension ListCommand {
    /// `list --web`: serves the list floorplan of the source, one per browser tab, until a
    /// signal stops the server (the exit status is then 128 + the signal's number).
    ///
    /// - Parameter theme: The page's colours, or nil for its own.
    /// - Throws: The exit code after a one-line message (66 for a missing source, 69 for an
    ///   address that cannot be listened on, 77 for a port the user may not bind).
    func serve(theme: Theme?) async throws {
        let resolved = try await source.resolveWhileReading()
        var listed = resolved.source
        // As `serve` does: a folder's symbolic links that lead out of it are listed, not opened.
        if let folder = listed as? FileSystemSource { listed = ContainedFileSystemSource(folder) }
        if let start = resolved.startID { listed = SubtreeSource(base: listed, rootID: start) }
        let walk = ListWalk(listed)
        let name = resolved.name
        let server: HierarchyWebServer
        do {
            let token = HierarchyWebServer.isLoopback(host) ? nil : HierarchyWebServer.makeAccessToken()
            var configuration = HierarchyWebServer.Configuration(host: host, port: port, accessToken: token)
            configuration.theme = theme
            configuration.checksResidentMemory = true
            server = try HierarchyWebServer(
                host: host, port: port, title: name, configuration: configuration,
                makeFloorplan: { ListScreen.hierarchy(loader: walk.loader, title: name) })
        } catch {
            throw CommandLineError.report(error)
        }
        try await server.serveFromCommandLine(announcing: "Serving the list of \(name)", host: host, port: port)
    }
}
