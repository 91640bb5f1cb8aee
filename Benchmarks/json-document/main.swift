import Foundation

// Built by run.sh with the byte index and validator of Sources/HierarchyDocuments (not part of
// the package).
#if canImport(Glibc)
    import Glibc
#endif

// Opens a JSON file as the indexed source does and prints, as `name value` lines:
// - first-screen: the document's top, its first 60 members and the member count of those whose
//   scan ends within 256 KiB (what the first column shows at once), in ms of wall time;
//   first-screen-counts: the member counts of all 60 (asked for as rows are opened);
// - anon-kb-open / anon-kb-after: anonymous memory (smaps_rollup) after the first screen and
//   after the validation pass;
// - validate-ms / validate-mbs: the strict validation pass over the whole file, one core (wall,
//   and the thread's CPU time; the same for count and search);
// - items-pass-ms / items-pass-mbs: the background pass of an items document, the validator
//   with the items check (repeated ids among the first 262,144, shape misfits);
// - count-ms: the member count of the top container (the index pass of the largest column);
// - last-ms: the last member of the top container once counted (End in that column);
// - search-first-ms / search-all-ms / search-mbs: a byte scan for a needle (ASCII, case
//   insensitive): the first match, and the whole file.
let path = CommandLine.arguments[1]
let needle = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "item"

func cpuMs() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
}

let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
let index = JSONByteIndex(file: try JSONByteFile(path: path))
var start = now()
let top = try index.top()!
var known = 0
for member in try index.members(of: top, in: 0..<60) {
    if try index.count(of: member, within: 256 << 10) != nil { known += 1 }
    if member.key >= 0 { _ = try index.key(of: member) }
}
print("first-screen-ms \(String(format: "%.1f", now() - start)) (60 rows, \(known) counts within 256 KiB)")
start = now()
var counts = 0
for member in try index.members(of: top, in: 0..<60) { counts += try index.count(of: member) }
print("first-screen-counts-ms \(String(format: "%.1f", now() - start)) (\(counts) grandchildren)")
print("anon-kb-open \(anonymousKB())")

start = now()
var cpu = cpuMs()
let descriptor = open(path, O_RDONLY)
var validator = JSONValidator(descriptor: descriptor)
let outcome = validator.validate()
let validateMs = now() - start
validator.close()
close(descriptor)
print("validate-ms \(Int(validateMs)) \(outcome)")
print(
    "validate-mbs \(Int(Double(size) / 1e6 / (validateMs / 1000))) (CPU: \(Int(Double(size) / 1e6 / ((cpuMs() - cpu) / 1000))))"
)

// The background pass of an items document: the validator with the items check (repeated ids,
// shape misfits) on the same pass.
start = now()
cpu = cpuMs()
let itemsDescriptor = open(path, O_RDONLY)
var itemsValidator = JSONValidator(descriptor: itemsDescriptor)
itemsValidator.items = JSONItemsCheck(strict: true, idLimit: 1 << 18)
let itemsOutcome = itemsValidator.validate()
let itemsMs = now() - start
let finding = itemsValidator.items?.finding
itemsValidator.close()
close(itemsDescriptor)
print("items-pass-ms \(Int(itemsMs)) \(itemsOutcome) finding \(String(describing: finding))")
print(
    "items-pass-mbs \(Int(Double(size) / 1e6 / (itemsMs / 1000))) (CPU: \(Int(Double(size) / 1e6 / ((cpuMs() - cpu) / 1000))))"
)

start = now()
cpu = cpuMs()
let count = try index.count(of: top)
print("count-ms \(Int(now() - start)) (\(count) members)")
print(
    "count-mbs \(Int(Double(size) / 1e6 / ((now() - start) / 1000))) (CPU: \(Int(Double(size) / 1e6 / ((cpuMs() - cpu) / 1000))))"
)
start = now()
let last = try index.member(of: top, at: count - 1)!
_ = try index.count(of: last)
print("last-ms \(String(format: "%.1f", now() - start))")
print("anon-kb-after \(anonymousKB())")
print("checkpoints \(index.entry(top.value)?.checkpoints.count ?? 0), cached blocks \(index.file.cachedBlocks)")

start = now()
cpu = cpuMs()
var first: Int64 = -1
var matches = 0
var search = JSONByteSearch(file: index.file, needle: needle)!
let scanned = try search.scan { offset in
    if first < 0 {
        first = offset
        print("search-first-ms \(String(format: "%.1f", now() - start)) at byte \(offset)")
    }
    matches += 1
    return offset + 1
}
let searchMs = now() - start
print("search-all-ms \(Int(searchMs)) (\(matches) matches, \(scanned) bytes)")
print(
    "search-mbs \(Int(Double(size) / 1e6 / (searchMs / 1000))) (CPU: \(Int(Double(size) / 1e6 / ((cpuMs() - cpu) / 1000))))"
)
