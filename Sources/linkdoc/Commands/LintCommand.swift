import Foundation
import LinkDocCore
import LinkDocFormats
import LinkDocLint
import LinkDocModel

/// `linkdoc lint [PATH…|-] [--config FILE] [--manifest FILE] [--reporter NAME] [--strict] [--fix [--dry-run]]`
enum LintCommand {
    /// Extensions that lint reads when it walks a folder; a file named on the
    /// command line is read whatever its extension. `.xml` files only when they
    /// are Android string resources (`strings.xml`, or in a `values*` folder):
    /// layouts, manifests and other XML are not copy.
    static let lintableExtensions: Set<String> = ["txt", "html", "htm", "strings", "xcstrings", "xml"]

    static func isLintable(_ file: String) -> Bool {
        let ext = (file as NSString).pathExtension.lowercased()
        guard lintableExtensions.contains(ext) else { return false }
        return ext != "xml" || LocalizationFile.format(forPath: file) == .androidStrings
    }

    static func run(_ rawArguments: [String]) throws -> ExitStatus {
        let arguments = try Arguments(rawArguments, valued: ["--config", "--manifest", "-m", "--reporter", "-r", "--lang"],
                                      boolean: ["--strict", "--fix", "--dry-run", "--verbose", "-h", "--help"], command: "lint")
        if arguments.flag("-h", "--help") {
            StandardStreams.writeOutput(Help.lint)
            return .success
        }
        let reporterName = arguments.value("--reporter", "-r") ?? TextReporter.name
        guard let reporter = Reporters.named(reporterName) else {
            let names = Reporters.all.map { $0.name }
            throw UsageError(message: "unknown reporter '\(reporterName)'" + Spelling.suggestion(for: reporterName, among: names)
                                 + " (known: \(names.joined(separator: ", ")))")
        }
        let language = arguments.value("--lang") == nil && !reporter.isReadByPeople
            ? MessageLanguage.english : try MessageLanguageChoice.language(arguments.value("--lang"))
        let fix = arguments.flag("--fix"), dryRun = arguments.flag("--dry-run")
        if dryRun && !fix { throw UsageError(message: "--dry-run goes with --fix") }
        let paths = arguments.positional.isEmpty ? ["."] : arguments.positional
        if fix && paths.contains("-") { throw UsageError(message: "--fix rewrites files; it cannot fix standard input") }

        let session = try LintSession(paths: paths, configurationPath: arguments.value("--config"),
                                      manifestPath: arguments.value("--manifest", "-m"), verbose: arguments.flag("--verbose"),
                                      keepsStrings: reporter.needsStrings)
        var reports: [LintFileReport] = []
        var fixedFindings = 0, fixedFiles = 0
        var diffs = ""
        var status = try session.forEachInput { input in
            let bytes = input.bytes, name = input.name, linter = input.linter
            var report = input.lint(bytes)
            if fix {
                // A file is rewritten only as the fixes say; when it cannot be, the report says
                // why and keeps every finding.
                func notApplied(_ reason: String, severity: Severity?) {
                    guard let severity else { return }
                    report.diagnostics.append(LintDiagnostic(diagnostic: Diagnostic(
                        severity: severity, message: "--fix did not rewrite the file: \(reason)", ruleID: .fixNotApplied, file: name),
                        fix: nil))
                }
                let refusalSeverity = linter.configuration.severity(of: FixNotAppliedRule.description)
                if let reason = report.fixesWithheld {
                    notApplied(reason, severity: refusalSeverity)
                } else if let source = report.source {
                    let edits = report.diagnostics.compactMap(\.fix).flatMap { $0 }
                    let fixable = report.diagnostics.filter { $0.fix != nil }.count
                    if !edits.isEmpty {
                        let fixed = Fixer.restoreForm(Fixer.apply(edits, to: source.bytes), like: bytes)
                        if dryRun {
                            diffs += Fixer.unifiedDiff(path: name, old: bytes, new: fixed)
                            report = input.lint(fixed)  // what is left after the fixes
                            fixedFindings += fixable
                            fixedFiles += 1
                        } else {
                            do {
                                try FileIO.rewrite(fixed, to: input.path, expected: bytes)
                                report = input.lint(fixed)
                                fixedFindings += fixable
                                fixedFiles += 1
                            } catch let refusal as FileIO.Refusal {
                                notApplied(refusal.reason, severity: refusalSeverity)
                            } catch {
                                StandardStreams.writeError("linkdoc: error: cannot write \(error)\n")
                                notApplied("\(error)", severity: .error)
                                session.markFailed()
                            }
                        }
                    }
                }
            }
            reports.append(report)
        }

        let output = reporter.render(reports, rules: RuleCatalogue.descriptions, language: language)
        // What --fix changed, on standard error so that a JSON or SARIF report stays as it is.
        let fixSummary = fix ? "linkdoc: " + (dryRun ? "--fix --dry-run would fix" : "--fix fixed")
            + " \(fixedFindings) finding\(fixedFindings == 1 ? "" : "s") in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s")\n" : ""
        if dryRun {
            StandardStreams.writeOutput(diffs)
            StandardStreams.writeError(output)
        } else {
            StandardStreams.writeOutput(output)
        }
        StandardStreams.writeError(fixSummary)
        let severities = Set(reports.lazy.flatMap(\.diagnostics).map(\.diagnostic.severity))
        if let searched = session.compilers.searchedInVain, !session.verbose,
           reports.contains(where: { $0.diagnostics.contains { $0.diagnostic.ruleID == RuleID.unknownAgreement } }) {
            StandardStreams.writeError("linkdoc: note: \(ManifestFinder.missingNote(searched: searched))\n")
        }
        if status == .success && (severities.contains(.error) || (arguments.flag("--strict") && severities.contains(.warning))) {
            status = .inputErrors
        }
        return status
    }

    static func loadConfiguration(_ explicit: String?, paths: [String]) throws -> LintConfiguration {
        let path: String?
        if let explicit {
            path = explicit
        } else {
            let first = paths.first { $0 != "-" } ?? "."
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory)
            let start = exists && isDirectory.boolValue ? first : (first as NSString).deletingLastPathComponent
            path = LintConfiguration.discover(startingAt: start.isEmpty ? "." : start)
        }
        guard let path else { return LintConfiguration() }
        do { return try LintConfiguration.load(path: path) } catch { throw UsageError(message: error.message, suggestHelp: false) }
    }

    /// Files to lint, in a stable order: named files as given, folders walked (`Folder.walk`:
    /// hidden entries skipped, each real folder once), filtered by the configuration's include
    /// and exclude globs. `walkedFiles` are those a walk found, which must be regular files
    /// when read (a named file may be a pipe).
    static func inputs(_ paths: [String], configuration: LintConfiguration, walkedFiles: inout Set<String>) throws -> [String] {
        let base = configuration.baseDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let include = configuration.include.map(Glob.init), exclude = configuration.exclude.map(Glob.init)
        func relative(_ path: String) -> String {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard let base, absolute.hasPrefix(base + "/") else { return path }
            return String(absolute.dropFirst(base.count + 1))
        }
        func isExcluded(_ path: String) -> Bool { exclude.contains { $0.matches(relative(path)) } }

        var files: [String] = []
        for path in paths {
            if path == "-" { files.append(path); continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // Missing or a dangling symlink: reading it reports the error for this file
                // alone, and the other inputs are still linted and reported.
                files.append(path)
                continue
            }
            if !isDirectory.boolValue {
                if !isExcluded(path) { files.append(path) }
                continue
            }
            let walked = Folder.walk(path)
            for (special, what) in walked.special where isLintable(special) && !isExcluded(special) {
                StandardStreams.writeError("linkdoc: note: \(special) is \(what), not a file: it is not read\n")
            }
            for file in walked.files {
                guard isLintable(file), !isExcluded(file) else { continue }
                if !include.isEmpty && !include.contains(where: { $0.matches(relative(file)) }) { continue }
                files.append(file)
                walkedFiles.insert(file)
            }
        }
        return files
    }
}

