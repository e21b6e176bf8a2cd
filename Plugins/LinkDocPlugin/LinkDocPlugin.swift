import Foundation
import PackagePlugin

/// Compiles a target's copy at build time.
///
/// Inputs, found in the target's folder:
///   - every `.xcstrings` and `.strings` file, anywhere in the target;
///   - `.txt` and `.html` copy files under the copy folder (default `Copy/`).
/// Each becomes `<base name>.json` among the target's resources (a document, or
/// a bundle for localization files), through one build command per file with
/// exact inputs and outputs, so only changed files are recompiled. One more
/// command writes `LinkDocStrings.swift`, typed accessors for the files and keys.
///
/// Optional `linkdoc-plugin.json` in the target's folder:
///   {"copyFolder": "Copy", "manifest": "linkdoc.json", "accessorType": "LinkDocStrings"}
/// `manifest` is relative to the target's folder; by default the manifest is
/// `linkdoc.json` in the target's folder or a parent up to the package's root.
/// The target must depend on the `LinkDocModel` product (the accessors use it),
/// and should `exclude` the copy files so that SwiftPM does not treat them as
/// unhandled (the plugin reads them from the folder itself).
@main
struct LinkDocPlugin: BuildToolPlugin {
    struct Configuration: Decodable {
        var copyFolder: String?
        var manifest: String?
        var accessorType: String?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let configURL = directory.appendingPathComponent("linkdoc-plugin.json")
        var configuration = Configuration()
        if FileManager.default.fileExists(atPath: configURL.path) {
            do {
                configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: configURL))
            } catch {
                throw Failure(description: "\(configURL.path): invalid LinkDocPlugin configuration: \(error)")
            }
        }
        let copyFolder = directory.appendingPathComponent(configuration.copyFolder ?? "Copy")
        let inputs = Self.copyFiles(in: directory, copyFolder: copyFolder)
        guard !inputs.isEmpty else { return [] }

        let manifest: URL? = try configuration.manifest.map { relative in
            let url = directory.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw Failure(description: "\(configURL.path): the manifest \(url.path) does not exist")
            }
            return url
        } ?? Self.discoverManifest(from: directory, upTo: context.package.directoryURL)

        let tool = try context.tool(named: "linkdoc").url
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Resources")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // Not --quiet: warnings reach the build log in the `file:line:column: warning:` form that IDEs show.
        var common: [String] = []
        var dependencies: [URL] = []
        if let manifest {
            common += ["--manifest", manifest.path]
            dependencies.append(manifest)
        }
        if FileManager.default.fileExists(atPath: configURL.path) { dependencies.append(configURL) }

        var commands: [Command] = []
        var names: [String: URL] = [:]
        for input in inputs {
            let name = input.deletingPathExtension().lastPathComponent
            if let other = names[name] {
                throw Failure(description: "\(other.path) and \(input.path) would both be the resource \(name).json; rename one")
            }
            names[name] = input
            let json = output.appendingPathComponent(name + ".json")
            commands.append(.buildCommand(
                displayName: "linkdoc compile \(input.lastPathComponent)",
                executable: tool,
                arguments: ["compile", input.path, "-o", json.path] + common,
                inputFiles: [input] + dependencies,
                outputFiles: [json]))
        }
        let accessors = context.pluginWorkDirectoryURL.appendingPathComponent("Generated/LinkDocStrings.swift")
        try FileManager.default.createDirectory(at: accessors.deletingLastPathComponent(), withIntermediateDirectories: true)
        commands.append(.buildCommand(
            displayName: "linkdoc accessors for \(target.name)",
            executable: tool,
            arguments: ["compile", "--swift-accessors", accessors.path,
                        "--swift-type", configuration.accessorType ?? "LinkDocStrings"] + inputs.map(\.path),
            inputFiles: inputs + dependencies,
            outputFiles: [accessors]))
        return commands
    }

    /// Localization files anywhere in the target; copy files under the copy folder.
    /// Sorted, so the commands are the same from build to build.
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
                found.append(url)
            } else if (ext == "txt" || ext == "html") && path.hasPrefix(copyPrefix) {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// `linkdoc.json` in the target's folder or a parent, not above the package.
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
