/// A list floorplan a face can show with one call: the terminal's `TerminalBrowser.run(_:)` and
/// the web's `HierarchyWebServer(makeFloorplan:)` take any conforming controller.
///
/// A ``ListScreen`` conforms (it is its own screen), and so does FioriCompat's
/// `FUIListFloorplan`, whose load step also sets its search bar.
@MainActor
public protocol ListFloorplanController: AnyObject {
    /// The entities of the rows.
    associatedtype Entity: Identifiable & Equatable
    /// The sections of the list.
    associatedtype Section: Hashable & CaseIterable

    /// The screen the faces draw and send the user's input to.
    var listScreen: ListScreen<Entity, Section> { get }

    /// The controller's load step (`viewDidLoad()`), run by the face once, before its first frame.
    ///
    /// - Returns: The work it started (the first page's load).
    func loadForFace() -> ListTask

    /// The grid header's column titles (`gridRowHeaderItems`), for faces that draw columns; the
    /// terminal draws ``ListScreen/headerLine`` instead.
    var headerColumns: [ListHeaderColumn] { get }
}

extension ListFloorplanController {
    public var headerColumns: [ListHeaderColumn] { [] }
}

/// One column title of a list's grid header.
public struct ListHeaderColumn: Hashable, Sendable, Encodable {
    /// Where a title sits in its column.
    public enum Alignment: String, Hashable, Sendable, Encodable {
        case leading, center, trailing
    }

    /// The title.
    public var text: String
    /// The column's share of the row's width, relative to the other columns' shares.
    public var width: Double
    public var alignment: Alignment

    /// Creates a column title.
    ///
    /// - Parameters:
    ///   - text: The title.
    ///   - width: The share of the width (non-positive or non-finite counts as 1).
    ///   - alignment: Where the title sits.
    public init(text: String, width: Double = 1, alignment: Alignment = .leading) {
        self.text = text
        self.width = width > 0 && width.isFinite ? width : 1
        self.alignment = alignment
    }
}

extension ListScreen: ListFloorplanController {
    public var listScreen: ListScreen<Entity, Section> { self }

    public func loadForFace() -> ListTask { viewDidLoad() }
}
