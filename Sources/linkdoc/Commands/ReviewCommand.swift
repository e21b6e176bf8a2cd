import Foundation
import LinkDocCore
import LinkDocLint
import LinkDocModel

/// `linkdoc review PATH… -o report.html [--manifest FILE] [--config FILE] [--lang zh-Hans|en]
/// [--preview WIDTH,SIZE]`: the inputs `lint` takes, linted as `lint` lints them (`LintSession`),
/// written as one self-contained HTML page for people who do not read terminals (`ReviewPage`),
/// with previews of the strings that the manifest's views show.
enum ReviewCommand {
    static func run(_ rawArguments: [String]) throws -> ExitStatus {
        let arguments = try Arguments(rawArguments, valued: ["--config", "--manifest", "-m", "--lang", "-o", "--output", "--preview"],
                                      boolean: ["--strict", "--verbose", "-h", "--help"], command: "review")
        if arguments.flag("-h", "--help") {
            StandardStreams.writeOutput(Help.review)
            return .success
        }
        guard let output = arguments.value("-o", "--output") else {
            throw UsageError(message: "review needs -o FILE: the page to write (e.g. -o report.html)")
        }
        let language = try MessageLanguageChoice.language(arguments.value("--lang"))
        let everyString = try arguments.value("--preview").map(previewSetting)
        let paths = arguments.positional.isEmpty ? ["."] : arguments.positional
        let session = try LintSession(paths: paths, configurationPath: arguments.value("--config"),
                                      manifestPath: arguments.value("--manifest", "-m"), verbose: arguments.flag("--verbose"),
                                      keepsStrings: true)
        var reports: [LintFileReport] = []
        var previews: [ReviewStringID: [ReviewPreview]] = [:]
        var status = try session.forEachInput { input in
            let report = input.lint(input.bytes)
            #if canImport(LinkDocLayout)
            let pictures = ReviewPreviews(manifest: input.compiler.manifest, everyString: everyString)
            for (s, string) in report.strings.enumerated() {
                let made = pictures.previews(of: string, file: input.name)
                if !made.isEmpty { previews[ReviewStringID(file: reports.count, string: s)] = made }
            }
            #endif
            reports.append(report)
        }
        let page = ReviewPage(reports: reports, previews: previews, language: language, rules: RuleCatalogue.descriptions).html()
        if output == "-" {
            StandardStreams.writeOutput(bytes: page)
        } else {
            do { try FileIO.writeAtomically(page, to: output) } catch { throw UsageError(message: "cannot write \(error)", suggestHelp: false) }
        }
        let severities = Set(reports.lazy.flatMap(\.diagnostics).map(\.diagnostic.severity))
        if status == .success && (severities.contains(.error) || (arguments.flag("--strict") && severities.contains(.warning))) {
            status = .inputErrors
        }
        return status
    }

    /// `--preview WIDTH,SIZE`: a view of that width and text size for every string.
    static func previewSetting(_ text: String) throws -> ManifestView {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let width = parts[0], let size = parts[1], width.isFinite, size.isFinite,
              (1...4000).contains(width), (1...200).contains(size) else {
            throw UsageError(message: "--preview \(text) is not WIDTH,SIZE in points (e.g. 320,17; width 1 to 4000, size 1 to 200)")
        }
        return ManifestView(name: "--preview \(text)", width: width, size: size)
    }
}
