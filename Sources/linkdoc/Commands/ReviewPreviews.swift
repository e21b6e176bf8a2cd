#if canImport(LinkDocLayout)
import LinkDocCore
import LinkDocLayout
import LinkDocLint
import LinkDocModel

/// The review page's pictures of a string: the layout core's preview (`PreviewRenderer`, as
/// `linkdoc layout --png` draws it) in each view of the manifest that shows the string, at every
/// text size the view lists, with and without the tap areas marked, and the verdicts of
/// fits-lines and small-tap-target for that size.
struct ReviewPreviews {
    let manifest: Manifest
    /// `--preview WIDTH,SIZE`: a view for every string, besides the manifest's.
    let everyString: ManifestView?
    static let scale = 2
    /// The hit tolerance the tap-area verdict adds on each side, as small-tap-target does.
    static let tolerance: Double = 2

    func previews(of string: LintedString, file: String) -> [ReviewPreview] {
        guard let document = string.document else { return [] }
        var views = manifest.views.values.filter { $0.binds(file: file, key: string.key, manifestDirectory: manifest.directory) }
            .sorted { $0.name < $1.name }
        if let everyString { views.append(everyString) }
        var out: [ReviewPreview] = []
        for view in views {
            for size in view.sizes.sorted() {
                // A view whose font cannot be opened or whose picture would be too large has no
                // picture; fits-lines says why in the findings.
                if let preview = try? preview(document, in: view, size: size, language: string.language) { out.append(preview) }
            }
        }
        return out
    }

    private func preview(_ document: Document, in view: ManifestView, size: Double, language: String?) throws -> ReviewPreview {
        let request = try view.layoutRequest(size: size, language: language, manifestDirectory: manifest.directory)
        let shown = try Typesetter.layout(document, request)
        // Every line the copy needs, as fits-lines counts them: no limit.
        var unlimited = request
        unlimited.maximumLines = 0
        let needed = view.maxLines > 0 ? try Typesetter.layout(document, unlimited).lines.count : shown.lines.count
        let marked = try PreviewRenderer.render(shown, document: document, request: request, scale: Self.scale, tolerance: Self.tolerance)
        let clean = try PreviewRenderer.render(shown, document: document, request: request, scale: Self.scale, tolerance: Self.tolerance,
                                               overlays: false)
        let rects = shown.links.flatMap(\.rects)
        let tapAreasLargeEnough: Bool? = document.links.isEmpty ? nil : rects.allSatisfy {
            $0.height + 2 * Self.tolerance >= view.minTapHeight && $0.width + 2 * Self.tolerance >= view.minTapWidth
        }
        return ReviewPreview(view: view.name, size: size, width: view.width, marked: try marked.pngData(), clean: try clean.pngData(),
                             lines: needed, maxLines: view.maxLines, tapAreasLargeEnough: tapAreasLargeEnough)
    }
}
#endif
