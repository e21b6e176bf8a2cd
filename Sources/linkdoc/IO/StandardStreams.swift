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

    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // A closed pipe: nothing more can be said.
                }
                offset += n
            }
        }
    }

    static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func readStandardInput() throws -> [UInt8] {
        try FileIO.readAll(fd: STDIN_FILENO, name: "<stdin>")
    }
}
