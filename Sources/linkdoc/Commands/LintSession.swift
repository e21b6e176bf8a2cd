import Foundation
import LinkDocCore
import LinkDocFormats
import LinkDocLint
import LinkDocModel

/// What `lint` and `review` share: the inputs of the paths given (folders walked, include and
/// exclude globs), the configuration found or named and the subfolders' own, the compiler of each
/// input's manifest (one per manifest for the whole run), and each input read and linted. One code path, so that the review page shows exactly
/// the findings `lint` reports.
final class LintSession {
    let configuration: LintConfiguration
    let compilers: ManifestCompilers
    let verbose: Bool
    private let paths: [String]
    private let explicitManifest: String?
    private let nestedConfigurations: NestedConfigurations
    private var failed = false

    /// One input, read, with the linter and the compiler of the manifest that apply to it.
    struct Input {
        /// As named or found (`-` for standard input).
        let path: String
        /// As diagnostics name it (`<stdin>` for standard input).
        let name: String
        let bytes: [UInt8]
        let linter: Linter
        let compiler: Compiler
        let format: LocalizationFile.Format?

        /// Lints `bytes` as this input: a copy file, or a localization file in its format.
        func lint(_ bytes: [UInt8]) -> LintFileReport {
            guard let format else { return linter.lint(bytes, name: name, compiler: compiler) }
            return linter.lint(localization: bytes, name: name, format: format,
                               language: LocalizationFile.language(forPath: path), compiler: compiler)
        }
    }

    /// `keepsStrings`: whether reports hold every string's document (the review page needs them).
    init(paths: [String], configurationPath: String?, manifestPath: String?, verbose: Bool, keepsStrings: Bool) throws {
        self.paths = paths
        self.verbose = verbose
        configuration = try LintCommand.loadConfiguration(configurationPath, paths: paths)
        if verbose {
            StandardStreams.writeError("linkdoc: note: " + (configuration.path.map { "using the configuration \($0)" }
                ?? "no .linkdoc.json found (looked in the first path's folder and its parents); every rule has its default severity") + "\n")
        }
        var linter: Linter
        do { linter = try Linter(configuration: configuration) } catch { throw UsageError(message: error.message, suggestHelp: false) }
        linter.keepsStrings = keepsStrings
        explicitManifest = manifestPath
        compilers = ManifestCompilers(explicit: manifestPath ?? configuration.manifestPath,
                                  namedBy: manifestPath != nil ? "--manifest" : configuration.path ?? "the configuration",
                                  verbose: verbose)
        nestedConfigurations = NestedConfigurations(root: configuration, linter: linter, enabled: configurationPath == nil,
                                                    verbose: verbose, keepsStrings: keepsStrings)
    }

    /// A failure that is not the input's (a file that cannot be written): the run exits with 2.
    func markFailed() { failed = true }

    /// Reads each input in order and hands it to `body`; an input that cannot be read is reported
    /// on standard error and skipped. `.usage` when one could not be read (or `markFailed`).
    func forEachInput(_ body: (Input) throws -> Void) throws -> ExitStatus {
        var walkedFiles = Set<String>()
        for path in try LintCommand.inputs(paths, configuration: configuration, walkedFiles: &walkedFiles) {
            let (linter, nestedManifest) = try nestedConfigurations.linter(for: path)
            guard let linter else { continue }  // excluded by a subfolder's configuration
            let bytes: [UInt8]
            do {
                bytes = path == "-" ? try StandardStreams.readStandardInput()
                                    : try FileIO.read(path: path, regularOnly: walkedFiles.contains(path))
            } catch {
                // A file that vanished or cannot be read: say so, lint the rest.
                StandardStreams.writeError("linkdoc: error: \(error)\n")
                failed = true
                continue
            }
            let compiler = try explicitManifest == nil ? nestedManifest.map { try compilers.compiler(at: $0) } ?? compilers.compiler(for: path)
                                                       : compilers.compiler(for: path)
            try body(Input(path: path, name: path == "-" ? "<stdin>" : path, bytes: bytes, linter: linter, compiler: compiler,
                           format: LocalizationFile.format(forPath: path)))
        }
        return failed ? .usage : .success
    }
}

/// `--lang` and the environment's locale, for the commands that speak to people.
enum MessageLanguageChoice {
    /// The language `--lang` names, else the one LC_ALL, LC_MESSAGES or LANG names.
    static func language(_ option: String?) throws -> MessageLanguage {
        guard let option else { return MessageLanguage.fromEnvironment(ProcessInfo.processInfo.environment) }
        let primary = option.lowercased().prefix(2)
        guard let language = MessageLanguage(tag: option), primary == "en" || primary == "zh" else {
            throw UsageError(message: "--lang \(option) is not a language (" + MessageLanguage.allCases.map(\.rawValue).joined(separator: " or ") + ")")
        }
        return language
    }
}
