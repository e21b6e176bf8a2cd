import LinkDocHTML
import LinkDocModel

/// The resolve stage's part for an HTML document's styles and images: placed in the display
/// text once it is resolved (their ranges are in the flattened text the parser read), and each
/// image's URL checked, its problems reported at the tag.
enum DecorationPlacement {
    /// Appends the styles and images of `decorations` that cover some display text to `styles` and
    /// `attachments`. `steps` counts the lookups' steps.
    static func place(_ decorations: HTMLDecorations, in display: borrowing DisplayText, context: CompilerContext,
                      styles: inout [StyleSpan], attachments: inout [AttachmentSpan], reports: inout ReportLog, steps: inout Int) {
        // Read through the buffer, fewer elements are copied and none destroyed here than in a `for in`.
        let elements = decorations.elements
        elements.withUnsafeBufferPointer { elements in
            for element in elements.indices {
                switch elements[element].kind {
                case .style(let style):
                    let range = display.outputRange(ofInput: elements[element].range, steps: &steps)
                    guard !range.isEmpty, !style.isEmpty else { continue }
                    styles.append(StyleSpan(range: range, style: style))
                case .image(let src, let alt, let width, let height):
                    let range = display.outputRange(ofInput: elements[element].range, steps: &steps)
                    guard !range.isEmpty else { continue }
                    let url = src.flatMap { resourceURL($0, atSource: decorations.sourceOffset(of: elements[element]),
                                                        context: context, reports: &reports) }
                    attachments.append(AttachmentSpan(range: range, url: url, alt: alt, width: width, height: height))
                case .anchor, .paragraph:
                    continue
                }
            }
        }
    }

    /// A URL for an image or other resource: usable, or nil with the reason reported.
    static func resourceURL(_ raw: String, atSource offset: Int, context: CompilerContext, reports: inout ReportLog) -> String? {
        // A scheme-relative source (`//h5.sinaimg.cn/…`) takes https:, as a scheme-relative href does.
        if context.baseURL == nil && raw.hasPrefix("//") {
            return resourceURL("https:" + raw, atSource: offset, context: context, reports: &reports)
        }
        // A page's own files (`../icon.png`): the image stays, without a URL, unless a base resolves it.
        if context.baseURL == nil && ExplicitTarget.isRelativeReference(raw) {
            reports.report(.info, "the relative image source \"\(raw)\" has no URL without options.baseURL in the manifest",
                           RuleID.relativeHref, atSource: offset)
            return nil
        }
        let check = context.urls.check(raw)
        for problem in check.problems { reports.report(problem.severity, problem.message, problem.ruleID, atSource: offset) }
        return check.url
    }
}
