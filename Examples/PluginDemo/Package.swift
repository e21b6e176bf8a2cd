// swift-tools-version:6.0
// A package that compiles its copy with LinkDocPlugin at build time.
//   swift build --scratch-path /tmp/linkdoc-plugin-demo
//   swift test  --scratch-path /tmp/linkdoc-plugin-demo
//   swift run   --scratch-path /tmp/linkdoc-plugin-demo plugin-demo 3
import PackageDescription

let package = Package(
    name: "PluginDemo",
    // linkdoc's own minimums (its Package.swift): a package that uses it may not go lower.
    platforms: [.macOS(.v15), .iOS(.v15)],
    dependencies: [
        .package(name: "linkdoc", path: "../.."),
    ],
    targets: [
        .target(
            name: "PluginDemo",
            dependencies: [.product(name: "LinkDocModel", package: "linkdoc")],
            // The plugin reads these itself; excluding them keeps SwiftPM from
            // treating them as unhandled files or copying the sources as resources.
            exclude: ["Copy", "Localizable.xcstrings", "en.lproj", "zh-Hans.lproj", "linkdoc.json", "linkdoc-plugin.json"],
            plugins: [.plugin(name: "LinkDocPlugin", package: "linkdoc")]),
        // Prints the plural string for a count in en and zh-Hans, through the generated accessors.
        .executableTarget(name: "plugin-demo", dependencies: ["PluginDemo"]),
        .testTarget(name: "PluginDemoTests", dependencies: ["PluginDemo"]),
    ]
)
