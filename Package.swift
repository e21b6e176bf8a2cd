// swift-tools-version:6.1
// linkdoc: a compiler for the tappable copy in apps.
//
// The pipeline, one module per job:
//   LinkDocBase    one definition of what every stage shares: severity, rule ids, problems, text
//                  styles, offset maps, escaping, ASCII byte classes, CJK letters, UTF-8 scalar decoding,
//                  byte-word tests (no Foundation, no dependencies)
//   LinkDocModel   the runtime model: typed values, deterministic JSON, AttributedString (no C code)
//   LinkDocURL     WHATWG URL parsing, IDNA, iOS-safe forms and link URL checks (no Foundation)
//   CLinkDocICU    a plain-C wrapper around the system ICU (uidna, uspoof): its header has no ICU
//                  types, so Swift code that imports Foundation never sees the system ICU headers
//   LinkDocHTML    HTML fragments flattened through libxml2's SAX parser (no Foundation)
//   CLibXML2       the system libxml2, seen only by LinkDocHTML and LinkDocXML
//   LinkDocXML     XML documents through libxml2's SAX2 parser, entities never expanded (no Foundation)
//   LinkDocCore    read → parse → resolve → emit (the compiler; URL checks are the resolver's service)
//   LinkDocLint    rules, configuration, reporters and fixes for `linkdoc lint`
//   LinkDocFormats localization files (.xcstrings, .strings, Android strings.xml), bundles (with ICU's plural
//                  rules), NDJSON streaming
//   LinkDocLayout  line breaking, shaping and geometry of a document in a view: heights, link
//                  rectangles, hit-testing, truncation (HarfBuzz, FreeType, ICU line breaks); a
//                  manifest's view as a layout request
//   CHarfBuzz, CFreeType  the system libraries, seen only by LinkDocLayout
//   linkdoc        the command-line tool
//   LinkDocPlugin  the build-tool plugin that runs linkdoc on a target's copy (SwiftPM targets; Xcode
//                  project targets through XcodeProjectPlugin, not built yet)
//   LinkDocLintPlugin  `swift package lint-copy`, linkdoc lint over the same copy
import Foundation
import PackageDescription

// macOS hosts build with Xcode's toolchain alone (README, "On a Mac"): libxml2's headers and
// libxml2.tbd come from the SDK (usr/include/libxml since macOS SDK 10.15.4), so pkg-config is
// asked only on Linux, where Debian's libxml2-dev is found through it; ICU is the system's
// libicucore there (CLinkDocICU declares what it calls, see icu_apple.h).
#if os(Linux)
let libxml2PkgConfig: String? = "libxml-2.0"
#else
let libxml2PkgConfig: String? = nil
#endif
let icuOnLinux: BuildSettingCondition = .when(platforms: [.linux, .android])

// The layout core needs HarfBuzz and FreeType: Debian's packages on Linux, Homebrew's on a Mac. It
// is part of the package on Linux, and elsewhere only with LINKDOC_LAYOUT=1 in the environment, so
// that the build plugin, which builds linkdoc for the Mac it runs on, needs nothing beyond Xcode.
#if os(Linux)
let withLayout = true
#else
let withLayout = ProcessInfo.processInfo.environment["LINKDOC_LAYOUT"] == "1"
#endif
let layoutTargets: [Target] = withLayout ? [
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
    // libpng for `linkdoc layout --png` previews, seen only by LinkDocLayout (Sources/LinkDocLayout/Preview).
    .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    // LinkDocCore for the manifest's views, which it turns into layout requests (`ManifestView.layoutRequest`).
    .target(name: "LinkDocLayout", dependencies: ["LinkDocModel", "LinkDocCore", "CLinkDocICU", "CHarfBuzz", "CFreeType", "CLibPNG"]),
    .executableTarget(name: "linkdoc-layout-bench", dependencies: ["LinkDocLayout", "LinkDocCore", "LinkDocModel"], path: "Benchmarks/LayoutBench"),
    .testTarget(name: "LinkDocLayoutTests", dependencies: ["LinkDocLayout", "LinkDocModel", "LinkDocCore"]),
] : []

