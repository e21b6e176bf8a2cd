import Foundation
import PackagePlugin

/// Compiles a target's copy at build time.
///
/// Inputs (see `TargetCopy`): every `.xcstrings` and `.strings` file in the target's
/// folder, and `.txt` and `.html` copy files under the copy folder (default `Copy/`).
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
/// `publicAccessors: true` in `linkdoc-plugin.json` makes the accessors public, for a
/// module whose copy other modules show. The target must depend on the `LinkDocModel`
/// product (the accessors use it); a SwiftPM target should `exclude` the copy files so that
/// SwiftPM does not treat them as unhandled (the plugin reads them from the folder itself).
@main
struct LinkDocPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let copy = try TargetCopy(folder: target.directoryURL, root: context.package.directoryURL)
        return try Self.commands(for: copy, tool: context.tool(named: "linkdoc").url, targetName: target.name,
                                 workDirectory: context.pluginWorkDirectoryURL, resourceBundle: "module")
    }

    /// The build commands for a target's copy, the same for SwiftPM and Xcode targets but for
    /// where the accessors find the resources at run time (`--swift-bundle`).
    static func commands(for copy: TargetCopy, tool: URL, targetName: String, workDirectory: URL,
                         resourceBundle: String) throws -> [Command] {
        guard !copy.files.isEmpty else { return [] }
        let output = workDirectory.appendingPathComponent("Resources")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // Not --quiet: warnings reach the build log in the `file:line:column: warning:` form that IDEs show.
        var commands: [Command] = []
        // Keyed by the lowercased name: `Legal.json` and `legal.json` are one file on a Mac's disk.
        var names: [String: (name: String, file: URL)] = [:]
        for resource in resources(copy.files, copyFolder: copy.copyFolder) {
            if let other = names[resource.name.lowercased()] {
                throw TargetCopy.Failure(description: other.name == resource.name
                    ? "\(other.file.path) and \(resource.files[0].path) would both be the resource \(resource.name).json; rename one"
                    : "\(other.file.path) and \(resource.files[0].path) would be the resources \(other.name).json and \(resource.name).json, "
                        + "one file on a case-insensitive disk (every Mac); rename one")
            }
            names[resource.name.lowercased()] = (resource.name, resource.files[0])
            let json = output.appendingPathComponent(resource.name + ".json")
            commands.append(.buildCommand(
                displayName: "linkdoc compile \(resource.files.map { $0.pathComponents.suffix(2).joined(separator: "/") }.joined(separator: " "))",
                executable: tool,
                arguments: ["compile"] + resource.files.map(\.path) + ["-o", json.path] + copy.manifestArguments,
                inputFiles: resource.files + copy.dependencies,
                outputFiles: [json]))
        }
        let accessors = workDirectory.appendingPathComponent("Generated/LinkDocStrings.swift")
        try FileManager.default.createDirectory(at: accessors.deletingLastPathComponent(), withIntermediateDirectories: true)
        commands.append(.buildCommand(
            displayName: "linkdoc accessors for \(targetName)",
            executable: tool,
            arguments: ["compile", "--swift-accessors", accessors.path,
                        "--swift-type", copy.configuration.accessorType ?? "LinkDocStrings",
                        "--swift-copy-folder", copy.copyFolder.standardizedFileURL.path,
                        "--swift-bundle", resourceBundle]
                + (copy.configuration.publicAccessors == true ? ["--swift-public"] : []) + copy.manifestArguments + copy.files.map(\.path),
            inputFiles: copy.files + copy.dependencies,
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
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same commands for a target of an Xcode project. Not built yet: linkdoc's CI has no
/// Mac, and `XcodeProjectPlugin` exists only in Xcode. It follows the documented API.
///
/// An Xcode target has no folder of its own, so its folder is the deepest folder that
/// holds all of its files (for Xcode's templates, `App/` beside `App.xcodeproj`), within
/// the project's folder. The accessors find the resources in the bundle of the target's
/// own code, since an Xcode target has no `Bundle.module`.
extension LinkDocPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let root = context.xcodeProject.directoryURL.standardizedFileURL
        let folder = Self.commonFolder(of: target.inputFiles.map { $0.url.standardizedFileURL }, within: root)
        let copy = try TargetCopy(folder: folder, root: root)
        return try Self.commands(for: copy, tool: context.tool(named: "linkdoc").url, targetName: target.displayName,
                                 workDirectory: context.pluginWorkDirectoryURL, resourceBundle: "target")
    }

    /// The deepest folder under `root` that holds every file of `files` that is under `root`.
    static func commonFolder(of files: [URL], within root: URL) -> URL {
        let rootParts = root.pathComponents
        var common: [String]? = nil
        for file in files where file.pathComponents.starts(with: rootParts) {
            let parts = Array(file.deletingLastPathComponent().pathComponents)
            common = common.map { Array(zip($0, parts).prefix { $0 == $1 }.map(\.0)) } ?? parts
        }
        guard let common, common.count > rootParts.count else { return root }
        return URL(fileURLWithPath: NSString.path(withComponents: common), isDirectory: true)
    }
}
#endif
