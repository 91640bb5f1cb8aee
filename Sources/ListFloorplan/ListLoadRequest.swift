/// One loader call the view model must make: a range of one section, tagged with a request ticket.
public struct ListLoadRequest<Section: Hashable>: Equatable, Hashable {
    /// The ticket of the request this call belongs to; answers carry it back.
    public var ticket: Int
    /// The section whose loader is asked.
    public var section: Section
    /// The positions asked for, or `nil` for all items.
    public var range: Range<Int>?
    /// The search text, or `nil` for the unfiltered list.
    public var searchString: String?

    /// Creates a load request.
    ///
    /// - Parameters:
    ///   - ticket: The request ticket.
    ///   - section: The section to load.
    ///   - range: The positions, or `nil` for all.
    ///   - searchString: The search text, if any.
    public init(ticket: Int, section: Section, range: Range<Int>?, searchString: String?) {
        self.ticket = ticket
        self.section = section
        self.range = range
        self.searchString = searchString
    }
}

extension ListLoadRequest: Sendable where Section: Sendable {}
