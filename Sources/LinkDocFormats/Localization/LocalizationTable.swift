import Foundation
import LinkDocCore

/// Localization files that are one table in several languages, compiled together into
/// one bundle.
///
/// Apple and Android keep one file per language, in a folder named after the language:
///
///     Resources/en.lproj/Legal.strings        Resources/zh-Hans.lproj/Legal.strings   → table Legal
///     res/values/strings.xml                  res/values-zh-rCN/strings.xml           → table strings
///
/// Files are one table when they have the same name, are in language folders of the same
/// kind (`*.lproj`, or `values`/`values-…`) and those folders are in the same folder. Any
/// other file (a String Catalog, a file outside a language folder, a copy file) is a table
/// of its own.
public struct LocalizationTable: Hashable, Sendable {
    /// The files of the table, sorted by their UTF-8 bytes, so the bundle does not depend on
    /// the order of the command line; the first names the bundle (its `source`).
    public var files: [String]

    /// The table's name: the files' base name without the extension (`Legal`, `strings`).
    public var name: String { SwiftAccessors.Source.resourceName(forPath: files[0]) }

    /// `paths` grouped into tables, in the order each table's first file appears. A path
    /// given twice is read once.
    public static func group(_ paths: [String]) -> [LocalizationTable] {
        var order: [String] = []
        var files: [String: [String]] = [:]
        for path in paths {
            let id = groupID(path)
            if files[id] == nil { order.append(id) }
            if !files[id, default: []].contains(path) { files[id, default: []].append(path) }
        }
        return order.map { LocalizationTable(files: files[$0]!.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }) }
    }

    /// The localization files a folder stands for (`linkdoc compile FOLDER`: an app's `Resources/`
    /// with `en.lproj/`… and a `Localizable.xcstrings` beside them, an Android `res/` with
    /// `values*/`): every localization file in the folder itself and in each of its language
    /// folders (`*.lproj`, `values*`), sorted, hidden files (`._Localizable.strings`, `.DS_Store`)
    /// skipped as every walk skips them (`Folder`); the FIFOs, sockets and devices among them,
    /// which are not read; and the localization files linkdoc cannot read (`unread`, with why).
    /// Other subfolders are not looked into. Nil when the folder holds no language folder and no
    /// localization file.
    public static func files(inFolder folder: String)
        -> (files: [String], special: [(path: String, kind: String)], unread: [(path: String, why: String)])? {
        var found: [String] = []
        var special: [(path: String, kind: String)] = []
        var unread: [(path: String, why: String)] = []
        var hasLanguageFolder = false
        func take(_ entry: Folder.Entry) {
            if entry.name.lowercased().hasSuffix(".stringsdict") {
                unread.append((entry.path, "linkdoc does not read .stringsdict files (plurals in a property list); "
                               + "a String Catalog's plural variations compile"))
                return
            }
            guard LocalizationFile.format(forPath: entry.path) != nil else { return }
            switch entry.kind {
            case .file, .dangling: found.append(entry.path)
            case .special(let what): special.append((path: entry.path, kind: what))
            case .folder: return
            }
        }
        for child in Folder.entries(of: folder) {
            guard case .folder = child.kind else {
                take(child)
                continue
            }
            guard isLanguageFolder(child.name) else { continue }
            hasLanguageFolder = true
            Folder.entries(of: child.path).forEach(take)
        }
        guard hasLanguageFolder || !found.isEmpty || !special.isEmpty || !unread.isEmpty else { return nil }
        return (files: found, special: special, unread: unread)
    }

    /// Same name, same kind of language folder, same folder above it; else the path itself.
    static func groupID(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, let format = LocalizationFile.format(forPath: path) else { return "file:" + path }
        let folder = parts[parts.count - 2]
        let above = parts.dropLast(2).joined(separator: "/")
        switch format {
        case .strings where folder.hasSuffix(".lproj"):
            return "lproj:" + above + "/" + parts[parts.count - 1]
        case .androidStrings where folder == "values" || folder.hasPrefix("values-"):
            return "values:" + above + "/" + parts[parts.count - 1]
        default:
            return "file:" + path
        }
    }

    static func isLanguageFolder(_ name: String) -> Bool {
        name.hasSuffix(".lproj") || name == "values" || name.hasPrefix("values-")
    }
}

extension CompiledLocalization {
    /// The compiled files of one table as one bundle: every language of every file. The first
    /// file names the bundle; `sourceLanguage` is the first file's that has one (Android's
    /// default `values/`). A key that two files give in the same language and variation
    /// (`values-zh-rCN` beside `values-b+zh+CN`) keeps the first file's value, with a warning.
    public static func merging(_ parts: [CompiledLocalization]) -> CompiledLocalization {
        precondition(!parts.isEmpty, "a table has at least one file")
        guard parts.count > 1 else { return parts[0] }
        struct Place: Hashable { var key: String, language: String, variation: String }
        var owner: [Place: String] = [:]
        var strings: [CompiledString] = []
        var diagnostics: [Diagnostic] = []
        for part in parts {
            diagnostics += part.diagnostics
            for string in part.strings {
                let place = Place(key: string.key, language: string.language, variation: string.variation)
                // Within one file the reader has already settled duplicates.
                if let first = owner[place], first != part.source {
                    diagnostics.append(Diagnostic(
                        severity: .warning,
                        message: "key \"\(string.key)\" (\(string.language)\(string.variation.isEmpty ? "" : ", " + string.variation)) "
                            + "is also in \(first), which gives the same language; the value of \(first) is kept",
                        ruleID: RuleID.duplicateKey, file: part.source))
                    continue
                }
                owner[place] = part.source
                strings.append(string)
            }
        }
        return CompiledLocalization(source: parts[0].source, sources: parts.flatMap(\.sources),
                                    sourceLanguage: parts.lazy.compactMap(\.sourceLanguage).first,
                                    strings: strings, diagnostics: diagnostics)
    }
}
