import Foundation

/// A target's copy as LinkDocPlugin and LinkDocLintPlugin see it: the files, the
/// manifest and the plugin configuration. Both plugins read this one file (the lint
/// plugin's copy is a symbolic link), so they never disagree about what the copy is.
///
/// Optional `linkdoc-plugin.json` in the target's folder:
///   {"copyFolder": "Copy", "manifest": "linkdoc.json", "accessorType": "LinkDocStrings",
///    "publicAccessors": false}
/// `manifest` is relative to the target's folder; by default the manifest is
/// `linkdoc.json` in the target's folder or a parent up to the package's (or Xcode
/// project's) folder.
struct TargetCopy {
    struct Configuration: Decodable {
        var copyFolder: String?
        var manifest: String?
        var accessorType: String?
        var publicAccessors: Bool?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let folder: URL
    let configuration: Configuration
    /// The configuration file, when the target has one (an input of every command).
    let configurationFile: URL?
    let copyFolder: URL
    /// Localization files anywhere in the target; copy files under the copy folder. Sorted,
    /// so the commands are the same from build to build.
    let files: [URL]
    let manifest: URL?

    init(folder: URL, root: URL) throws {
        self.folder = folder
        let configURL = folder.appendingPathComponent("linkdoc-plugin.json")
        if FileManager.default.fileExists(atPath: configURL.path) {
            do {
                configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: configURL))
            } catch {
                throw Failure(description: "\(configURL.path): invalid LinkDocPlugin configuration: \(error)")
            }
            configurationFile = configURL
        } else {
            configuration = Configuration()
            configurationFile = nil
        }
        copyFolder = folder.appendingPathComponent(configuration.copyFolder ?? "Copy")
        files = Self.copyFiles(in: folder, copyFolder: copyFolder)
        manifest = try configuration.manifest.map { relative in
            let url = folder.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw Failure(description: "\(configURL.path): the manifest \(url.path) does not exist")
            }
            return url
        } ?? Self.discoverManifest(from: folder, upTo: root)
    }

    /// `--manifest FILE` when there is one.
    var manifestArguments: [String] { manifest.map { ["--manifest", $0.path] } ?? [] }

    /// What every command reads besides its own files.
    var dependencies: [URL] { [manifest, configurationFile].compactMap { $0 } }

    static func copyFiles(in directory: URL, copyFolder: URL) -> [URL] {
        let copyPrefix = copyFolder.standardizedFileURL.path + "/"
        var found: [URL] = []
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let ext = url.pathExtension.lowercased()
            let path = url.standardizedFileURL.path
            if ext == "xcstrings" || ext == "strings" {
                found.append(url.standardizedFileURL)
            } else if (ext == "txt" || ext == "html") && path.hasPrefix(copyPrefix) {
                found.append(url.standardizedFileURL)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// `linkdoc.json` in the target's folder or a parent, not above `root`.
    static func discoverManifest(from directory: URL, upTo root: URL) -> URL? {
        var url = directory.standardizedFileURL
        let rootPath = root.standardizedFileURL.path
        while true {
            let candidate = url.appendingPathComponent("linkdoc.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if url.path == rootPath || url.path == "/" { return nil }
            url = url.deletingLastPathComponent()
        }
    }
}
