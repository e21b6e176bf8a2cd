import Foundation  // NSLock, NSString

/// The fonts of manifest views, opened once per process: each string laid out in a view would
/// otherwise read the font file again.
final class ViewFonts: @unchecked Sendable {
    static let shared = ViewFonts()
    private let lock = NSLock()
    private var opened: [String: OpenTypeFont] = [:]
    private var fallbacks: [any LayoutFont]?

    func fonts(regular: String?, bold: String?, relativeTo directory: String?) throws -> FontSet {
        lock.lock()
        defer { lock.unlock() }
        let fallbacks = self.fallbacks ?? [FontFile.notoColorEmoji, .dejaVuSans].compactMap { try? OpenTypeFont($0) }
        self.fallbacks = fallbacks
        let regularFile = try regular.map { spec in try Self.file(spec, directory) } ?? .notoSansCJKSC
        let boldFile = try bold.map { spec in try Self.file(spec, directory) } ?? (regular == nil ? .notoSansCJKSCBold : nil)
        return FontSet(regular: try open(regularFile), bold: boldFile.flatMap { try? open($0) }, fallbacks: fallbacks)
    }

    private func open(_ file: FontFile) throws -> OpenTypeFont {
        if let font = opened[file.description] { return font }
        let font = try OpenTypeFont(file)
        opened[file.description] = font
        return font
    }

    private static func file(_ spec: String, _ directory: String?) throws -> FontFile {
        guard var file = FontFile(parsing: spec) else { throw ViewFontSpecError(spec: spec) }
        if !file.path.hasPrefix("/"), let directory { file.path = (directory as NSString).appendingPathComponent(file.path) }
        return file
    }
}

struct ViewFontSpecError: Error, CustomStringConvertible {
    let spec: String
    var description: String { "the font \(spec) is not FILE or FILE#INDEX" }
}
