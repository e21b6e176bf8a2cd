import Foundation
import LinkDocFormats
import LinkDocModel
import XCTest

/// Language folders as Apple and Android read them (issue #28, rows 14 and 15): every spelling of
/// a language becomes its BCP 47 tag, which `LinkDocBundle`'s lookup asks for, and an Android
/// folder with a configuration qualifier never stands in for the default text.
final class LanguageFolderTests: XCTestCase {
    func testLanguageFoldersAreBCP47Tags() {
        for (path, tag) in [
            ("R/en.lproj/L.strings", "en"), ("R/zh_CN.lproj/L.strings", "zh-CN"), ("R/pt_BR.lproj/L.strings", "pt-BR"),
            ("R/zh-hans.lproj/L.strings", "zh-Hans"), ("R/zh_Hant_TW.lproj/L.strings", "zh-Hant-TW"), ("R/es-419.lproj/L.strings", "es-419"),
            ("R/English.lproj/L.strings", "en"), ("R/Japanese.lproj/L.strings", "ja"), ("R/Norwegian.lproj/L.strings", "nb"),
            ("R/Base.lproj/L.strings", "Base"), ("R/Klingon Stuff.lproj/L.strings", "und"), ("R/L.strings", "und"),
            ("res/values/strings.xml", "und"), ("res/values-ja/strings.xml", "ja"), ("res/values-zh-rCN/strings.xml", "zh-CN"),
            ("res/values-in/strings.xml", "id"), ("res/values-iw/strings.xml", "he"), ("res/values-ji/strings.xml", "yi"),
            ("res/values-in-rID/strings.xml", "id-ID"), ("res/values-b+sr+Latn/strings.xml", "sr-Latn"),
            ("res/values-b+zh+hans+cn/strings.xml", "zh-Hans-CN"), ("res/values-mcc460-zh-rCN/strings.xml", "zh-CN"),
            ("res/values-night/strings.xml", "und"), ("res/values-zh-rTW-night/strings.xml", "zh-TW"),
        ] {
            XCTAssertEqual(LocalizationFile.language(forPath: path), tag, path)
        }
    }

    func testBundleLookupFindsAppleLegacyFolders() throws {
        let bundle = try compiledBundle([
            ("Resources/Base.lproj/L.strings", #""k" = "base";"#),
            ("Resources/English.lproj/L.strings", #""k" = "English";"#),
            ("Resources/zh_CN.lproj/L.strings", #""k" = "简体";"#),
            ("Resources/zh_TW.lproj/L.strings", #""k" = "繁體";"#),
        ])
        XCTAssertEqual(bundle.sourceLanguage, "Base", "Base.lproj is the development language")
        for (languages, text) in [
            (["zh-CN"], "简体"), (["zh-Hans-CN"], "简体"), (["zh_CN"], "简体"), (["zh-Hant-TW"], "繁體"),
            (["en"], "English"), (["en-GB"], "English"), (["English"], "English"), (["fr", "en"], "English"), (["fr"], "base"),
        ] {
            XCTAssertEqual(try bundle.document(key: "k", languages: languages).text, text, "\(languages)")
        }
    }

    func testBundleLookupFindsAndroidWithdrawnCodes() throws {
        let bundle = try compiledBundle([
            ("res/values/strings.xml", #"<resources><string name="k">default</string></resources>"#),
            ("res/values-iw/strings.xml", #"<resources><string name="k">עברית</string></resources>"#),
            ("res/values-in/strings.xml", #"<resources><string name="k">Bahasa</string></resources>"#),
            ("res/values-b+sr+Latn/strings.xml", #"<resources><string name="k">latinica</string></resources>"#),
        ])
        for (languages, text) in [
            (["he"], "עברית"), (["he-IL"], "עברית"), (["iw"], "עברית"), (["id"], "Bahasa"), (["in-ID"], "Bahasa"),
            (["sr-Latn-RS"], "latinica"), (["sr-Cyrl"], "default"), (["de"], "default"),
        ] {
            XCTAssertEqual(try bundle.document(key: "k", languages: languages).text, text, "\(languages)")
        }
    }

    func testQualifierFoldersNeverReplaceTheDefaultText() throws {
        let bundle = try compiledBundle([
            ("res/values/strings.xml", #"<resources><string name="settings">Settings</string><plurals name="n"><item quantity="other">%d items</item></plurals></resources>"#),
            ("res/values-night/strings.xml", #"<resources><string name="settings">Settings (dark)</string><plurals name="n"><item quantity="other">%d dark items</item></plurals></resources>"#),
            ("res/values-land-v21/strings.xml", #"<resources><string name="settings">Settings (wide)</string></resources>"#),
            ("res/values-sw600dp/strings.xml", #"<resources><string name="settings">Settings (tablet)</string></resources>"#),
            ("res/values-zh-rCN-night/strings.xml", #"<resources><string name="settings">设置（深色）</string></resources>"#),
        ])
        XCTAssertEqual(try bundle.document(key: "settings", languages: ["en"]).text, "Settings")
        XCTAssertEqual(try bundle.document(key: "settings", languages: ["zh-CN"]).text, "Settings",
                       "zh-CN has only the night variation, so the default text stands")
        XCTAssertEqual(try bundle.document(key: "settings", languages: ["en"], variation: "config.night").text, "Settings (dark)")
        XCTAssertEqual(try bundle.document(key: "settings", languages: ["en"], variation: "config.land-v21").text, "Settings (wide)")
        XCTAssertEqual(try bundle.document(key: "settings", languages: ["en"], variation: "config.sw600dp").text, "Settings (tablet)")
        XCTAssertEqual(try bundle.document(key: "settings", languages: ["zh-CN"], variation: "config.night").text, "设置（深色）")
        XCTAssertEqual(try bundle.document(key: "n", languages: ["en"], variation: "plural.other").text, "%d items")
        XCTAssertEqual(try bundle.document(key: "n", languages: ["en"], variation: "config.night.plural.one").text, "%d dark items")
    }

    /// The files compiled and merged as `linkdoc compile` merges one table's files, then written and
    /// read back as an app reads its bundle.
    private func compiledBundle(_ files: [(path: String, text: String)]) throws -> LinkDocBundle {
        let parts = files.map { file in
            let format = LocalizationFile.format(forPath: file.path)!
            let read = LocalizationFile.read(Array(file.text.utf8), name: file.path, format: format,
                                             language: LocalizationFile.language(forPath: file.path))
            XCTAssertEqual(read.diagnostics.map(\.message), [], file.path)
            return Fixtures.compiler.compile(read)
        }
        let merged = CompiledLocalization.merging(parts)
        XCTAssertEqual(merged.diagnostics.map(\.message), [], "no key is given twice in one language and variation")
        return try LinkDocBundle(jsonData: Data(BundleWriter.bundle(merged)))
    }
}
