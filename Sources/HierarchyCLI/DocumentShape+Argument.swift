import ArgumentParser
import HierarchyDocuments

/// `--as auto|items|structure`.
extension DocumentShape: ExpressibleByArgument {}
