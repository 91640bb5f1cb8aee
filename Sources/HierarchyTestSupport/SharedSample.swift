import HierarchyDocuments
import HierarchySources

/// The bundled sample, read once per test process and shared by the tests that browse it.
///
/// Reading the sample takes a large part of a second in a debug build, and the faces' tests
/// read it on the main actor: a few hundred reads there kept every other main-actor test
/// waiting past its time limit. An `InMemorySource` without dynamic children is read-only, so
/// one instance serves every test.
public enum SharedSample {
    private static let loaded = Result { try SampleHierarchy.load() }

    /// The sample as an in-memory source (the same instance every time).
    ///
    /// - Throws: What ``SampleHierarchy/load()`` threw the first time.
    public static func source() throws -> InMemorySource {
        try loaded.get()
    }
}
