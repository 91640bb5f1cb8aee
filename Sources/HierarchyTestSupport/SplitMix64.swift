// The seeded generator the test targets share is the sources' own (one copy).
@_exported import struct HierarchySources.SplitMix64
