import LinkDocModel
import PluginDemo

// `swift run plugin-demo [COUNT]`: the catalog's plural string for COUNT in English and Chinese,
// through the accessor LinkDocPlugin generated from `%lld` (`unreadMessages(_ count: Int)`).
let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1
for language in ["en", "zh-Hans"] {
    let document = try PrivacyDialog.unread(count: count, language: language)
    let links = document.links.map { "\($0.kind.rawValue) \"\($0.text)\"" }
    print("\(language): \(document.text)" + (links.isEmpty ? "" : "   links: " + links.joined(separator: ", ")))
}