/// The `.linkdoc.json` files of subfolders, each over the configuration of its parents, for
/// the files below it; one linter per configuration, made once.
final class NestedConfigurations {
    private let root: LintConfiguration
    private let rootLinter: Linter
    private let enabled: Bool
    private let verbose: Bool
    private let keepsStrings: Bool
    private var byPath: [String: (linter: Linter, configuration: LintConfiguration)] = [:]
    /// The nearest `.linkdoc.json` of each folder seen (a folder holds many files: one search each).
    private var nearest: [String: String?] = [:]

    init(root: LintConfiguration, linter: Linter, enabled: Bool, verbose: Bool, keepsStrings: Bool) {
        self.root = root
        self.rootLinter = linter
        self.enabled = enabled
        self.verbose = verbose
        self.keepsStrings = keepsStrings
    }

    /// The linter for `input` (nil when a subfolder's configuration excludes it) and the
    /// manifest that a subfolder's configuration names, if one does.
    func linter(for input: String) throws -> (Linter?, String?) {
        guard enabled, input != "-" else { return (rootLinter, nil) }
        func standardized(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.path }
        let folder = (input as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        if nearest[directory] == nil { nearest[directory] = .some(LintConfiguration.discover(startingAt: directory)) }
        guard let found = nearest[directory]! else { return (rootLinter, nil) }
        let path = standardized(found)
        // The root's own file, or one above the root's folder, is no subfolder's.
        guard path != root.path.map(standardized),
              root.baseDirectory.map({ path.hasPrefix(standardized($0) + "/") }) ?? true else { return (rootLinter, nil) }
        if byPath[path] == nil {
            do {
                // Only the nearest file nests over the root: a folder between them is rare, and
                // reading every level would make the chain's order a question.
                let configuration = root.nested(try LintConfiguration.load(path: path))
                var linter = try Linter(configuration: configuration)
                linter.keepsStrings = keepsStrings
                byPath[path] = (linter, configuration)
            } catch {
                throw UsageError(message: error.message, suggestHelp: false)
            }
            if verbose { StandardStreams.writeError("linkdoc: note: using the configuration \(path) for the files below it\n") }
        }
        let (linter, configuration) = byPath[path]!
        return (configuration.admits(input) ? linter : nil, configuration.manifestPath == root.manifestPath ? nil : configuration.manifestPath)
    }
}

/// The compiler of each input's manifest: the manifest found as `compile` finds it (one per
/// folder) or named, loaded once, and its compiler made once for the whole run, however many
/// files and strings use it.
final class ManifestCompilers {
    private let explicit: String?
    private let namedBy: String
    private var loaded: [String: Compiler] = [:]
    /// For the inputs no manifest applies to.
    private lazy var withoutManifest = Compiler(manifest: .empty)
    /// The first folder where no manifest was found, for the note after the report.
    private(set) var searchedInVain: String?

