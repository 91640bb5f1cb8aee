import FioriCompat
import Foundation
import HierarchyWeb
import TerminalUI

// seed-example            the overview document's controller in the terminal
// seed-example web [PORT] the same controller in the browser, one per browser tab

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first ?? "terminal" {
    case "terminal":
        let signal = try await TerminalBrowser.run(MyController(), options: .init(title: "Seed example"))
        if let signal { exit(128 + signal) }
    case "web":
        let port = arguments.count > 1 ? Int(arguments[1]) : 8080
        guard let port, (0...65_535).contains(port) else {
            FileHandle.standardError.write(Data("seed-example: the port must be a number from 0 to 65535\n".utf8))
            exit(64)
        }
        try await HierarchyWebServer(host: "127.0.0.1", port: port, makeController: { MyController() }).run()
    default:
        FileHandle.standardError.write(Data("usage: seed-example [terminal | web [PORT]]\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("seed-example: \(error)\n".utf8))
    exit(69)
}
