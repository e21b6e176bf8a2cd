import Foundation
import LinkDocCore
import XCTest

/// The manifest's part in hrefs: refused schemes it lists, and the base URL of relative hrefs.
final class ManifestHrefTests: XCTestCase {
    func testRefusedSchemesInTheManifestAreWarnedAboutWhereTheyStand() throws {
        let json = "{\n  \"schemes\": [\"https\",\n    \"JavaScript\", \"myapp\", \"data\"]\n}\n"
        let manifest = try Manifest.parse(Data(json.utf8), file: "linkdoc.json")
        XCTAssertEqual(manifest.warnings.map(\.ruleID), [RuleID.disallowedScheme, RuleID.disallowedScheme])
        XCTAssertEqual(manifest.warnings.map(\.severity), [.warning, .warning])
        XCTAssertEqual(manifest.warnings.map { [$0.location?.line, $0.location?.column] }, [[3, 5], [3, 28]])
        XCTAssert(manifest.warnings[0].message.contains("\"javascript\""), manifest.warnings[0].message)
        // Still refused: listing the scheme changes nothing.
        let result = Compiler(manifest: manifest).compile("[点我](javascript:alert(1))", name: "t")
        XCTAssertEqual(result.document?.links.count, 0)
        XCTAssertEqual(result.diagnostics.map(\.ruleID), [RuleID.disallowedScheme])
        XCTAssertEqual(try Manifest.parse(Data("{\"schemes\": [\"https\", \"vbscript\", \"file\"]}".utf8), file: "m").warnings.count, 2)
        XCTAssertEqual(try Manifest.parse(Data("{\"schemes\": [\"https\", \"myapp\"]}".utf8), file: "m").warnings, [])
    }

    func testBaseURLMustBeAnAbsoluteWebURL() throws {
        for bad in ["/status", "myapp://x", "javascript:alert(1)"] {
            XCTAssertThrowsError(try Manifest.parse(Data("{\"options\": {\"baseURL\": \"\(bad)\"}}".utf8), file: "m"), bad)
        }
        let manifest = try Manifest.parse(Data("{\"options\": {\"baseURL\": \"HTTPS://M.Example.com\"}}".utf8), file: "m")
        XCTAssertEqual(manifest.options.baseURL, "https://m.example.com/")
        XCTAssertEqual(manifest.independentCopy().options.baseURL, "https://m.example.com/")
        let links = Compiler(manifest: manifest).compile("<a href=\"../n/小明\">@小明</a>", name: "t").document?.links
        XCTAssertEqual(links?.map(\.url), ["https://m.example.com/n/%E5%B0%8F%E6%98%8E"])
    }

    func testLinkSchemeMustBeTheAppsOwn() throws {
        for bad in ["https", "JavaScript", "my app", "1app", ""] {
            XCTAssertThrowsError(try Manifest.parse(Data("{\"options\": {\"linkScheme\": \"\(bad)\"}}".utf8), file: "m"), bad) { error in
                XCTAssert("\(error)".contains("options.linkScheme"), "\(error)")
            }
        }
        let manifest = try Manifest.parse(Data("{\"options\": {\"linkScheme\": \"MyApp\"}}".utf8), file: "m")
        XCTAssertEqual(manifest.options.linkScheme, "myapp")
        XCTAssertEqual(manifest.independentCopy().options.linkScheme, "myapp")
    }
}
