#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a stream of lines in windows: a run of whole lines of about
/// `windowBytes`, read in chunks, so that memory stays bounded however long the
/// stream is. A line longer than `maxLineBytes` (line break and a trailing CR
/// excluded) is not kept: it is reported as too long (and the reader skips to its
/// end without storing it). Which lines are too long depends on their lengths only,
/// never on how the reads happened to cut the stream.
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
    /// The most bytes one `read` asks for: 64 KiB, or the window when it is smaller (tests
    /// shrink the window so that lines straddle windows and reads).
    let chunkBytes: Int

    private var carry: [UInt8] = []
    private var atEnd = false
    /// Before the stream's first bytes, where a UTF-8 byte order mark is skipped: editors on
    /// Windows and .NET's writers put one before the first record, and every JSON reader skips it.
    private var atStreamStart = true
    /// Inside a too-long line, until its line break.
    private var discarding = false
    private var nextLineNumber: Int
    /// How many lines the last window had: room for as many is reserved in the next, whose
    /// lines are then not copied as the array grows (a window of short records has thousands).
    /// The first window reserves what its first read suggests.
    private var lastLineCount = 0

    /// `firstLineNumber`: the number of the stream's first line (`compile --ndjson --first-line`).
    init(fd: Int32, windowBytes: Int = 1 << 20, maxLineBytes: Int = 64 << 20, firstLineNumber: Int = 1) {
        self.fd = fd
        nextLineNumber = firstLineNumber
        self.windowBytes = windowBytes
        self.maxLineBytes = maxLineBytes
        chunkBytes = min(1 << 16, max(1, windowBytes))
    }

    /// The next window, or nil at the end of the stream.
    mutating func next() throws -> Window? {
        var buffer = carry
        carry = []
        buffer.reserveCapacity(windowBytes + chunkBytes)
        var lines: [Line] = []
        lines.reserveCapacity(lastLineCount)
        var sized = lastLineCount > 0
        var lineStart = 0
        var scanFrom = 0
        while true {
            if atStreamStart {
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if buffer.count < bom.count && !atEnd && bom.starts(with: buffer) {
                    try readChunk(into: &buffer)
                    continue
                }
                if buffer.starts(with: bom) { buffer.removeFirst(bom.count) }
                atStreamStart = false
            }
            // Cut the lines that are complete.
            while let newline = Self.newline(in: buffer, from: scanFrom) {
                if discarding {
                    discarding = false
                } else {
                    lines.append(line(lineStart..<newline, in: buffer))
                }
                lineStart = newline + 1
                scanFrom = lineStart
            }
            if !sized && lineStart > 0 {
                // The first window: as many lines as its first lines suggest it holds (at most a
                // window's bytes plus these lines, each line having a byte at least).
                sized = true
                lines.reserveCapacity(lines.count * (windowBytes / lineStart + 1))
            }
            scanFrom = buffer.count
            // A partial line that is already too long is dropped as it arrives. Only once it is
            // longer than the limit plus one byte: its last byte may be the CR of a CRLF, which does
            // not count (a line of exactly the limit may have arrived without its LF).
            if discarding {
                buffer.removeSubrange(lineStart...)
                scanFrom = lineStart
            } else if buffer.count - lineStart > maxLineBytes + 1 {
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
                    lines.append(line(lineStart..<buffer.count, in: buffer))
                }
                discarding = false
                return lines.isEmpty ? nil : window(buffer, lines)
            }
            try readChunk(into: &buffer)
        }
    }

    /// A complete line (its LF excluded): its bytes without a trailing CR, or too long. A complete
    /// line is judged by its length too, not only a partial one: a line whose LF came in the same
    /// read as the bytes that took it past the limit would otherwise be kept, and whether it is
    /// would depend on where the reads cut the stream.
    private func line(_ range: Range<Int>, in buffer: [UInt8]) -> Line {
        var end = range.upperBound
        if end > range.lowerBound && buffer[end - 1] == 0x0D { end -= 1 }
        return end - range.lowerBound > maxLineBytes ? .tooLong : .bytes(range.lowerBound..<end)
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
        defer {
            nextLineNumber += lines.count
            lastLineCount = lines.count
        }
        return Window(bytes: bytes, lines: lines, firstLineNumber: nextLineNumber)
    }

    private mutating func readChunk(into buffer: inout [UInt8]) throws {
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunkBytes))
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunkBytes) }
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
