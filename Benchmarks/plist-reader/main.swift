// Built by run.sh with the readers of Sources/HierarchyDocuments (not part of the package).
import Foundation

// Reads a property list with the streaming readers (or Foundation's, with "foundation") and
// counts its events; prints seconds and event count.
let arguments = CommandLine.arguments
let path = arguments[1]
let mode = arguments.count > 2 ? arguments[2] : "stream"
let start = Date()
var events = 0
if mode == "foundation" {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    var walker = DocumentValueEvents(value)
    while try walker.next() != nil { events += 1 }
} else {
    let input = try ByteInput(path: path)
    if try input.head(6) == Array("bplist".utf8) {
        var reader = try BinaryPropertyListReader(bytes: try input.readAllBytes())
        while try reader.next() != nil { events += 1 }
    } else {
        var reader = PropertyListXMLReader(input: input)
        while try reader.next() != nil { events += 1 }
    }
}
let seconds = Date().timeIntervalSince(start)
print(String(format: "%@ %@: %d events in %.2f s", mode, path, events, seconds))
