import FioriCompat
import Foundation
import HierarchyWeb
import TerminalUI

// seed-example [overview | list | linear | linear-vertical] [web [PORT]]
//
//   overview         the overview document's controller (the default)
//   list             the list floorplan document's setup
//   linear           the linear hierarchy document's usage sample, horizontal
//   linear-vertical  the same, vertical
//   web [PORT]       in the browser (one controller per browser tab) instead of the terminal

let usage = "usage: seed-example [overview | list | linear | linear-vertical] [web [PORT]]\n"
var arguments = Array(CommandLine.arguments.dropFirst())
var example = "overview"
if let first = arguments.first, ["overview", "list", "linear", "linear-vertical"].contains(first) {
    example = first
    arguments.removeFirst()
}
var port: Int?
switch arguments.first {
case nil, "terminal":
    guard arguments.count <= 1 else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(64)
    }
case "web":
    guard arguments.count <= 2, let number = arguments.count > 1 ? Int(arguments[1]) : 8080,
        (0...65_535).contains(number)
    else {
        FileHandle.standardError.write(Data("seed-example: the port must be a number from 0 to 65535\n".utf8))
        exit(64)
    }
    port = number
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}

do {
    let direction: LinearHierarchyLayout.ScrollDirection = example == "linear-vertical" ? .vertical : .horizontal
    let signal: Int32?
    if let port {
        let title = "Seed example"
        let server =
            switch example {
            case "list":
                try HierarchyWebServer(
                    host: "127.0.0.1", port: port, title: title, makeFloorplan: { makeProductList() })
            case "linear", "linear-vertical":
                try HierarchyWebServer(
                    host: "127.0.0.1", port: port, title: title,
                    makeLinearController: { SpaceViewController.makeController(direction) })
            default:
                try HierarchyWebServer(host: "127.0.0.1", port: port, title: title, makeController: { MyController() })
            }
        signal = try await server.run()
    } else {
        let options = TerminalBrowser.Options(title: "Seed example")
        switch example {
        case "list": signal = try await TerminalBrowser.run(makeProductList(), options: options)
        case "linear", "linear-vertical":
            signal = try await TerminalBrowser.run(SpaceViewController.makeController(direction), options: options)
        default: signal = try await TerminalBrowser.run(MyController(), options: options)
        }
    }
    if let signal { exit(128 + signal) }
} catch {
    FileHandle.standardError.write(Data("seed-example: \(error)\n".utf8))
    exit(69)
}
