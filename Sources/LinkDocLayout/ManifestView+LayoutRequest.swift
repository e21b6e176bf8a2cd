import LinkDocCore

// A manifest's view (`views`, ManifestView: plain values in the core) as a layout request, here
// with the request: `linkdoc layout --view`, its NDJSON records' "view", the lint rules
// fits-lines and small-tap-target and the review page's previews all lay copy out in it.

extension ManifestView {
    /// The layout request of this view at text size `size`, with the fonts it names (relative to
    /// `manifestDirectory`) or Debian's Noto CJK. `language` picks the localized glyph forms.
    public func layoutRequest(size: Double, language: String?, manifestDirectory: String?) throws -> LayoutRequest {
        var request = LayoutRequest(width: width, fonts: try ViewFonts.shared.fonts(regular: font, bold: boldFont, relativeTo: manifestDirectory),
                                    size: size)
        if let language, language != "und" { request.language = language }
        request.profile = profile == "label" ? .label : .textView
        if let insets { request.insets = EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]) }
        request.lineFragmentPadding = padding
        request.lineSpacing = lineSpacing
        request.paragraphSpacing = paragraphSpacing
        request.maximumLines = maxLines
        return request
    }
}
