import Foundation
import LinkDocBase

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
///     values-in/, values-iw/   id, he     (Java's withdrawn ISO 639 codes, as BCP 47 spells them)
///
/// Any other qualifier (`night`, `land`, `v21`, `sw600dp`, `mcc460`, …) makes the folder's strings
/// a variation of their keys (`config.night`, `config.land-v21`), never their text: Android
/// shows them only on a device in that configuration.
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
        return qualifiers(of: folder).locale == nil
    }

    /// The language of the file's `values-…` folder in BCP 47 (`values-zh-rCN` → `zh-CN`,
    /// `values-in` → `id`), nil when it has none (or the file is not in a `values*` folder).
    static func language(forPath path: String) -> String? {
        valuesFolder(path).flatMap { qualifiers(of: $0).locale }
    }

    /// The folder's qualifiers that are not its locale, as the folder spells them, joined by `-`
    /// (`values-night` → `night`, `values-zh-rTW-land-v21` → `land-v21`, `values-mcc460` →
    /// `mcc460`); nil when there are none. Android shows such a folder's strings only on a device
    /// in that configuration, so they are a variation of the key (`config.night`), never its text.
    static func configuration(forPath path: String) -> String? {
        valuesFolder(path).flatMap { qualifiers(of: $0).configuration }
    }

    private static func valuesFolder(_ path: String) -> Substring? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2 else { return nil }
        let folder = parts[parts.count - 2]
        return folder == "values" || folder.hasPrefix("values-") ? folder : nil
    }

    /// Three-letter qualifiers that are not languages (UI mode `car`, HDR `hdr`).
    private static let notLanguages: Set<Substring> = ["car", "hdr"]

    /// A `values…` folder's name split into its locale and its other qualifiers, in Android's
    /// order: `mcc`/`mnc`, then the locale (`ja`, `zh-rCN`, `b+sr+Latn`), then the rest.
    static func qualifiers(of folder: Substring) -> (locale: String?, configuration: String?) {
        let all = folder.split(separator: "-").dropFirst()  // drop "values"
        var rest = all[...]
        var configuration: [Substring] = []
        while let q = rest.first, (q.hasPrefix("mcc") || q.hasPrefix("mnc")), q.count > 3,
              q.dropFirst(3).allSatisfy(\.isASCIIDigit) {
            configuration.append(q)
            rest = rest.dropFirst()
        }
        var locale: String?
        if let first = rest.first {
            if first.hasPrefix("b+") {
                let subtags = first.dropFirst(2).split(separator: "+")
                if !subtags.isEmpty, let tag = LanguageTag.canonical(subtags.joined(separator: "-")),
                   LocalizationFile.isLanguageTag(tag) {
                    locale = tag
                    rest = rest.dropFirst()
                }
            } else if (2...3).contains(first.count), first.allSatisfy(\.isASCIILowercaseLetter), !notLanguages.contains(first) {
                var tag = String(first)
                rest = rest.dropFirst()
                // `r` + an ISO 3166 region (rCN) or a UN M.49 area (r419).
                if let region = rest.first, region.first == "r" {
                    let code = region.dropFirst()
                    if (code.count == 2 && code.allSatisfy(\.isASCIIUppercaseLetter)) || (code.count == 3 && code.allSatisfy(\.isASCIIDigit)) {
                        tag += "-" + code
                        rest = rest.dropFirst()
                    }
                }
                locale = LanguageTag.canonical(tag) ?? tag
            }
        }
        configuration += rest
        return (locale, configuration.isEmpty ? nil : configuration.joined(separator: "-"))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILowercaseLetter: Bool { ("a"..."z").contains(self) }
    var isASCIIUppercaseLetter: Bool { ("A"..."Z").contains(self) }
}
