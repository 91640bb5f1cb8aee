import HierarchyStore
import Testing

@Suite("StoreQuery")
struct StoreQueryTests {
    @Test func argumentsGetEachDatabasesMarkersInOrder() {
        let id: StoreQuery = "CAST(\(.text("7")) AS int4)"
        let query: StoreQuery =
            "SELECT \(raw: "t.\"name\"") FROM t WHERE t.id = \(id) AND t.up = \(.text("a")) LIMIT \(5)"
        #expect(query.arguments == [.text("7"), .text("a"), .integer(5)])
        #expect(
            query.sql { "$\($0)" } == "SELECT t.\"name\" FROM t WHERE t.id = CAST($1 AS int4) AND t.up = $2 LIMIT $3")
        #expect(query.sql { _ in "?" } == "SELECT t.\"name\" FROM t WHERE t.id = CAST(? AS int4) AND t.up = ? LIMIT ?")
    }

    @Test func aQueryWithoutArgumentsIsItsText() {
        let query: StoreQuery = "SELECT count(*) FROM item"
        #expect(query.arguments.isEmpty)
        #expect(query.sql { "$\($0)" } == "SELECT count(*) FROM item")
    }

    @Test func valuesReadAsTextAndIntegers() {
        #expect(StoreValue.integer(42).text == "42" && StoreValue.text("7").integer == 7)
        #expect(StoreValue.null.text == nil && StoreValue.null.integer == 0 && StoreValue.text("x").integer == 0)
    }
}
