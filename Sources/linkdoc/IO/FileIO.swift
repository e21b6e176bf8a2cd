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

    /// Reads a file. A path the user named may be a pipe (`<(command)`); one that a folder walk
    /// found must be a regular file (`regularOnly`), so that a FIFO put there since the walk
    /// cannot block the run: it is opened without waiting for a writer and refused.
    static func read(path: String, regularOnly: Bool = false) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(path: path, reason: errnoText()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(path: path, reason: "is a directory") }
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw Failure(path: path, reason: errnoText()) }
        defer { close(fd) }
        if regularOnly {
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw Failure(path: path, reason: "is not a regular file (a FIFO, socket or device), so it is not read")
            }
            // Back to blocking reads for the file itself.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
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
    /// A new file gets the usual permissions (0666 less the umask); `keeping` gives the
    /// mode and owner of the file replaced.
    static func writeAtomically(_ bytes: [UInt8], to path: String, keeping original: stat? = nil) throws {
        let temporary = try writeTemporary(bytes, for: path, keeping: original)
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw Failure(path: path, reason: reason)
        }
    }

    /// Writes a set of files (`compile --split`'s languages) all or none: every file is written
    /// to a temporary file first, and only when all are on disk do they replace the old ones;
    /// the old ones are kept under a second name (a hard link: no space) until every rename has
    /// succeeded, and put back if one fails. Files of the folder that are not in the set stay.
    static func writeAll(_ files: [(path: String, bytes: [UInt8])]) throws {
        var temporaries: [String] = []
        defer { for t in temporaries { unlink(t) } }
        for file in files { temporaries.append(try writeTemporary(file.bytes, for: file.path, keeping: nil)) }
        var backups: [String?] = []
        var renamed = 0
        defer { for case let b? in backups { unlink(b) } }
        do {
            for (file, temporary) in zip(files, temporaries) {
                var backup: String? = nil
                var info = stat()
                if lstat(file.path, &info) == 0 {
                    let name = file.path + ".linkdoc-old-\(getpid())"
                    unlink(name)
                    guard link(file.path, name) == 0 else { throw Failure(path: file.path, reason: "cannot keep the old file: \(errnoText())") }
                    backup = name
                }
                backups.append(backup)
                guard rename(temporary, file.path) == 0 else { throw Failure(path: file.path, reason: errnoText()) }
                renamed += 1
            }
            temporaries = []
        } catch {
            // Put back what was replaced: the old set, whole.
            for k in 0..<renamed {
                if let backup = backups[k] { rename(backup, files[k].path); backups[k] = nil } else { unlink(files[k].path) }
            }
            throw error
        }
    }

    /// A temporary file beside `path` holding `bytes`, on disk (fsync); removed on any failure.
    private static func writeTemporary(_ bytes: [UInt8], for path: String, keeping original: stat?) throws -> String {
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
        if let original {
            // The owner first: changing it may clear the set-id bits that the mode then restores.
            if original.st_uid != geteuid() || original.st_gid != getegid() {
                guard fchown(fd, original.st_uid, original.st_gid) == 0 else {
                    throw Failure(path: path, reason: "cannot keep its owner and group (\(errnoText())); it was not changed")
                }
            }
            guard fchmod(fd, original.st_mode & 0o7777) == 0 else {
                throw Failure(path: path, reason: "cannot keep its permissions (\(errnoText())); it was not changed")
            }
        } else {
            // mkstemp creates 0600; give the file the usual permissions.
            let mask = umask(0); umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        succeeded = true
        return temporary
    }

    /// Why a user's file may not be rewritten: `rewrite` refuses it and changes nothing.
    struct Refusal: Error {
        let reason: String
    }

    /// Rewrites a user's file with `bytes` (`lint --fix`) as if edited in place: through a
    /// symlink the file it names is rewritten and the link stays; the mode, owner and group are
    /// kept. Refused, with nothing changed: a read-only file (no write permission bit, whoever
    /// runs linkdoc: root may write anything), a file with other hard links (a new file would
    /// part them), and a file whose bytes are no longer `expected` (changed since it was read).
    /// Extended attributes and ACLs are not carried over to the new file.
    static func rewrite(_ bytes: [UInt8], to path: String, expected: [UInt8]) throws {
        guard let resolved = realpath(path, nil) else { throw Failure(path: path, reason: errnoText()) }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { throw Failure(path: path, reason: errnoText()) }
        // The report names the path given; the reason names the file behind a link.
        let subject = target == path ? "it" : "\(target), which it links to,"
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Refusal(reason: "\(subject) is not a regular file") }
        guard info.st_mode & 0o222 != 0 else {
            throw Refusal(reason: "\(subject) is read-only (mode \(String(info.st_mode & 0o7777, radix: 8)))")
        }
        guard access(target, W_OK) == 0 else { throw Refusal(reason: "\(subject) is not writable (\(errnoText()))") }
        guard info.st_nlink <= 1 else {
            throw Refusal(reason: "\(subject) has \(info.st_nlink) hard links, which a rewrite would part")
        }
        guard (try? read(path: target, regularOnly: true)) == expected else {
            throw Refusal(reason: "\(subject) changed while linkdoc was reading it")
        }
        try writeAtomically(bytes, to: target, keeping: info)
    }
}
