import Foundation
import HierarchyKit

/// Finds and reads the theme the user asked for: a built-in name (`light`, `dark`), a
/// stylesheet file, or, when nothing was asked for, the first stylesheet that exists in
/// `Theme.defaultSearchPaths(environment:)`.
///
/// A stylesheet is applied on top of the built-in light theme. Its errors make the load fail
/// (the caller prints one line and exits 65); its warnings (unknown class paths or
/// properties) are returned for the caller to print and do not stop it.
public struct ThemeLoader: Sendable {
    /// What was loaded.
    public struct Loaded: Sendable, Equatable {
        /// The resolved theme; `nil` when nothing was asked for and no default file exists.
        public var theme: Theme?
        /// The stylesheet's warnings, in source order.
        public var warnings: [StyleSheetDiagnostic]
        /// The stylesheet file read, if any.
        public var path: String?
    }

    /// Why a theme could not be loaded.
    public struct LoadError: Error, Equatable, CustomStringConvertible {
        /// The stylesheet's errors (empty when the file could not be read at all).
        public var diagnostics: [StyleSheetDiagnostic]
        /// One line: the first error with its position, and how many more there are.
        public var message: String

        public var description: String { message }
    }

    /// Reads a file's text; `nil` when it does not exist. Throws when it exists but cannot be read.
    public var readFile: @Sendable (String) throws -> String?

    /// A loader reading files with `readFile`.
    ///
    /// - Parameter readFile: The file reader (injected for tests); by default the file system.
    public init(readFile: @escaping @Sendable (String) throws -> String? = ThemeLoader.readFromDisk) {
        self.readFile = readFile
    }

    /// Reads a UTF-8 file from disk; `nil` when there is no regular file at the path.
    public static let readFromDisk: @Sendable (String) throws -> String? = { path in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Loads the theme for a `--theme` argument.
    ///
    /// - Parameters:
    ///   - argument: `light`, `dark`, a stylesheet path, or `nil` for the default search.
    ///   - environment: The process environment (for the default search paths).
    /// - Returns: The theme (or none) and the stylesheet's warnings.
    /// - Throws: ``LoadError`` when the named file does not exist or cannot be read, or the
    ///   stylesheet has errors.
    public func load(argument: String?, environment: [String: String]) throws(LoadError) -> Loaded {
        if let argument {
            if let builtIn = Theme.named(argument) { return Loaded(theme: builtIn, warnings: [], path: nil) }
            return try loadFile(argument, required: true) ?? Loaded(theme: nil, warnings: [], path: nil)
        }
        for path in Theme.defaultSearchPaths(environment: environment) {
            if let loaded = try loadFile(path, required: false) { return loaded }
        }
        return Loaded(theme: nil, warnings: [], path: nil)
    }

    private func loadFile(_ path: String, required: Bool) throws(LoadError) -> Loaded? {
        let text: String?
        do {
            text = try readFile(path)
        } catch {
            throw LoadError(diagnostics: [], message: "cannot read the theme \(path): \(error.localizedDescription)")
        }
        guard let text else {
            if required {
                throw LoadError(
                    diagnostics: [], message: "no theme named \(path): not light, dark, or an existing stylesheet file")
            }
            return nil
        }
        let (sheet, diagnostics) = StyleSheet.parse(text, sourceName: path)
        let errors = diagnostics.filter { $0.severity == .error }
        if let first = errors.first {
            let more = errors.count > 1 ? " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"))" : ""
            throw LoadError(diagnostics: errors, message: first.description + more)
        }
        return Loaded(
            theme: Theme.light.applying(sheet), warnings: diagnostics.filter { $0.severity == .warning }, path: path)
    }
}