    /// Say which manifest each folder uses (`--verbose`).
    private let verbose: Bool

    init(explicit: String?, namedBy: String, verbose: Bool = false) {
        self.explicit = explicit
        self.namedBy = namedBy
        self.verbose = verbose
    }

    func compiler(for input: String) throws -> Compiler {
        let path: String
        if let explicit {
            path = explicit
        } else {
            let folder = input == "-" ? "." : (input as NSString).deletingLastPathComponent
            let directory = folder.isEmpty ? "." : folder
            guard let found = Manifest.discover(startingAt: directory) else {
                if searchedInVain == nil {
                    searchedInVain = directory
                    if verbose { StandardStreams.writeError("linkdoc: note: \(ManifestFinder.missingNote(searched: directory))\n") }
                }
                return withoutManifest
            }
            path = found
        }
        return try compiler(at: path)
    }

    /// The compiler of the manifest at `path` (a subfolder configuration's), made once.
    func compiler(at path: String) throws -> Compiler {
        if let compiler = loaded[path] { return compiler }
        let manifest = try ManifestFinder.load(path, namedBy: explicit == nil ? nil : namedBy)
        let compiler = Compiler(manifest: manifest)
        loaded[path] = compiler
        if verbose { StandardStreams.writeError("linkdoc: note: using the manifest \(path)\n") }
        // Once per manifest file, however many inputs use it.
        DiagnosticPrinter(quiet: false).print(manifest.warnings)
        return compiler
    }
}
