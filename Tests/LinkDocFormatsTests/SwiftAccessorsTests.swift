import LinkDocFormats
import LinkDocModel
import XCTest

final class SwiftAccessorsTests: XCTestCase {
    func testGeneratedNames() throws {
        let swift = try SwiftAccessors.generate(typeName: "LinkDocStrings", sources: [
            .init(path: "Copy/privacy-dialog.txt", kind: .document(text: nil)),
            .init(path: "Resources/Localizable.xcstrings", kind: .table(keys: [
                "privacy-dialog", "settings.title", "Hello %@", "隐私弹窗", "default", "2fa_hint", "%@", "URL_help",
            ].map { .init($0) })),
        ])
        for line in [
            "enum LinkDocStrings {",
            "    static let privacyDialog = _linkDocResource(name: \"privacy-dialog\")",
            "    enum Localizable {",
            "        static let privacyDialog = _linkDocKey(table: \"Localizable\", key: \"privacy-dialog\")",
            "        static let settingsTitle = _linkDocKey(table: \"Localizable\", key: \"settings.title\")",
            "        static let hello = _linkDocKey(table: \"Localizable\", key: \"Hello %@\")",
            "        static let 隐私弹窗 = _linkDocKey(table: \"Localizable\", key: \"隐私弹窗\")",
            "        static let `default` = _linkDocKey(table: \"Localizable\", key: \"default\")",
            "        static let _2faHint = _linkDocKey(table: \"Localizable\", key: \"2fa_hint\")",
            "        static let key = _linkDocKey(table: \"Localizable\", key: \"%@\")",
            "        static let urlHelp = _linkDocKey(table: \"Localizable\", key: \"URL_help\")",
        ] {
            XCTAssert(swift.contains(line + "\n"), "missing: \(line)\n\(swift)")
        }
        XCTAssertEqual(SwiftAccessors.Source.resourceName(forPath: "a/b/Localizable.xcstrings"), "Localizable")
        XCTAssertEqual(SwiftAccessors.Source.resourceName(forPath: ".hidden"), ".hidden")
    }

    func testPlaceholdersAndPluralsBecomeTypedParameters() throws {
        let swift = try SwiftAccessors.generate(typeName: "S", sources: [
            .init(path: "/Users/me/App/Sources/App/en.lproj/Localizable.strings, /Users/me/App/Sources/App/zh-Hans.lproj/Localizable.strings",
                  kind: .table(keys: [
                      .init("unread", sourceText: "%lld unread messages", sourceLanguage: "en", isPlural: true),
                      .init("invite", sourceText: "%2$@ invited you to %1$@", sourceLanguage: "en"),
                      .init("progress", sourceText: "%d of %d, %.1f%%", sourceLanguage: "en"),
                      .init("items", sourceText: "Some items", sourceLanguage: "en", isPlural: true),
                      .init("legacy", sourceText: "%s and %@", sourceLanguage: "en"),
                      .init("gap", sourceText: "%1$@ %3$@", sourceLanguage: "en"),
                      .init("Plain text", sourceText: "Plain text", sourceLanguage: "en"),
                  ])),
        ])
        for line in [
            "    /// en.lproj/Localizable.strings, zh-Hans.lproj/Localizable.strings",
            "        /// unread: \"%lld unread messages\" (en, plural.other)",
            "        static func unread(_ count: Swift.Int) -> LinkDocKey {",
            "            _linkDocKey(table: \"Localizable\", key: \"unread\", count: count, arguments: [.int(count)])",
            "        /// invite: \"%2$@ invited you to %1$@\" (en)",
            "        static func invite(_ arg1: some LinkDocModel.FormatText, _ arg2: some LinkDocModel.FormatText) -> LinkDocKey {",
            "            _linkDocKey(table: \"Localizable\", key: \"invite\", count: nil, arguments: [arg1.formatArgument, arg2.formatArgument])",
            "        static func progress(_ arg1: Swift.Int, _ arg2: Swift.Int, _ arg3: Swift.Double) -> LinkDocKey {",
            "        static func items(count: Swift.Int) -> LinkDocKey {",
            "            _linkDocKey(table: \"Localizable\", key: \"items\", count: count, arguments: [])",
            "        /// No typed arguments: the placeholder %s at UTF-16 offset 0 is not one formatted(_:) fills.",
            "        static let legacy = _linkDocKey(table: \"Localizable\", key: \"legacy\")",
            "        /// No typed arguments: no placeholder takes argument 2, though a later argument's does.",
            "        /// Plain text (en)",
            "        static let plainText = _linkDocKey(table: \"Localizable\", key: \"Plain text\")",
        ] {
            XCTAssert(swift.contains(line + "\n"), "missing: \(line)\n\(swift)")
        }
        XCTAssertFalse(swift.contains("/Users/me"), "doc comments name files, not the build machine's folders")
        let copy = try SwiftAccessors.generate(typeName: "S", sources: [
            .init(path: "/Users/me/App/Copy/legal/privacy.txt", kind: .document(text: "请阅读\n《隐私政策》" + String(repeating: "。", count: 200)),
                  folders: ["legal"]),
        ])
        XCTAssert(copy.contains("        /// legal/privacy.txt: \"请阅读 《隐私政策》" + String(repeating: "。", count: 109) + "…\"\n"), copy)
    }

