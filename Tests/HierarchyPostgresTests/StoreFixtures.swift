import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
import HierarchyTestSupport
import Testing

/// The two stores the shared suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
}

/// A small plant hierarchy with diacritics, shared words and prefixes, as a JSON document.
let plantDocument = """
    {"id": "plant", "title": "Plant Zürich", "subtitle": "Site", "children": [
      {"id": "a1", "title": "Area North", "subtitle": "Area", "footnote": "Building 1", "children": [
        {"id": "p1", "title": "Pump 101", "subtitle": "Rotating equipment", "status": "Operational", "footnote": "Hall A"},
        {"id": "p2", "title": "Pumpkin press", "subtitle": "Static equipment", "footnote": "Hall B"},
        {"id": "v1", "title": "Valve pump feed", "subtitle": "Instrument", "footnote": "Hall A"},
        {"id": "m1", "title": "Motor Über", "subtitle": "Electrical", "footnote": "Hall C", "serial": "X-1"}
      ]},
      {"id": "a2", "title": "Area South", "subtitle": "Area", "footnote": "Building 2", "children": [
        {"id": "p3", "title": "Pump 202", "subtitle": "Rotating equipment", "status": "Error", "footnote": "Hall D", "children": [
          {"id": "s1", "title": "Seal kit", "subtitle": "Spare", "footnote": "Pump room"},
          {"id": "s2", "title": "Sensor 'quoted' & more", "subtitle": "Instrument", "footnote": "tab\\there"}
        ]},
        {"id": "t1", "title": "Tank 7", "subtitle": "Static equipment"}
      ]},
      {"id": "a3", "title": "Area East", "subtitle": "Area"}
    ]}
    """

/// A fresh scratch directory.
func scratchDirectory() throws -> URL {
    try ScratchDirectory.make("HierarchyPostgresTests")
}

/// Imports `document` into an SQLite store and returns it, watching for commits on `clock`.
func makeSQLiteStore(
    _ document: String = plantDocument, clock: some Clock<Duration> = ContinuousClock()
) async throws -> SQLiteSource {
    let directory = try scratchDirectory()
    let file = directory.appendingPathComponent("plant.json")
    try Data(document.utf8).write(to: file)
    let db = directory.appendingPathComponent("plant.sqlite")
    _ = try await SQLiteImporter(destination: db).importFile(at: file)
    return try SQLiteSource(path: db.path, clock: clock)
}

/// Imports `document` into a fresh PostgreSQL database of the shared cluster; returns the opened store.
func makePostgresStore(_ document: String = plantDocument) async throws -> (PostgresSource, database: String) {
    let cluster = try await sharedCluster()
    let database = try await cluster.makeDatabase()
    let url = try PostgresStoreURL(cluster.url(database))
    let sqlite = try await makeSQLiteStore(document)
    _ = try await PostgresImporter(url: url).load(source: sqlite)
    return (try await PostgresSource.open(url), database)
}

/// The store of `kind` holding `document`.
func makeStore(_ kind: StoreKind, _ document: String = plantDocument) async throws -> any HierarchySource {
    switch kind {
    case .sqlite: try await makeSQLiteStore(document)
    case .postgres: try await makePostgresStore(document).0
    }
}
