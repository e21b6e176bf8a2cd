import Foundation

/// Which files are Android string resources, and their language, from the
/// `res/values*` folder they are in.
///
/// A file is read as Android string resources when it is named `strings.xml`
/// (anywhere), or is any `*.xml` file directly inside a `values` or `values-…`
/// folder (`arrays.xml`, `plurals.xml`, …: Android merges every file of the
/// folder). Other resource types in those files (colors, dimens, styles) are
/// skipped, so a `colors.xml` simply has no strings.
///
/// The language comes from the folder's locale qualifier, which Android puts
/// after the optional `mccNNN` and `mncNNN` qualifiers:
///
///     values/                  no qualifier: the default resources (see `AndroidStringsReader`)
///     values-ja/               ja
///     values-zh-rCN/           zh-CN      (language, then `r` + region)
///     values-b+zh+Hans/        zh-Hans    (BCP 47, subtags joined by '+')
///     values-b+sr+Latn+RS/     sr-Latn-RS
///     values-mcc460-zh-rCN/    zh-CN
///     values-night/, values-v21/, values-zh-rTW-night/   other qualifiers are ignored
public enum AndroidResourceFolder {
    static func isAndroidStrings(path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let file = parts.last?.lowercased(), file.hasSuffix(".xml") else { return false }
        if file == "strings.xml" { return true }
        guard parts.count >= 2 else { return false }
        let folder = parts[parts.count - 2]
        return folder == "values" || folder.hasPrefix("values-")
    }

    /// The files an Android resource file's `@string/…` references may name, in the order they
    /// are searched: the other `*.xml` files of its folder, then (for a `values-…` folder) those
    /// of the default `values/` folder beside it, each folder's files by name. Files that
    /// cannot be read are left out (the references they would resolve are then reported).
    public static func siblingFiles(of path: String) -> [(name: String, bytes: [UInt8])] {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var folders = [folder]
        if valuesFolder(path) != nil && folder.lastPathComponent != "values" {
            folders.append(folder.deletingLastPathComponent().appendingPathComponent("values"))
        }
        var files: [(name: String, bytes: [UInt8])] = []
        for dir in folders {
            // Regular files only: a FIFO among them would block the read for ever.
            for entry in Folder.entries(of: dir.path) where entry.kind == .file && entry.name.lowercased().hasSuffix(".xml") {
                let file = dir.appendingPathComponent(entry.name)
                guard file.standardizedFileURL.path != url.standardizedFileURL.path,
                      let data = FileManager.default.contents(atPath: file.path) else { continue }
                files.append((file.path, Array(data)))
            }
        }
        return files
    }

    /// Whether the file is in a `values*` folder without a locale qualifier.
    static func isDefaultResources(path: String) -> Bool {
        guard let folder = valuesFolder(path) else { return false }
        return locale(ofQualifiers: folder) == nil
    }

    /// The language of the file's `values-…` folder, nil when it has none (or
    /// the file is not in a `values*` folder).
    static func language(forPath path: String) -> String? {
        valuesFolder(path).flatMap(locale(ofQualifiers:))
    }

    private static func valuesFolder(_ path: String) -> Substring? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2 else { return nil }
        let folder = parts[parts.count - 2]
        return folder == "values" || folder.hasPrefix("values-") ? folder : nil
    }

    /// Three-letter qualifiers that are not languages (UI mode `car`, HDR `hdr`).
    private static let notLanguages: Set<Substring> = ["car", "hdr"]

    static func locale(ofQualifiers folder: Substring) -> String? {
        var qualifiers = folder.split(separator: "-").dropFirst()[...]  // drop "values"
        while let q = qualifiers.first, (q.hasPrefix("mcc") || q.hasPrefix("mnc")), q.count > 3,
              q.dropFirst(3).allSatisfy(\.isASCIIDigit) {
            qualifiers = qualifiers.dropFirst()
        }
        guard let first = qualifiers.first else { return nil }
        if first.hasPrefix("b+") {
            let subtags = first.dropFirst(2).split(separator: "+")
            let tag = subtags.joined(separator: "-")
            return !subtags.isEmpty && LocalizationFile.isLanguageTag(tag) ? tag : nil
        }
        guard (2...3).contains(first.count), first.allSatisfy(\.isASCIILowercaseLetter), !notLanguages.contains(first) else {
            return nil
        }
        var tag = String(first)
        if qualifiers.count >= 2 {
            let region = qualifiers[qualifiers.startIndex + 1]
            // `r` + an ISO 3166 region (rCN) or a UN M.49 area (r419).
            let code = region.dropFirst()
            if region.first == "r",
               (code.count == 2 && code.allSatisfy(\.isASCIIUppercaseLetter)) || (code.count == 3 && code.allSatisfy(\.isASCIIDigit)) {
                tag += "-" + code
            }
        }
        return tag
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILowercaseLetter: Bool { ("a"..."z").contains(self) }
    var isASCIIUppercaseLetter: Bool { ("A"..."Z").contains(self) }
}
