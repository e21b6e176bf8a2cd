#if LINKDOC_LAYOUT
import Foundation
import LinkDocCore
import LinkDocLayout
import LinkDocModel

// The rules that lay copy out in the views of the manifest (`views`, ManifestView). Both are on by
// default and find nothing in copy that no view binds: declaring a view is what asks for them.

extension ManifestView {
    /// Whether this view shows the copy of `file` (a path glob, matched against the path relative
    /// to the manifest's folder, as include globs are) or of the localization key `key`.
    public func binds(file: String, key: String?, manifestDirectory: String?) -> Bool {
        if let key, keys.contains(where: { Glob($0).matches(key) }) { return true }
        guard !paths.isEmpty else { return false }
        var relative = URL(fileURLWithPath: file).standardizedFileURL.path
        if let base = manifestDirectory.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }), relative.hasPrefix(base + "/") {
            relative = String(relative.dropFirst(base.count + 1))
        } else {
            relative = file
        }
        return paths.contains { Glob($0).matches(relative) }
    }
}

/// The views that bind the copy of a context, by name.
private func boundViews(_ context: LintContext) -> [ManifestView] {
    context.manifest.views.values.filter { $0.binds(file: context.file, key: context.key, manifestDirectory: context.manifest.directory) }
        .sorted { $0.name < $1.name }
}

private func format(_ x: Double) -> String {
    x == x.rounded() ? String(Int(x)) : String(format: "%.1f", x)
}

public struct FitsLinesRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .fitsLines, defaultSeverity: .warning,
        summary: "Copy that needs more lines than the view it is shown in allows, in its language and at each text size the view lists",
        rationale: "A dialog sized for the Chinese copy at the default text size truncates the German one, or the same copy at a larger Dynamic Type size, and the cut-off words are often the link. The manifest's views say which copy each view shows (paths, keys), its width, font and maxLines, and the sizes it must fit at; the finding names the language, the lines needed and allowed, the size and the width.",
        triggering: ["↓请阅读并同意《用户协议》和《隐私政策》后继续使用本应用的全部功能"],
        nonTriggering: ["同意《用户协议》", "请阅读并同意《用户协议》"])

    public func check(_ context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for view in boundViews(context) where view.maxLines > 0 {
            let copy = context.language.map { "the \($0) copy" } ?? "the copy"
            var overflows: [(size: Double, lines: Int)] = []
            for size in view.sizes.sorted() {
                let lines: Int
                do {
                    var request = try view.layoutRequest(size: size, language: context.language, manifestDirectory: context.manifest.directory)
                    // Every line the copy needs: no limit, and the view's own profile, so that the count
                    // is the one `linkdoc layout` gives (a text that ends in a line feed shows one more line).
                    request.maximumLines = 0
                    lines = try Typesetter.layout(context.document, request).lines.count
                } catch {
                    findings.append(context.finding(Self.description.id, "cannot lay out the copy in the view \"\(view.name)\": \(error)", at: 0))
                    break
                }
                if lines > view.maxLines { overflows.append((size, lines)) }
            }
            guard let first = overflows.first else { continue }
            let more = overflows.dropFirst().map { "\($0.lines) at \(format($0.size)) pt" }
            findings.append(context.finding(Self.description.id,
                "\(copy) needs \(first.lines) lines at \(format(first.size)) pt in the view \"\(view.name)\", which allows "
                + "\(view.maxLines) at \(format(view.width)) pt wide" + (more.isEmpty ? "" : " (and " + more.joined(separator: ", ") + ")"),
                at: 0))
        }
        return findings
    }
}

public struct SmallTapTargetRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .smallTapTarget, defaultSeverity: .warning,
        summary: "A link whose tappable rectangle in a view, with the 2 pt hit tolerance on each side, is lower or narrower than the view's minimum",
        rationale: "A one-character link or a link on small text is hard to hit, and a tap that misses opens nothing or the neighbour. Apple's 44 pt guidance is for a whole control; for links inside text the view's minTapHeight and minTapWidth (default 24 × 24 pt, WCAG 2.2's target-size minimum) are the threshold, measured at the view's size.",
        triggering: ["点↓[这](https://example.com/a)里"],
        nonTriggering: ["请阅读[帮助中心](https://example.com/help)"])

    /// The hit tolerance the layout core's hit-test adds on each side by default.
    static let tolerance: Double = 2

    public func check(_ context: LintContext) -> [LintFinding] {
        guard !context.document.links.isEmpty else { return [] }
        var findings: [LintFinding] = []
        let sources = context.result.linkSources
        for view in boundViews(context) {
            // fits-lines reports a font or a number that cannot be laid out
            guard let request = try? view.layoutRequest(size: view.size, language: context.language,
                                                        manifestDirectory: context.manifest.directory),
                  let layout = try? Typesetter.layout(context.document, request) else { continue }
            for geometry in layout.links where geometry.link < sources.count {
                guard let smallest = geometry.rects.min(by: { min($0.width, $0.height) < min($1.width, $1.height) }) else { continue }
                let height = smallest.height + 2 * Self.tolerance, width = smallest.width + 2 * Self.tolerance
                guard height < view.minTapHeight || width < view.minTapWidth else { continue }
                findings.append(context.finding(Self.description.id,
                    "the link's tappable area in the view \"\(view.name)\" is \(format(width)) × \(format(height)) pt at \(format(view.size)) pt "
                    + "(tolerance included), under the minimum \(format(view.minTapWidth)) × \(format(view.minTapHeight)) pt",
                    at: sources[geometry.link].lowerBound))
            }
        }
        return findings
    }
}
#endif
