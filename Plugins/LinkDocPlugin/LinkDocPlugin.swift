import Foundation
import PackagePlugin

/// Compiles a target's copy at build time.
///
/// Inputs, found in the target's folder:
///   - every `.xcstrings` and `.strings` file, anywhere in the target;
///   - `.txt` and `.html` copy files under the copy folder (default `Copy/`).
/// Each becomes `<base name>.json` among the target's resources (a document, or
/// a bundle for localization files), through one build command per resource with
/// exact inputs and outputs, so only changed files are recompiled. A table in several
/// `*.lproj` folders (`en.lproj/Legal.strings`, `zh-Hans.lproj/Legal.strings`) is one
/// resource, `Legal.json`, with every language. A copy file in a subfolder of the copy
/// folder is named after its subfolders too (`Copy/onboarding/welcome.txt` →
/// `onboarding.welcome.json`, `LinkDocStrings.Onboarding.welcome`), since a target's
/// resources are one flat folder. One more command writes `LinkDocStrings.swift`,
/// typed accessors for the files and keys; with the manifest's `options.linkScheme`, their
/// `attributedString()` gives every link a URL (`myapp://action/expand`).
///
/// Optional `linkdoc-plugin.json` in the target's folder:
///   {"copyFolder": "Copy", "manifest": "linkdoc.json", "accessorType": "LinkDocStrings",
///    "publicAccessors": false}
/// `publicAccessors: true` makes the accessors public, for a module whose copy other
/// modules show.
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
        var publicAccessors: Bool?
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
        // Keyed by the lowercased name: `Legal.json` and `legal.json` are one file on a Mac's disk.
        var names: [String: (name: String, file: URL)] = [:]
        for resource in Self.resources(inputs, copyFolder: copyFolder) {
            if let other = names[resource.name.lowercased()] {
                throw Failure(description: other.name == resource.name
                    ? "\(other.file.path) and \(resource.files[0].path) would both be the resource \(resource.name).json; rename one"
                    : "\(other.file.path) and \(resource.files[0].path) would be the resources \(other.name).json and \(resource.name).json, "
                        + "one file on a case-insensitive disk (every Mac); rename one")
            }
            names[resource.name.lowercased()] = (resource.name, resource.files[0])
            let json = output.appendingPathComponent(resource.name + ".json")
            commands.append(.buildCommand(
                displayName: "linkdoc compile \(resource.files.map { $0.pathComponents.suffix(2).joined(separator: "/") }.joined(separator: " "))",
                executable: tool,
                arguments: ["compile"] + resource.files.map(\.path) + ["-o", json.path] + common,
                inputFiles: resource.files + dependencies,
                outputFiles: [json]))
        }
        let accessors = context.pluginWorkDirectoryURL.appendingPathComponent("Generated/LinkDocStrings.swift")
        try FileManager.default.createDirectory(at: accessors.deletingLastPathComponent(), withIntermediateDirectories: true)
        commands.append(.buildCommand(
            displayName: "linkdoc accessors for \(target.name)",
            executable: tool,
            arguments: ["compile", "--swift-accessors", accessors.path,
                        "--swift-type", configuration.accessorType ?? "LinkDocStrings",
                        "--swift-copy-folder", copyFolder.standardizedFileURL.path]
                + (configuration.publicAccessors == true ? ["--swift-public"] : []) + common + inputs.map(\.path),
            inputFiles: inputs + dependencies,
            outputFiles: [accessors]))
        return commands
    }

    /// One resource: its name and the files compiled into it.
    struct Resource {
        var name: String
        var files: [URL]
    }

    /// The resources of `inputs`, named as `linkdoc compile --swift-accessors` names them:
    /// a `.strings` table's files in `*.lproj` folders of one folder together under the
    /// table's name; a copy file by its subfolders of the copy folder and base name, joined by dots.
    static func resources(_ inputs: [URL], copyFolder: URL) -> [Resource] {
        let copyParts = copyFolder.standardizedFileURL.pathComponents
        var resources: [Resource] = []
        var tables: [String: Int] = [:]
        for input in inputs {
            let base = input.deletingPathExtension().lastPathComponent
            let folder = input.deletingLastPathComponent()
            if input.pathExtension.lowercased() == "strings" && folder.pathExtension == "lproj" {
                let table = folder.deletingLastPathComponent().appendingPathComponent(input.lastPathComponent).path
                if let index = tables[table] {
                    resources[index].files.append(input)
                } else {
                    tables[table] = resources.count
                    resources.append(Resource(name: base, files: [input]))
                }
                continue
            }
            let parts = input.standardizedFileURL.pathComponents
            let subfolders = parts.starts(with: copyParts) ? Array(parts.dropFirst(copyParts.count).dropLast()) : []
            resources.append(Resource(name: (subfolders + [base]).joined(separator: "."), files: [input]))
        }
        return resources
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
                found.append(url.standardizedFileURL)
            } else if (ext == "txt" || ext == "html") && path.hasPrefix(copyPrefix) {
                found.append(url.standardizedFileURL)
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
