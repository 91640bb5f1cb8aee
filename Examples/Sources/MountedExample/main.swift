import Foundation
import Hummingbird

// mounted-example [PORT]   two hierarchies under /plant/ and /org/ of one application,
//                          behind basic authentication (user `demo`; the password is
//                          $EXAMPLE_PASSWORD, or a random one printed at start)

let arguments = Array(CommandLine.arguments.dropFirst())
let port = arguments.first.map { Int($0) } ?? 8080
guard let port, (0...65_535).contains(port), arguments.count <= 1 else {
    FileHandle.standardError.write(Data("usage: mounted-example [PORT]   (PORT from 0 to 65535)\n".utf8))
    exit(64)
}
let password =
    ProcessInfo.processInfo.environment["EXAMPLE_PASSWORD"]
    ?? (0..<12).map { _ in String("abcdefghjkmnpqrstuvwxyz23456789".randomElement()!) }.joined()
do {
    let application = try MountedExample.makeApplication(port: port, users: ["demo": password]) { bound in
        FileHandle.standardOutput.write(
            Data("Serving at http://127.0.0.1:\(bound)/ (user demo, password \(password))\n".utf8))
    }
    try await application.runService()
} catch {
    FileHandle.standardError.write(Data("mounted-example: \(error)\n".utf8))
    exit(69)
}
