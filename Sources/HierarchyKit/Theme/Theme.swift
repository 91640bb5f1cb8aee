/// A resolved set of styles for every themable element, in the normal and selected states.
///
/// Start from ``light`` or ``dark`` and apply stylesheets with ``applying(_:)``; ask for the
/// effective look of an element with ``style(for:state:)``.
public struct Theme: Sendable, Equatable {
    /// A short name (`light`, `dark`, or what the caller chose).
    public var name: String
    /// The values every element falls back to; complete in the built-in themes.
    public var defaults: ThemeStyle
    /// The colours of item status texts and icons.
    public var statusColors: ThemeStatusColors
    /// The declared styles by selector (before cascading).
    public private(set) var rules: [ThemeSelector: ThemeStyle]

    /// Creates a theme.
    ///
    /// - Parameters:
    ///   - name: A short name.
    ///   - defaults: The values every element falls back to; set every property so that every
    ///     element resolves completely.
    ///   - statusColors: The status colours.
    ///   - rules: The declared styles by selector.
    public init(
        name: String,
        defaults: ThemeStyle,
        statusColors: ThemeStatusColors,
        rules: [ThemeSelector: ThemeStyle] = [:]
    ) {
        self.name = name
        self.defaults = defaults
        self.statusColors = statusColors
        self.rules = rules.filter { !$0.value.isEmpty }
    }

    /// The effective style of an element in a state.
    ///
    /// The cascade, first set value wins: for the element's own view and then each container
    /// (``ThemeElement/cascade``), the selected-state rules of its class paths (when `state` is
    /// `.selected`), then their normal rules; then ``defaults``. Border properties are not taken
    /// from containers, only from the element's own class paths and the defaults.
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - state: The selection state.
    /// - Returns: The style; complete when ``defaults`` is.
    /// - Complexity: O(depth of the cascade), at most a handful of dictionary lookups.
    public func style(for element: ThemeElement, state: ThemeState = .normal) -> ThemeStyle {
        var result = ThemeStyle()
        for (depth, level) in element.cascade.enumerated() {
            let states: [ThemeState] = state == .selected ? [.selected, .normal] : [.normal]
            for candidateState in states {
                for candidate in level {
                    if let declared = rules[ThemeSelector(candidate, state: candidateState)] {
                        result = result.filled(from: declared, inheritedOnly: depth > 0)
                    }
                }
            }
        }
        return result.filled(from: defaults)
    }

    /// The style declared for one selector, without cascading.
    ///
    /// - Parameter selector: The selector.
    /// - Returns: The declared properties, empty when none.
    public func declaredStyle(for selector: ThemeSelector) -> ThemeStyle {
        rules[selector] ?? ThemeStyle()
    }

    /// Sets properties for one selector; the properties `style` sets replace the declared ones.
    ///
    /// - Parameters:
    ///   - style: The properties to set.
    ///   - selector: The selector.
    public mutating func declare(_ style: ThemeStyle, for selector: ThemeSelector) {
        let merged = declaredStyle(for: selector).overridden(by: style)
        rules[selector] = merged.isEmpty ? nil : merged
    }

    /// This theme with a stylesheet's rules applied in order; a sheet's property replaces the
    /// theme's for the same selector, and everything else is kept.
    ///
    /// - Parameter sheet: The sheet.
    /// - Returns: The combined theme.
    public func applying(_ sheet: StyleSheet) -> Theme {
        var theme = self
        for rule in sheet.rules {
            theme.declare(rule.style, for: rule.selector)
        }
        return theme
    }

    /// The theme's declared rules as a stylesheet, in element order, normal before selected.
    public var styleSheet: StyleSheet {
        var sheet = StyleSheet(sourceName: name)
        for element in ThemeElement.allCases {
            for state in ThemeState.allCases {
                let selector = ThemeSelector(element, state: state)
                if let style = rules[selector] { sheet.rules.append(StyleSheet.Rule(selector: selector, style: style)) }
            }
        }
        return sheet
    }

    /// Where a user's stylesheet is looked for, most important first (reading them is the
    /// caller's job).
    ///
    /// `$XDG_CONFIG_HOME/hierarchy/theme.nss` when `XDG_CONFIG_HOME` is an absolute path, else
    /// `$HOME/.config/hierarchy/theme.nss`; then `hierarchy/theme.nss` in each absolute entry of
    /// `XDG_CONFIG_DIRS` (default `/etc/xdg`).
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: Candidate paths, without duplicates.
    public static func defaultSearchPaths(environment: [String: String]) -> [String] {
        func join(_ directory: String) -> String {
            var base = directory
            while base.count > 1, base.hasSuffix("/") { base.removeLast() }
            return base == "/" ? "/hierarchy/theme.nss" : base + "/hierarchy/theme.nss"
        }
        var paths: [String] = []
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            paths.append(join(config))
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            var base = home
            while base.count > 1, base.hasSuffix("/") { base.removeLast() }
            paths.append(join((base == "/" ? "" : base) + "/.config"))
        }
        let systemDirectories = environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg"
        for directory in systemDirectories.split(separator: ":").map(String.init) where directory.hasPrefix("/") {
            let path = join(directory)
            if !paths.contains(path) { paths.append(path) }
        }
        return paths
    }
}