let package = Package(
    name: "linkdoc",
    // macOS 15: String(validating:as:) in the tool; iOS 15: AttributedString in LinkDocModel, the one module apps link.
    platforms: [.macOS(.v15), .iOS(.v15), .macCatalyst(.v15)],
    products: [
        .library(name: "LinkDocModel", targets: ["LinkDocModel"]),
        .library(name: "LinkDocCore", targets: ["LinkDocCore"]),
        .library(name: "LinkDocLint", targets: ["LinkDocLint"]),
        .executable(name: "linkdoc", targets: ["linkdoc"]),
        .plugin(name: "LinkDocPlugin", targets: ["LinkDocPlugin"]),
        .plugin(name: "LinkDocLintPlugin", targets: ["LinkDocLintPlugin"]),
    ] + (withLayout ? [
        // In-process layout for a Swift server or tool: Typesetter.layout, LayoutJSON.write (Grammar/layout.md).
        .library(name: "LinkDocLayout", targets: ["LinkDocLayout"]),
    ] : []),
    targets: [
        .target(name: "LinkDocBase"),
        .target(name: "LinkDocModel", dependencies: ["LinkDocBase"]),
        .target(
            name: "CLinkDocICU",
            linkerSettings: [.linkedLibrary("icuuc", icuOnLinux), .linkedLibrary("icui18n", icuOnLinux), .linkedLibrary("icudata", icuOnLinux),
                             .linkedLibrary("icucore", .when(platforms: [.macOS]))]),
        .target(name: "LinkDocURL", dependencies: ["LinkDocBase", "CLinkDocICU"]),
        .systemLibrary(name: "CLibXML2", pkgConfig: libxml2PkgConfig, providers: [.apt(["libxml2-dev"])]),
        .target(name: "LinkDocHTML", dependencies: ["LinkDocBase", "CLibXML2"]),
        .target(name: "LinkDocXML", dependencies: ["CLibXML2"]),
        .target(name: "LinkDocCore", dependencies: ["LinkDocBase", "LinkDocModel", "LinkDocURL", "LinkDocHTML"]),
        .target(name: "LinkDocFormats", dependencies: ["LinkDocBase", "LinkDocCore", "LinkDocModel", "LinkDocXML", "CLinkDocICU"]),
        // With the layout core, lint also has the rules that lay copy out in its views (fits-lines, small-tap-target).
        .target(name: "LinkDocLint", dependencies: ["LinkDocCore", "LinkDocModel", "LinkDocFormats"] + (withLayout ? ["LinkDocLayout"] : []),
                swiftSettings: withLayout ? [.define("LINKDOC_LAYOUT")] : []),
        // The layout core (layoutTargets) has its own targets, so the compiler builds without HarfBuzz and FreeType.
        .executableTarget(name: "linkdoc", dependencies: ["LinkDocCore", "LinkDocModel", "LinkDocLint", "LinkDocURL", "LinkDocFormats"]
                                                          + (withLayout ? ["LinkDocLayout"] : [])),
        // Compiles a target's copy at build time; see Plugins/LinkDocPlugin and Examples/PluginDemo.
        .plugin(name: "LinkDocPlugin", capability: .buildTool(), dependencies: ["linkdoc"]),
        // `swift package lint-copy`: linkdoc lint over the copy LinkDocPlugin compiles.
        .plugin(name: "LinkDocLintPlugin",
                capability: .command(intent: .custom(verb: "lint-copy", description: "Lint the copy that LinkDocPlugin compiles")),
                dependencies: ["linkdoc"]),
        .executableTarget(name: "linkdoc-url-bench", dependencies: ["LinkDocURL"], path: "Benchmarks/URLBench"),
        .executableTarget(name: "linkdoc-compile-bench", dependencies: ["LinkDocCore", "LinkDocModel"], path: "Benchmarks/CompileBench"),

        // The tests' seeded generator, shared by the test targets (no product ships it).
        .target(name: "LinkDocTestSupport", path: "Tests/TestSupport"),
        // PublicSurface.txt: LinkDocModel's public symbols, read from the source folder (#filePath).
        .testTarget(name: "LinkDocModelTests", dependencies: ["LinkDocModel", "LinkDocBase", "LinkDocTestSupport"],
                    exclude: ["PublicSurface.txt"]),
        .testTarget(name: "LinkDocURLTests", dependencies: ["LinkDocURL", "LinkDocBase"]),
        .testTarget(name: "LinkDocHTMLTests", dependencies: ["LinkDocHTML", "LinkDocBase", "LinkDocTestSupport"]),
        .testTarget(name: "LinkDocCoreTests", dependencies: ["LinkDocCore", "LinkDocModel", "LinkDocTestSupport"]),
        // Golden/ holds the reporters' expected outputs, read from the source folder (#filePath), not resources.
        .testTarget(name: "LinkDocLintTests", dependencies: ["LinkDocLint", "LinkDocCore", "LinkDocModel", "LinkDocFormats"],
                    exclude: ["Golden"], swiftSettings: withLayout ? [.define("LINKDOC_LAYOUT")] : []),
        .testTarget(name: "LinkDocFormatsTests", dependencies: ["LinkDocFormats", "LinkDocCore", "LinkDocModel", "LinkDocXML", "LinkDocTestSupport"]),
        .testTarget(name: "LinkDocCLITests", dependencies: ["linkdoc"]),
    ] + layoutTargets
)
