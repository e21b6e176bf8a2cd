// swift-tools-version:6.0
// linkdoc: a compiler for the tappable copy in apps.
//
// The pipeline, one module per job:
//   LinkDocModel   the runtime model: typed values, deterministic JSON, AttributedString (no C code)
//   LinkDocCore    read → parse → resolve → validate → emit (the compiler)
//   LinkDocLint    rules, configuration, reporters and fixes for `linkdoc lint`
//   linkdoc        the command-line tool
import PackageDescription

let package = Package(
    name: "linkdoc",
    products: [
        .library(name: "LinkDocModel", targets: ["LinkDocModel"]),
        .library(name: "LinkDocCore", targets: ["LinkDocCore"]),
        .library(name: "LinkDocLint", targets: ["LinkDocLint"]),
        .executable(name: "linkdoc", targets: ["linkdoc"]),
    ],
    targets: [
        .target(name: "LinkDocModel"),
        .target(name: "LinkDocCore", dependencies: ["LinkDocModel"]),
        .target(name: "LinkDocLint", dependencies: ["LinkDocCore", "LinkDocModel"]),
        .executableTarget(name: "linkdoc", dependencies: ["LinkDocCore", "LinkDocModel", "LinkDocLint"]),

        .testTarget(name: "LinkDocModelTests", dependencies: ["LinkDocModel"]),
        .testTarget(name: "LinkDocCoreTests", dependencies: ["LinkDocCore", "LinkDocModel"]),
        .testTarget(name: "LinkDocLintTests", dependencies: ["LinkDocLint", "LinkDocCore", "LinkDocModel"]),
        .testTarget(name: "LinkDocCLITests", dependencies: ["linkdoc"]),
    ]
)
