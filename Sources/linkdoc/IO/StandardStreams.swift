#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to the standard streams, and reading all of standard input.
enum StandardStreams {
    static func writeOutput(_ text: String) { write(Array(text.utf8), to: STDOUT_FILENO) }
    static func writeError(_ text: String) { write(Array(text.utf8), to: STDERR_FILENO) }
    static func writeOutput(bytes: [UInt8]) { write(bytes, to: STDOUT_FILENO) }
    static func writeOutput(bytes: UnsafeRawBufferPointer) { write(bytes, to: STDOUT_FILENO) }

    /// The first error writing standard output (a full disk, a closed pipe), as an errno.
    /// main.swift turns it into exit status 2 and a message: output that did not arrive must
    /// not look like success. The tool is single-threaded, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private(set) static var outputError: Int32? = nil

    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { write($0, to: fd) }
    }

    static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) {
        var offset = 0
        while offset < buffer.count {
            let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if fd == STDOUT_FILENO && outputError == nil { outputError = errno }
                return  // Nothing more can be written to this stream.
            }
            offset += n
        }
    }

    static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func readStandardInput() throws -> [UInt8] {
        try FileIO.readAll(fd: STDIN_FILENO, name: "<stdin>")
    }
}
