import Foundation
import HierarchySources
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file read by offset through `pread`, in blocks, with a bounded cache of the
/// blocks read last.
///
/// Never mapped: a file truncated while it is read gives a short read (the end of the
/// document comes early, an error), not a SIGBUS. The cache holds at most ``capacity``
/// blocks of ``blockSize`` bytes, whatever the file's size.
final class JSONByteFile: Sendable {
    /// Bytes read at a time: 64 KiB.
    static let blockSize = 64 << 10

    /// The file's path, for messages.
    let path: String
    /// The file's size when it was opened.
    let size: Int64
    /// The most blocks kept.
    let capacity: Int
    private let descriptor: Int32
    private let cache: Mutex<BlockCache>

    private struct BlockCache {
        var blocks: [Int64: (bytes: [UInt8], used: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    /// Opens a file.
    ///
    /// - Parameters:
    ///   - path: A regular file.
    ///   - capacity: The most blocks kept (64 by default, 4 MiB).
    /// - Throws: ``HierarchySourceError`` with `.notFound`, `.permissionDenied` or `.io`.
    init(path: String, capacity: Int = 64) throws(HierarchySourceError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw HierarchySourceError(.notFound, "no such file", path: path)
            case EACCES, EPERM: throw HierarchySourceError(.permissionDenied, "permission denied", path: path)
            default: throw HierarchySourceError(.io, String(cString: strerror(code)), path: path)
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw HierarchySourceError(.io, message, path: path)
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int64(info.st_size)
        self.capacity = max(2, capacity)
        cache = Mutex(BlockCache())
    }

    deinit { close(descriptor) }

    /// The bytes of one block: ``blockSize`` bytes from `number * blockSize`, fewer at the end of
    /// the file (none past it, also when the file was truncated since it was opened).
    ///
    /// - Throws: ``DocumentReadError`` (`.io`) when the read fails.
    func block(_ number: Int64) throws(DocumentReadError) -> [UInt8] {
        let cached = cache.withLock { cache -> [UInt8]? in
            cache.clock += 1
            guard let entry = cache.blocks[number] else { return nil }
            cache.blocks[number] = (entry.bytes, cache.clock)
            return entry.bytes
        }
        if let cached { return cached }
        let bytes = try read(at: number * Int64(Self.blockSize), count: Self.blockSize)
        cache.withLock { cache in
            cache.clock += 1
            if cache.blocks.count >= capacity,
                let oldest = cache.blocks.min(by: { $0.value.used < $1.value.used })?.key
            {
                cache.blocks[oldest] = nil
            }
            cache.blocks[number] = (bytes, cache.clock)
        }
        return bytes
    }

    /// The number of blocks cached now.
    var cachedBlocks: Int { cache.withLock { $0.blocks.count } }

    /// Reads up to `count` bytes at `offset`, fewer at the end of the file.
    func read(at offset: Int64, count: Int) throws(DocumentReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let got = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if got > 0 {
                    filled += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        if failure != 0 {
            var error = DocumentReadError(.io, "cannot read the file: \(String(cString: strerror(failure)))")
            error.systemError = failure
            throw error
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}

/// A position in a ``JSONByteFile`` that reads forward through the block cache, holding the
/// block at hand.
struct JSONByteCursor {
    let file: JSONByteFile
    /// The offset of the next byte.
    var offset: Int64
    private(set) var block: [UInt8] = []
    private(set) var blockStart: Int64 = -1

    init(file: JSONByteFile, offset: Int64) {
        self.file = file
        self.offset = offset
    }

    /// Makes the block holding ``offset`` the one at hand; false at the end of the file.
    @inline(__always)
    mutating func load() throws(DocumentReadError) -> Bool {
        if offset >= blockStart, offset < blockStart + Int64(block.count) { return true }
        guard offset >= 0 else { return false }
        let number = offset / Int64(JSONByteFile.blockSize)
        block = try file.block(number)
        blockStart = number * Int64(JSONByteFile.blockSize)
        return offset < blockStart + Int64(block.count)
    }

    /// The byte at ``offset``, `nil` at the end of the file.
    @inline(__always)
    mutating func peek() throws(DocumentReadError) -> UInt8? {
        guard try load() else { return nil }
        return block[Int(offset - blockStart)]
    }

    /// The next byte that is not JSON whitespace, not consumed; `nil` at the end of the file.
    mutating func significantByte() throws(DocumentReadError) -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return byte
            }
        }
        return nil
    }

    /// The bytes from ``offset`` up to `end` (at most `limit` of them), advancing past them.
    mutating func bytes(upTo end: Int64, limit: Int) throws(DocumentReadError) -> [UInt8] {
        var out: [UInt8] = []
        let stop = min(end, offset + Int64(limit))
        while offset < stop, try load() {
            let from = Int(offset - blockStart)
            let to = min(block.count, from + Int(stop - offset))
            out.append(contentsOf: block[from..<to])
            offset += Int64(to - from)
        }
        return out
    }
}