    func testArgumentKindsOfAFormatString() throws {
        XCTAssertEqual(try Document.argumentKinds(of: "%2$@ 有 %1$lld 条消息"), [.integer, .text])
        XCTAssertEqual(try Document.argumentKinds(of: "100%% done, %5.2f left, %x"), [.floatingPoint, .integer])
        XCTAssertEqual(try Document.argumentKinds(of: "%1$@ and %1$@ again"), [.text])
        XCTAssertEqual(try Document.argumentKinds(of: "no placeholders"), [])
        XCTAssertThrowsError(try Document.argumentKinds(of: "%1$@ %1$d")) { XCTAssertEqual($0 as? FormatError, .conflictingPlaceholders(argument: 1)) }
        XCTAssertThrowsError(try Document.argumentKinds(of: "%1$@ %@")) { XCTAssertEqual($0 as? FormatError, .mixedNumbering) }
        XCTAssertThrowsError(try Document.argumentKinds(of: "%2$@")) { XCTAssertEqual($0 as? FormatError, .unusedArgument(1)) }
    }

    func testSubfoldersNestAndPublicAccess() throws {
        let swift = try SwiftAccessors.generate(typeName: "Strings", sources: [
            .init(path: "Copy/a/welcome.txt", kind: .document(text: nil), folders: ["a"]),
            .init(path: "Copy/a/b/welcome.txt", kind: .document(text: nil), folders: ["a", "b"]),
            .init(path: "Copy/welcome.txt", kind: .document(text: nil)),
            .init(path: "Copy/A.txt", kind: .document(text: nil)),
        ], access: .public)
        XCTAssertEqual(swift[swift.range(of: "public enum Strings {")!.lowerBound...], """
        public enum Strings {
            /// The manifest's options.linkScheme: turn a tapped URL back into its payload with `linkScheme?.target(of: url)`.
            public static let linkScheme = _linkDocLinkScheme
            /// A.txt
            public static let a = _linkDocResource(name: "A")
            /// welcome.txt
            public static let welcome = _linkDocResource(name: "welcome")
            /// a/
            public enum A {
                /// a/welcome.txt
                public static let welcome = _linkDocResource(name: "a.welcome")
                /// b/
                public enum B {
                    /// a/b/welcome.txt
                    public static let welcome = _linkDocResource(name: "a.b.welcome")
                }
            }
        }

        """)
        XCTAssertFalse(try SwiftAccessors.generate(typeName: "S", sources: []).contains("public "), "internal by default")
        let schemed = try SwiftAccessors.generate(typeName: "S", sources: [.init(path: "Copy/help.txt", kind: .document(text: nil))], linkScheme: "myapp")
        XCTAssert(schemed.contains("private let _linkDocLinkScheme: LinkDocModel.LinkScheme? = LinkDocModel.LinkScheme(\"myapp\")\n"), schemed)
        XCTAssert(schemed.contains("    static let linkScheme = _linkDocLinkScheme\n"), schemed)
        XCTAssert(schemed.contains("try document().attributedString(linkScheme: _linkDocLinkScheme)"), schemed)
    }

