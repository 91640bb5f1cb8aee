/// A parsed stylesheet in the NUI/`.nss` format: rules of class paths and properties.
///
/// ```
/// /* Compact header */
/// fdlFUIHierarchyView_header { background-color: #F5F6F7; font-color: #32363A; }
/// fdlFUIHierarchyItemView_title, fdlFUIBaseCollectionViewCell_title {
///     font-color: #0A6ED1;
///     font-style: subheadline bold;   // a text style plus optional bold/italic
///     text-align: left;
/// }
/// fdlFUIHierarchyCollectionItem:selected { background-color: #EBF8FF; }
/// ```
///
/// A rule names one or more class paths (``ThemeElement``), each optionally followed by
/// `:selected`, then a block of `property: value;` declarations (the last `;` may be left out).
/// Comments are `/* ... */` and `// ...` to the end of the line. Rules keep only known class
/// paths and properties; see ``parse(_:sourceName:)`` for how problems are reported.
public struct StyleSheet: Hashable, Sendable {
    /// One rule for one selector (a rule naming several class paths becomes several rules).
    public struct Rule: Hashable, Sendable {
        /// What the rule applies to.
        public var selector: ThemeSelector
        /// The properties it sets.
        public var style: ThemeStyle
        /// The line of the class path, from 1.
        public var line: Int

        /// Creates a rule.
        ///
        /// - Parameters:
        ///   - selector: What the rule applies to.
        ///   - style: The properties it sets.
        ///   - line: The line of the class path.
        public init(selector: ThemeSelector, style: ThemeStyle, line: Int = 0) {
            self.selector = selector
            self.style = style
            self.line = line
        }
    }

    /// The name the caller gave the sheet, used in diagnostics.
    public var sourceName: String
    /// The rules, in source order; later rules win.
    public var rules: [Rule]

    /// Creates a sheet from rules.
    ///
    /// - Parameters:
    ///   - sourceName: The sheet's name.
    ///   - rules: The rules, in order.
    public init(sourceName: String = "", rules: [Rule] = []) {
        self.sourceName = sourceName
        self.rules = rules
    }

    /// The style the sheet declares for a selector, later rules winning (no cascade).
    ///
    /// - Parameter selector: The selector.
    /// - Returns: The merged declarations, empty when the sheet says nothing about it.
    public func declaredStyle(for selector: ThemeSelector) -> ThemeStyle {
        rules.filter { $0.selector == selector }.reduce(ThemeStyle()) { $0.overridden(by: $1.style) }
    }

    /// The sheet as `.nss` text, one rule per selector, properties in a fixed order.
    ///
    /// Parsing the text again gives the same rules (line numbers aside).
    public var formatted: String {
        rules.filter { !$0.style.isEmpty }.map { rule in
            let declarations = StyleSheetProperty.allCases.compactMap { property in
                property.value(in: rule.style).map { "    \(property.rawValue): \($0);\n" }
            }
            return "\(rule.selector) {\n\(declarations.joined())}\n"
        }.joined(separator: "\n")
    }
}
