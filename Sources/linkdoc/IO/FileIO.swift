#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's read(2) and write(2), by a name that FileIO's and StandardStreams' own
/// `read` and `write` do not hide, on Linux and on Apple platforms alike.
#if canImport(Glibc)
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
#else
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#endif

/// File reading and atomic writing with POSIX calls, so that every failure has
/// a clear message and no output file is ever left half-written.
enum FileIO {
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    static func read(path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(path: path, reason: errnoText()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(path: path, reason: "is a directory") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, reason: errnoText()) }
        defer { close(fd) }
        return try readAll(fd: fd, name: path)
    }

    static func readAll(fd: Int32, name: String) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: name, reason: errnoText())
            }
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// Creates a folder and its missing parents (like `mkdir -p`).
    static func makeDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(path: path, reason: "is not a directory") }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectory(String(path[..<slash]))
        }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw Failure(path: path, reason: errnoText()) }
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and a
    /// rename, so readers see the old file or the new one, never a part. On any
    /// failure the temporary file is removed and the old file is left untouched.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(base).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(path: path, reason: "cannot create a temporary file: \(errnoText())") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw Failure(path: path, reason: errnoText())
                    }
                    offset += n
                }
            }
            guard fsync(fd) == 0 else { throw Failure(path: path, reason: errnoText()) }
            // mkstemp creates 0600; give the file the usual permissions.
            let mask = umask(0); umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        guard rename(temporary, path) == 0 else { throw Failure(path: path, reason: errnoText()) }
        succeeded = true
    }
}
