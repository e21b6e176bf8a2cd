import LinkDocFormats
import XCTest

final class SwiftAccessorsTests: XCTestCase {
    func testGeneratedNames() {
        let swift = SwiftAccessors.generate(typeName: "LinkDocStrings", sources: [
            .init(path: "Copy/privacy-dialog.txt", kind: .document),
            .init(path: "Resources/Localizable.xcstrings", kind: .table(keys: [
                "privacy_dialog", "privacy-dialog", "settings.title", "Hello %@", "隐私弹窗", "default", "2fa_hint", "%@", "URL_help",
            ])),
        ])
        for line in [
            "enum LinkDocStrings {",
            "    static let privacyDialog = LinkDocResource(name: \"privacy-dialog\")",
            "    enum Localizable {",
            "        static let privacyDialog = LinkDocKey(table: \"Localizable\", key: \"privacy-dialog\")",
            "        static let privacyDialog_2 = LinkDocKey(table: \"Localizable\", key: \"privacy_dialog\")",
            "        static let settingsTitle = LinkDocKey(table: \"Localizable\", key: \"settings.title\")",
            "        static let hello = LinkDocKey(table: \"Localizable\", key: \"Hello %@\")",
            "        static let 隐私弹窗 = LinkDocKey(table: \"Localizable\", key: \"隐私弹窗\")",
            "        static let `default` = LinkDocKey(table: \"Localizable\", key: \"default\")",
            "        static let _2faHint = LinkDocKey(table: \"Localizable\", key: \"2fa_hint\")",
            "        static let key = LinkDocKey(table: \"Localizable\", key: \"%@\")",
            "        static let urlHelp = LinkDocKey(table: \"Localizable\", key: \"URL_help\")",
        ] {
            XCTAssert(swift.contains(line + "\n"), "missing: \(line)\n\(swift)")
        }
        XCTAssertEqual(SwiftAccessors.Source.resourceName(forPath: "a/b/Localizable.xcstrings"), "Localizable")
        XCTAssertEqual(SwiftAccessors.Source.resourceName(forPath: ".hidden"), ".hidden")
    }

    func testSubfoldersNestAndPublicAccess() {
        let swift = SwiftAccessors.generate(typeName: "Strings", sources: [
            .init(path: "Copy/a/welcome.txt", kind: .document, folders: ["a"]),
            .init(path: "Copy/a/b/welcome.txt", kind: .document, folders: ["a", "b"]),
            .init(path: "Copy/welcome.txt", kind: .document),
            .init(path: "Copy/A.txt", kind: .document),
        ], access: .public)
        XCTAssertEqual(swift[swift.range(of: "public enum Strings {")!.lowerBound...], """
        public enum Strings {
            /// The manifest's options.linkScheme: turn a tapped URL back into its payload with `linkScheme?.target(of: url)`.
            public static let linkScheme: LinkScheme? = nil
            /// Copy/A.txt
            public static let a = LinkDocResource(name: "A")
            /// Copy/welcome.txt
            public static let welcome = LinkDocResource(name: "welcome")
            /// a/
            public enum A {
                /// Copy/a/welcome.txt
                public static let welcome = LinkDocResource(name: "a.welcome")
                /// b/
                public enum B {
                    /// Copy/a/b/welcome.txt
                    public static let welcome = LinkDocResource(name: "a.b.welcome")
                }
            }
        }

        """)
        XCTAssertFalse(SwiftAccessors.generate(typeName: "S", sources: []).contains("public "), "internal by default")
        let schemed = SwiftAccessors.generate(typeName: "S", sources: [.init(path: "Copy/link-scheme.txt", kind: .document)], linkScheme: "myapp")
        XCTAssert(schemed.contains("    static let linkScheme: LinkScheme? = LinkScheme(\"myapp\")\n"), schemed)
        XCTAssert(schemed.contains("    static let linkScheme_2 = LinkDocResource(name: \"link-scheme\")\n"), "a file cannot take the scheme's name")
        XCTAssert(schemed.contains("try document().attributedString(linkScheme: S.linkScheme)"), schemed)
    }
}
