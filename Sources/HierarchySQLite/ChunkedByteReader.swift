import Foundation

/// Reads a file byte by byte through a fixed-size buffer.
///
/// Memory stays at one chunk whatever the size of the file.
struct ChunkedByteReader {
    private let handle: FileHandle
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    private var index = 0
    /// Bytes consumed so far.
    private(set) var offset: Int64 = 0
    private var atEnd = false

    /// - Parameters:
    ///   - handle: An open file, read from its current position.
    ///   - chunkSize: Bytes read at a time.
    init(handle: FileHandle, chunkSize: Int = 1 << 16) {
        self.handle = handle
        self.chunkSize = chunkSize
    }

    /// Refills the buffer; returns false at the end of the file.
    private mutating func refill() throws -> Bool {
        guard !atEnd else { return false }
        guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else {
            atEnd = true
            return false
        }
        buffer = [UInt8](data)
        index = 0
        return true
    }

    /// The next byte without consuming it, `nil` at the end.
    @inline(__always)
    mutating func peek() throws -> UInt8? {
        if index < buffer.count { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    /// Consumes and returns the next byte, `nil` at the end.
    @inline(__always)
    mutating func next() throws -> UInt8? {
        if index >= buffer.count, !(try refill()) { return nil }
        let byte = buffer[index]
        index += 1
        offset += 1
        return byte
    }
}
