import Foundation
import PackagePlugin

/// `swift package lint-copy [--target NAME]… [lint options]`: runs `linkdoc lint` over the
/// copy that LinkDocPlugin compiles (see `TargetCopy`), for every target that uses the build
/// plugin, or the targets named. Other arguments go to `linkdoc lint` as they are
/// (`--reporter github`, `--strict`, `--config FILE`). Fixing rewrites the package's files,
/// which a command plugin may do only with the user's permission, so `--fix` is left to
/// `swift run linkdoc lint --fix PATH…`.
@main
struct LinkDocLintPlugin: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments
        if passed.contains("--fix") {
            throw Failure(description: "lint-copy does not rewrite files; run `swift run linkdoc lint --fix` with the files it names")
        }
        let targets: [SourceModuleTarget]
        if named.isEmpty {
            // The targets whose copy is compiled: those with a copy folder, a localization file
            // or a configuration file. Asking for their plugins is not part of the plugin API.
            targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        } else {
            targets = try context.package.targets(named: named).map { target in
                guard let source = target as? SourceModuleTarget else {
                    throw Failure(description: "\(target.name) is not a target with sources")
                }
                return source
            }
        }
        let tool = try context.tool(named: "linkdoc").url
        var failed: [String] = []
        var linted = 0
        for target in targets {
            let copy = try TargetCopy(folder: target.directoryURL, root: context.package.directoryURL)
            guard !copy.files.isEmpty else {
                if !named.isEmpty { Diagnostics.remark("\(target.name): no copy files (\(copy.copyFolder.path), .strings, .xcstrings)") }
                continue
            }
            linted += 1
            let process = Process()
            process.executableURL = tool
            process.arguments = ["lint"] + copy.manifestArguments + passed + copy.files.map(\.path)
            try process.run()
            process.waitUntilExit()
            if process.terminationReason != .exit || process.terminationStatus != 0 { failed.append(target.name) }
        }
        if linted == 0 { Diagnostics.remark("no target has copy to lint") }
        if !failed.isEmpty {
            throw Failure(description: "linkdoc lint failed for \(failed.joined(separator: ", ")) (its findings are above)")
        }
    }
}
