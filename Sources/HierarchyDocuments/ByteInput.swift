import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes of a document, read from a file descriptor one chunk at a time or
/// taken from memory.
///
/// Memory holds one chunk, never the file, so a document of any size (or a
/// FIFO) streams through it.
public final class ByteInput {
    private let descriptor: Int32?
    private var closesDescriptor: Bool
    private let capacity: Int
    private(set) var storage: UnsafeMutablePointer<UInt8>
    /// Valid bytes in `storage`.
    private(set) var end = 0
    /// The next byte to read in `storage`.
    var index = 0
    /// The file offset of `storage[0]`.
    private var base: Int64 = 0
    private var atEnd = false
    /// The most bytes read before giving up (protects against `/dev/zero`).
    public let limit: Int64
    /// The size the file had when opened, when it is a regular file.
    public let expectedSize: Int64?
    /// The chunks read and passed so far, kept while recording (see ``startRecording(limit:)``);
    /// `nil` when not recording or past the limit.
    private var recorded: [UInt8]?
    private var recordingLimit = 0

    /// Opens a file for reading: the one open of the path, so a FIFO's writer meets this reader.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - chunkSize: Bytes read at a time.
    ///   - limit: The most bytes read.
    ///   - unsizedLimit: The most bytes read from a file that has no size (a FIFO, a device), when
    ///     lower than `limit`.
    /// - Throws: ``DocumentReadError`` of kind `.io` with the `errno` text.
    public convenience init(
        path: String, chunkSize: Int = 1 << 20, limit: Int64 = 1 << 40, unsizedLimit: Int64? = nil
    ) throws(DocumentReadError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            var error = DocumentReadError(.io, String(cString: strerror(code)))
            error.systemError = code
            throw error
        }
        self.init(descriptor: fd, chunkSize: chunkSize, limit: limit, unsizedLimit: unsizedLimit)
    }

    /// Reads an open descriptor (standard input, say), which it closes when done.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor, owned from now on.
    ///   - chunkSize: Bytes read at a time.
    ///   - limit: The most bytes read.
    ///   - unsizedLimit: The most bytes read when the descriptor is not a regular file.
    public init(descriptor fd: Int32, chunkSize: Int = 1 << 20, limit: Int64 = 1 << 40, unsizedLimit: Int64? = nil) {
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            expectedSize = Int64(status.st_size)
            self.limit = limit
        } else {
            expectedSize = nil
            self.limit = min(limit, unsizedLimit ?? limit)
        }
        descriptor = fd
        closesDescriptor = true
        capacity = max(16, chunkSize)
        storage = .allocate(capacity: capacity)
    }

    /// Reads bytes held in memory.
    public init(bytes: some Collection<UInt8>) {
        descriptor = nil
        closesDescriptor = false
        capacity = max(16, bytes.count)
        storage = .allocate(capacity: capacity)
        _ = UnsafeMutableBufferPointer(start: storage, count: capacity).initialize(from: bytes)
        end = bytes.count
        atEnd = true
        expectedSize = Int64(bytes.count)
        limit = .max
    }

    /// Reads the bytes held, then goes on reading the descriptor (a replay).
    private init(prefix: [UInt8], descriptor fd: Int32, capacity chunkSize: Int, limit: Int64) {
        descriptor = fd
        closesDescriptor = true
        capacity = max(chunkSize, prefix.count)
        storage = .allocate(capacity: capacity)
        _ = UnsafeMutableBufferPointer(start: storage, count: capacity).initialize(from: prefix)
        end = prefix.count
        expectedSize = nil
        self.limit = limit
    }

    /// Keeps every byte read from now on (the first chunk included, when nothing was consumed
    /// yet), up to `limit` bytes, so that an input that cannot be opened again (a pipe) can be
    /// read again from its start once (``replay()``).
    public func startRecording(limit: Int) {
        guard base == 0 else { return }
        recorded = []
        recordingLimit = limit
    }

    /// The input again from its start: the recorded bytes, then the rest of the descriptor,
    /// which the new input owns from now on (this one reads nothing more). `nil` when nothing
    /// was recorded, more than the limit was read, or the input was replayed already.
    public func replay() -> ByteInput? {
        guard let recorded, let descriptor, closesDescriptor else { return nil }
        closesDescriptor = false
        let ended = atEnd
        atEnd = true
        let prefix = recorded + UnsafeBufferPointer(start: storage, count: end)
        self.recorded = nil
        let again = ByteInput(prefix: prefix, descriptor: descriptor, capacity: capacity, limit: limit)
        again.atEnd = ended
        return again
    }

    deinit {
        storage.deallocate()
        if closesDescriptor, let descriptor { close(descriptor) }
    }

    /// Bytes consumed so far.
    @inline(__always) public var offset: Int64 { base + Int64(index) }

    /// The next byte without consuming it, `nil` at the end of the input.
    @inline(__always)
    public func peek() throws(DocumentReadError) -> UInt8? {
        if index < end { return storage[index] }
        return try refill() ? storage[index] : nil
    }

    /// Consumes one byte (after a `peek` that returned one).
    @inline(__always)
    public func advance() { index += 1 }

    /// Skips spaces, tabs, carriage returns and line feeds (the whitespace of JSON and XML),
    /// counting lines, and returns the next byte without consuming it (`nil` at the end).
    ///
    /// - Parameters:
    ///   - line: The reader's line number, raised by one per line feed.
    ///   - lineStart: The offset where the current line starts (for columns).
    @inline(__always)
    func skipWhitespace(line: inout Int, lineStart: inout Int64) throws(DocumentReadError) -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x0A:
                advance()
                line += 1
                lineStart = offset
            case 0x20, 0x09, 0x0D:
                advance()
            default:
                return byte
            }
        }
        return nil
    }

    /// The bytes available now from the current position (at least one unless at the end).
    @inline(__always)
    func available() throws(DocumentReadError) -> UnsafeBufferPointer<UInt8> {
        if index >= end, !(try refill()) { return UnsafeBufferPointer(start: storage, count: 0) }
        return UnsafeBufferPointer(start: storage + index, count: end - index)
    }

    /// Consumes up to `count` bytes into `buffer` (a parser with a read handler of its own).
    ///
    /// - Returns: The bytes copied; 0 at the end of the input.
    /// - Throws: ``DocumentReadError`` (`.io`, or `.limit` past ``limit`` bytes).
    public func copyBytes(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(DocumentReadError) -> Int {
        let chunk = try available()
        let copied = min(count, chunk.count)
        if copied > 0 { buffer.update(from: chunk.baseAddress!, count: copied) }
        index += copied
        return copied
    }

    /// Up to `count` bytes from the current position, without consuming them.
    ///
    /// Returns fewer when the input ends sooner or the first read of a pipe returns fewer.
    public func head(_ count: Int) throws(DocumentReadError) -> [UInt8] {
        let chunk = try available()
        return Array(chunk.prefix(count))
    }

    /// The rest of the input.
    ///
    /// - Throws: ``DocumentReadError`` (`.io`, or `.limit` past ``limit`` bytes).
    public func readAll() throws(DocumentReadError) -> Data {
        var data = Data()
        if let expectedSize { data.reserveCapacity(Int(min(expectedSize, 1 << 30))) }
        while true {
            let chunk = try available()
            if chunk.isEmpty { return data }
            data.append(chunk.baseAddress!, count: chunk.count)
            index += chunk.count
        }
    }

    /// The rest of the input as an array (a format read by offset, such as a binary property list).
    ///
    /// - Throws: ``DocumentReadError`` (`.io`, or `.limit` past ``limit`` bytes).
    public func readAllBytes() throws(DocumentReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        if let expectedSize { bytes.reserveCapacity(Int(min(expectedSize, 1 << 30))) }
        while true {
            let chunk = try available()
            if chunk.isEmpty { return bytes }
            bytes.append(contentsOf: chunk)
            index += chunk.count
        }
    }

    /// Reads the next chunk; `false` at the end of the input.
    @inline(never)
    private func refill() throws(DocumentReadError) -> Bool {
        guard !atEnd, let descriptor else { return false }
        if recorded != nil {
            if recorded!.count + end <= recordingLimit {
                recorded!.append(contentsOf: UnsafeBufferPointer(start: storage, count: end))
            } else {
                recorded = nil
            }
        }
        base += Int64(end)
        index = 0
        end = 0
        guard base < limit else {
            throw DocumentReadError(.limit, "the input is larger than \(limit) bytes")
        }
        while true {
            let count = read(descriptor, storage, capacity)
            if count < 0 {
                if errno == EINTR { continue }
                throw DocumentReadError(.io, "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                atEnd = true
                return false
            }
            end = count
            return true
        }
    }
}
