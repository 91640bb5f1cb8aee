import Testing

@testable import ListFloorplan

@Suite("DataLoader")
struct DataLoaderTests {
    let loader = DataLoader.inMemory(items(0..<12)) { $0.name.hasSuffix($1) }

    @Test func pagesAreClampedToTheItems() async throws {
        #expect(try await loader.query(forItemsIn: 0..<5) == items(0..<5))
        #expect(try await loader.query(forItemsIn: 10..<15) == items(10..<12))
        #expect(try await loader.query(forItemsIn: 20..<25) == [])
        #expect(try await loader.query(forItemsIn: -3..<2) == items(0..<2))
        #expect(try await loader.query() == items(0..<12))
    }

    @Test func searchFiltersBeforePaging() async throws {
        #expect(try await loader.query(forItemsIn: 0..<5, with: "1") == [Item(1), Item(11)])
        #expect(try await loader.query(forItemsIn: 1..<5, with: "1") == [Item(11)])
        #expect(try await loader.query(forItemsIn: nil, with: "") == items(0..<12))
        #expect(try await DataLoader<Item>.inMemory([]) { _, _ in true }.query(forItemsIn: 0..<3) == [])
    }

    @Test func errorsPassThrough() async {
        let failing = DataLoader<Item> { _, _ in throw LoaderFailure() }
        await #expect(throws: LoaderFailure.self) { try await failing.query(forItemsIn: 0..<1) }
        #expect(ListLoadError(LoaderFailure()).message == "server unavailable")
        #expect(ListLoadError(ListLoadError(message: "x")) == ListLoadError(message: "x"))
    }
}
