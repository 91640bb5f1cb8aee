import Testing

/// The seed documents' behaviours, one test each, grouped by document. Each test's display name
/// quotes or names the sentence of the document it proves; README's conformance table lists the
/// same rows.
@Suite("Seed conformance")
enum SeedConformance {}
