#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a stream of lines in windows: a run of whole lines of about
/// `windowBytes`, read in chunks, so that memory stays bounded however long the
/// stream is. A line longer than `maxLineBytes` is not kept: it is reported as
/// too long (and the reader skips to its end without storing it).
struct LineWindowReader {
    /// One line of a window: a byte range in `Window.bytes` (line break and a
    /// trailing CR excluded), or a line that was too long to keep.
    enum Line { case bytes(Range<Int>), tooLong }

    struct Window {
        var bytes: [UInt8]
        var lines: [Line]
        /// The 1-based number of the first line in the stream.
        var firstLineNumber: Int
    }

    let fd: Int32
    let windowBytes: Int
    let maxLineBytes: Int
    static let chunkBytes = 1 << 16

    private var carry: [UInt8] = []
    private var atEnd = false
    /// Inside a too-long line, until its line break.
    private var discarding = false
    private var nextLineNumber = 1

    init(fd: Int32, windowBytes: Int = 1 << 20, maxLineBytes: Int = 64 << 20) {
        self.fd = fd
        self.windowBytes = windowBytes
        self.maxLineBytes = maxLineBytes
    }

    /// The next window, or nil at the end of the stream.
    mutating func next() throws -> Window? {
        var buffer = carry
        carry = []
        buffer.reserveCapacity(windowBytes + Self.chunkBytes)
        var lines: [Line] = []
        var lineStart = 0
        var scanFrom = 0
        while true {
            // Cut the lines that are complete.
            while let newline = Self.newline(in: buffer, from: scanFrom) {
                if discarding {
                    discarding = false
                } else {
                    var end = newline
                    if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
                    lines.append(.bytes(lineStart..<end))
                }
                lineStart = newline + 1
                scanFrom = lineStart
            }
            scanFrom = buffer.count
            // A partial line that is already too long is dropped as it arrives.
            if discarding {
                buffer.removeSubrange(lineStart...)
                scanFrom = lineStart
            } else if buffer.count - lineStart > maxLineBytes {
                lines.append(.tooLong)
                discarding = true
                buffer.removeSubrange(lineStart...)
                scanFrom = lineStart
            }
            if buffer.count >= windowBytes && !lines.isEmpty {
                carry = Array(buffer[lineStart...])
                return window(buffer, lines)
            }
            if atEnd {
                if lineStart < buffer.count && !discarding {
                    var end = buffer.count
                    if buffer[end - 1] == 0x0D { end -= 1 }
                    lines.append(.bytes(lineStart..<end))
                }
                discarding = false
                return lines.isEmpty ? nil : window(buffer, lines)
            }
            try readChunk(into: &buffer)
        }
    }

    /// The first LF at or after `start`: `memchr`, as the generic search over a slice costs
    /// several instructions a byte and every byte of the stream passes here.
    private static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { b in
            guard start < b.count, let base = b.baseAddress,
                  let found = memchr(base + start, 0x0A, b.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private mutating func window(_ bytes: [UInt8], _ lines: [Line]) -> Window {
        defer { nextLineNumber += lines.count }
        return Window(bytes: bytes, lines: lines, firstLineNumber: nextLineNumber)
    }

    private mutating func readChunk(into buffer: inout [UInt8]) throws {
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkBytes))
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, Self.chunkBytes) }
            if n < 0 {
                if errno == EINTR { continue }
                buffer.removeSubrange(old...)
                throw FileIO.Failure(path: "<stdin>", reason: FileIO.errnoText())
            }
            buffer.removeSubrange((old + n)...)
            if n == 0 { atEnd = true }
            return
        }
    }
}
