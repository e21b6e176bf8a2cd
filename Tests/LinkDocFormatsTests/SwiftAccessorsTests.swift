import LinkDocFormats
import XCTest

final class SwiftAccessorsTests: XCTestCase {
    func testGeneratedNames() throws {
        let swift = try SwiftAccessors.generate(typeName: "LinkDocStrings", sources: [
            .init(path: "Copy/privacy-dialog.txt", kind: .document),
            .init(path: "Resources/Localizable.xcstrings", kind: .table(keys: [
                "privacy-dialog", "settings.title", "Hello %@", "隐私弹窗", "default", "2fa_hint", "%@", "URL_help",
            ])),
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

    func testSubfoldersNestAndPublicAccess() throws {
        let swift = try SwiftAccessors.generate(typeName: "Strings", sources: [
            .init(path: "Copy/a/welcome.txt", kind: .document, folders: ["a"]),
            .init(path: "Copy/a/b/welcome.txt", kind: .document, folders: ["a", "b"]),
            .init(path: "Copy/welcome.txt", kind: .document),
            .init(path: "Copy/A.txt", kind: .document),
        ], access: .public)
        XCTAssertEqual(swift[swift.range(of: "public enum Strings {")!.lowerBound...], """
        public enum Strings {
            /// The manifest's options.linkScheme: turn a tapped URL back into its payload with `linkScheme?.target(of: url)`.
            public static let linkScheme = _linkDocLinkScheme
            /// Copy/A.txt
            public static let a = _linkDocResource(name: "A")
            /// Copy/welcome.txt
            public static let welcome = _linkDocResource(name: "welcome")
            /// a/
            public enum A {
                /// Copy/a/welcome.txt
                public static let welcome = _linkDocResource(name: "a.welcome")
                /// b/
                public enum B {
                    /// Copy/a/b/welcome.txt
                    public static let welcome = _linkDocResource(name: "a.b.welcome")
                }
            }
        }

        """)
        XCTAssertFalse(try SwiftAccessors.generate(typeName: "S", sources: []).contains("public "), "internal by default")
        let schemed = try SwiftAccessors.generate(typeName: "S", sources: [.init(path: "Copy/help.txt", kind: .document)], linkScheme: "myapp")
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
            .init(path: "Localizable.xcstrings", kind: .table(keys: ["sign_in", "welcome"])),
        ])
        let after = try SwiftAccessors.generate(typeName: "LinkDocStrings", sources: [
            .init(path: "Localizable.xcstrings", kind: .table(keys: ["sign_in", "welcome", "a_new_key", "Zebra"])),
        ])
        let line = "        static let signIn = _linkDocKey(table: \"Localizable\", key: \"sign_in\")\n"
        XCTAssert(before.contains(line) && after.contains(line), "adding keys leaves every accessor where it was")

        XCTAssertEqual(collisions([.init(path: "Localizable.xcstrings", kind: .table(keys: ["sign_in", "signIn"]))]), [
            "the key \"signIn\" and the key \"sign_in\" would both be LinkDocStrings.Localizable.signIn; rename one",
        ])
        XCTAssertEqual(collisions([.init(path: "L.strings", kind: .table(keys: ["OK", "ok", "Ok"]))]).count, 2,
                       "keys differing only in case are one name: each later one is named with the first")
        XCTAssertEqual(collisions([.init(path: "Copy/link-scheme.txt", kind: .document)]), [
            "the manifest's link scheme (LinkDocStrings.linkScheme) and the copy file Copy/link-scheme.txt "
                + "would both be LinkDocStrings.linkScheme; rename one",
        ])
        XCTAssertEqual(collisions([
            .init(path: "Copy/legal/a.txt", kind: .document, folders: ["legal"]),
            .init(path: "en.lproj/Legal.strings", kind: .table(keys: ["x"])),
        ]), ["the table en.lproj/Legal.strings and the folder legal/ would both be LinkDocStrings.Legal; rename one"])
    }

    /// Row 18: `Legal.json` and `legal.json` are one file on a Mac's case-insensitive disk.
    func testResourcesDifferingOnlyInCaseAreRefused() throws {
        do {
            _ = try SwiftAccessors.generate(typeName: "S", sources: [
                .init(path: "Copy/Legal.txt", kind: .document),
                .init(path: "Copy/legal.html", kind: .document),
            ])
            XCTFail("Legal and legal were both accepted")
        } catch {
            XCTAssertEqual(error.messages.first, "Copy/Legal.txt and Copy/legal.html would be the resources 'Legal.json' and "
                + "'legal.json', one file on a case-insensitive disk (every Mac); rename one")
        }
        XCTAssertNoThrow(try SwiftAccessors.generate(typeName: "S", sources: [
            .init(path: "Copy/a/Legal.txt", kind: .document, folders: ["a"]),
            .init(path: "Copy/b/legal.txt", kind: .document, folders: ["b"]),
        ]), "a.Legal and b.legal are two files")
    }
}
