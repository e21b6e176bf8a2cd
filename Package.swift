// swift-tools-version:6.0
// linkdoc: a compiler for the tappable copy in apps.
//
// The pipeline, one module per job:
//   LinkDocModel   the runtime model: typed values, deterministic JSON, AttributedString (no C code)
//   LinkDocCore    read → parse → resolve → validate → emit (the compiler)
//   LinkDocFormats localization files (.xcstrings, .strings), bundles, NDJSON streaming
//   linkdoc        the command-line tool
//   LinkDocPlugin  the SwiftPM build-tool plugin that runs linkdoc on a target's copy
import PackageDescription

let package = Package(
    name: "linkdoc",
    products: [
        .library(name: "LinkDocModel", targets: ["LinkDocModel"]),
        .library(name: "LinkDocCore", targets: ["LinkDocCore"]),
        .executable(name: "linkdoc", targets: ["linkdoc"]),
        .plugin(name: "LinkDocPlugin", targets: ["LinkDocPlugin"]),
    ],
    targets: [
        .target(name: "LinkDocModel"),
        .target(name: "LinkDocCore", dependencies: ["LinkDocModel"]),
        .target(name: "LinkDocFormats", dependencies: ["LinkDocCore", "LinkDocModel"]),
        .executableTarget(name: "linkdoc", dependencies: ["LinkDocCore", "LinkDocModel", "LinkDocFormats"]),
        // Compiles a target's copy at build time; see Plugins/LinkDocPlugin and Examples/PluginDemo.
        .plugin(name: "LinkDocPlugin", capability: .buildTool(), dependencies: ["linkdoc"]),

        .testTarget(name: "LinkDocModelTests", dependencies: ["LinkDocModel"]),
        .testTarget(name: "LinkDocCoreTests", dependencies: ["LinkDocCore", "LinkDocModel"]),
        .testTarget(name: "LinkDocFormatsTests", dependencies: ["LinkDocFormats", "LinkDocCore", "LinkDocModel"]),
        .testTarget(name: "LinkDocCLITests", dependencies: ["linkdoc"]),
    ]
)
