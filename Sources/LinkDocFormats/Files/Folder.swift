#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders as linkdoc's walks read them (`lint DIR`, `compile Resources/`, an Android file's
/// folder set): one definition of what is skipped and of what an entry is, so that `lint` and
/// `compile` read the same files.
public enum Folder {
    /// What an entry is, symlinks followed.
    public enum Kind: Sendable, Equatable {
        case file
        case folder(FileID)
        /// A FIFO, socket or device: reading one may wait for a writer for ever, or never end.
        case special(String)
        /// A symlink whose target does not exist: kept, so that reading it fails with an
        /// error instead of the file vanishing without a word.
        case dangling
    }

    /// A file system object's identity: a folder reached twice through symlinks is one folder.
    public struct FileID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    public struct Entry: Sendable {
        public var path: String
        public var name: String
        public var kind: Kind
    }

    /// Entries no walk reads: hidden ones (`.git`, `.DS_Store`, and the AppleDouble `._Name`
    /// files that macOS writes beside every file on a foreign volume, which are resource forks,
    /// not copy) and `node_modules`.
    public static func isSkipped(_ name: String) -> Bool {
        name.hasPrefix(".") || name == "node_modules"
    }

    /// The entries of a folder that walks read, sorted by their UTF-8 bytes; empty when the
    /// folder cannot be listed. Entries that vanish while listed are left out.
    public static func entries(of folder: String) -> [Entry] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." && !isSkipped(name) { names.append(name) }
        }
        let base = folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { name in
            let path = base + name
            return kind(of: path).map { Entry(path: path, name: name, kind: $0) }
        }
    }

    /// What `path` is, symlinks followed; nil when it does not exist at all.
    public static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            var link = stat()
            return lstat(path, &link) == 0 ? .dangling : nil
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        case S_IFIFO: return .special("a FIFO")
        case S_IFSOCK: return .special("a socket")
        default: return .special("a device")
        }
    }

    /// Every file below `root`, in sorted order, each real folder entered once (a symlink to
    /// a folder already walked, or to one of its parents, adds nothing), and the special files
    /// met on the way, which are not read.
    public static func walk(_ root: String) -> (files: [String], special: [(path: String, kind: String)]) {
        var files: [String] = []
        var special: [(path: String, kind: String)] = []
        var entered = Set<FileID>()
        // Depth first, in sorted order, without recursion: a deep tree cannot exhaust the stack.
        guard case .folder(let rootID)? = kind(of: root) else { return ([], []) }
        entered.insert(rootID)
        var stack: [[Entry]] = [entries(of: root).reversed()]
        while !stack.isEmpty {
            guard let entry = stack[stack.count - 1].popLast() else { stack.removeLast(); continue }
            switch entry.kind {
            case .file, .dangling: files.append(entry.path)
            case .special(let what): special.append((path: entry.path, kind: what))
            case .folder(let id):
                if entered.insert(id).inserted { stack.append(entries(of: entry.path).reversed()) }
            }
        }
        return (files: files, special: special)
    }
}
