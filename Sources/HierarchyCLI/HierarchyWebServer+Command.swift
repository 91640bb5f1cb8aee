import ArgumentParser
import Foundation
import HierarchyWeb

extension HierarchyWebServer {
    /// Runs the server until a signal stops it, printing `announcement` and the address on
    /// standard output once it listens.
    ///
    /// - Parameters:
    ///   - announcement: The start of the line printed, before ` at <address>`.
    ///   - host: The address asked for, for the error message.
    ///   - port: The port asked for, for the error message.
    /// - Throws: The exit code: 77 for a port the user may not bind, 69 for an address that
    ///   cannot be listened on (after a one-line message), 128 + the signal's number once stopped.
    func serveFromCommandLine(announcing announcement: String, host: String, port: Int) async throws {
        let signal: Int32?
        do {
            signal = try await run { address in
                FileHandle.standardOutput.write(Data("\(announcement) at \(address)\n".utf8))
            }
        } catch let error as HierarchyWebServer.ListenError {
            CommandLineError.printError("cannot serve on \(host):\(port): \(error)")
            throw ExitCode(error.isPermissionDenied ? 77 : 69)
        } catch {
            CommandLineError.printError("cannot serve on \(host):\(port): \(error)")
            throw ExitCode(69)
        }
        if let signal { throw ExitCode(128 + signal) }
    }
}