    /// Row 16 of issue 28: adding a key `signIn` beside `sign_in` used to move the accessor `signIn` to
    /// the new key (and the old one to `signIn_2`), so old call sites showed the other string.
    func testAccessorsNeverMoveToAnotherKey() throws {
        func collisions(_ sources: [SwiftAccessors.Source]) -> [String] {
            do {
                _ = try SwiftAccessors.generate(typeName: "LinkDocStrings", sources: sources)
                return []
            } catch {
                return error.messages
            }
        }
        let before = try SwiftAccessors.generate(typeName: "LinkDocStrings", sources: [
            .init(path: "Localizable.xcstrings", kind: .table(keys: ["sign_in", "welcome"].map { .init($0) })),
        ])
        let after = try SwiftAccessors.generate(typeName: "LinkDocStrings", sources: [
            .init(path: "Localizable.xcstrings", kind: .table(keys: ["sign_in", "welcome", "a_new_key", "Zebra"].map { .init($0) })),
        ])
        let line = "        static let signIn = _linkDocKey(table: \"Localizable\", key: \"sign_in\")\n"
        XCTAssert(before.contains(line) && after.contains(line), "adding keys leaves every accessor where it was")

        XCTAssertEqual(collisions([.init(path: "Localizable.xcstrings", kind: .table(keys: ["sign_in", "signIn"].map { .init($0) }))]), [
            "the key \"signIn\" and the key \"sign_in\" would both be LinkDocStrings.Localizable.signIn; rename one",
        ])
        XCTAssertEqual(collisions([.init(path: "L.strings", kind: .table(keys: ["OK", "ok", "Ok"].map { .init($0) }))]).count, 2,
                       "keys differing only in case are one name: each later one is named with the first")
        XCTAssertEqual(collisions([.init(path: "Copy/link-scheme.txt", kind: .document(text: nil))]), [
            "the manifest's link scheme (LinkDocStrings.linkScheme) and the copy file Copy/link-scheme.txt "
                + "would both be LinkDocStrings.linkScheme; rename one",
        ])
        XCTAssertEqual(collisions([
            .init(path: "Copy/legal/a.txt", kind: .document(text: nil), folders: ["legal"]),
            .init(path: "en.lproj/Legal.strings", kind: .table(keys: ["x"].map { .init($0) })),
        ]), ["the table en.lproj/Legal.strings and the folder legal/ would both be LinkDocStrings.Legal; rename one"])
    }

    /// Row 18: `Legal.json` and `legal.json` are one file on a Mac's case-insensitive disk.
    func testResourcesDifferingOnlyInCaseAreRefused() throws {
        do {
            _ = try SwiftAccessors.generate(typeName: "S", sources: [
                .init(path: "Copy/Legal.txt", kind: .document(text: nil)),
                .init(path: "Copy/legal.html", kind: .document(text: nil)),
            ])
            XCTFail("Legal and legal were both accepted")
        } catch {
            XCTAssertEqual(error.messages.first, "Copy/Legal.txt and Copy/legal.html would be the resources 'Legal.json' and "
                + "'legal.json', one file on a case-insensitive disk (every Mac); rename one")
        }
        XCTAssertNoThrow(try SwiftAccessors.generate(typeName: "S", sources: [
            .init(path: "Copy/a/Legal.txt", kind: .document(text: nil), folders: ["a"]),
            .init(path: "Copy/b/legal.txt", kind: .document(text: nil), folders: ["b"]),
        ]), "a.Legal and b.legal are two files")
    }
}
