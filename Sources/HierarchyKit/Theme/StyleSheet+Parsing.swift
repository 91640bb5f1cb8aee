extension StyleSheet {
    /// Parses `.nss` text.
    ///
    /// Parsing never fails as a whole: problems become diagnostics and the rest of the sheet
    /// still applies.
    /// - Syntax errors (a missing `:`, `;`, `{` or `}`, an unterminated comment) are errors. A bad
    ///   declaration is skipped up to the next `;` or `}`; a bad selector skips its whole rule and
    ///   parsing resumes at the next rule. A value running to the end of its line without `;` is
    ///   an error (unless the rule's `}` follows) but is still applied.
    /// - Values that cannot be used (`font-color: #12`, `text-align: middle`) are errors; the
    ///   declaration is dropped.
    /// - Unknown class paths, states and properties are warnings; they are ignored.
    ///
    /// - Parameters:
    ///   - text: The sheet, handed in by the caller.
    ///   - sourceName: The name to put in diagnostics (usually the file's path).
    /// - Returns: The sheet's usable rules and the diagnostics in source order.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String, sourceName: String) -> (StyleSheet, [StyleSheetDiagnostic]) {
        var parser = StyleSheetParser(text: text, sourceName: sourceName)
        parser.parseSheet()
        return (StyleSheet(sourceName: sourceName, rules: parser.rules), parser.diagnostics)
    }
}
