import Foundation
import LinkDocCore

public struct LintConfigurationError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// `.linkdoc.json`: severities and options per rule, the manifest, and which files to lint.
///
///     {"manifest": "linkdoc.json",
///      "rules": {"cjk-latin-spacing": {"severity": "warning", "style": "always"}, "duplicate-link": "off"},
///      "include": ["**/*.txt"], "exclude": ["drafts/**"]}
public struct LintConfiguration: Sendable {
    public enum Level: String, Sendable { case off, info, warning, error }

    /// Where the configuration was read from (nil: defaults).
    public var path: String?
    /// The manifest's path, resolved against the configuration's folder.
    public var manifestPath: String?
    public var levels: [RuleID: Level] = [:]
    public var options: [RuleID: RuleOptions] = [:]
    public var include: [String] = []
    public var exclude: [String] = []

    public init() {}

    /// The folder that globs and the manifest path are relative to.
    public var baseDirectory: String? { path.map { ($0 as NSString).deletingLastPathComponent } }

    public func severity(of rule: RuleDescription) -> Severity? {
        switch levels[rule.id] {
        case nil: return rule.defaultSeverity
        case .off?: return nil
        case .info?: return .info
        case .warning?: return .warning
        case .error?: return .error
        }
    }

    public static func load(path: String) throws(LintConfigurationError) -> LintConfiguration {
        guard FileManager.default.fileExists(atPath: path) else {
            throw LintConfigurationError(message: "the configuration \(path) does not exist")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LintConfigurationError(message: "\(path): cannot read the file")
        }
        if let syntax = JSONSyntaxError.find(in: data) ?? JSONSyntaxError.trailingComma(in: data) {
            let place = syntax.location.map { "\(path):\($0.line):\($0.column)" } ?? path
            throw LintConfigurationError(message: "\(place): invalid configuration: not valid JSON (\(syntax.reason))")
        }
        do {
            return try parse(data, path: path)
        } catch {
            throw LintConfigurationError(message: "\(path): invalid configuration: \(error.message)")
        }
    }

    public static func parse(_ data: Data, path: String?) throws(LintConfigurationError) -> LintConfiguration {
        func fail(_ m: String) -> LintConfigurationError { LintConfigurationError(message: m) }
        let root: Any
        if JSONSyntaxError.trailingComma(in: data) != nil { throw fail("not valid JSON (a comma before a closing bracket)") }
        do { root = try JSONSerialization.jsonObject(with: data) } catch { throw fail("not valid JSON") }
        guard let object = root as? [String: Any] else { throw fail("the top level must be an object") }
        var config = LintConfiguration()
        config.path = path
        let known = ["$schema", "manifest", "rules", "include", "exclude"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown key \"\(unknown)\" (known: manifest, rules, include, exclude)")
        }
        if let manifest = object["manifest"] {
            guard let m = manifest as? String else { throw fail("\"manifest\" must be a path string") }
            let base = config.baseDirectory ?? "."
            config.manifestPath = m.hasPrefix("/") ? m : (base as NSString).appendingPathComponent(m)
        }
        for key in ["include", "exclude"] {
            guard let value = object[key] else { continue }
            guard let globs = value as? [String] else { throw fail("\"\(key)\" must be an array of glob strings") }
            if key == "include" { config.include = globs } else { config.exclude = globs }
        }
        if let rules = object["rules"] {
            guard let rules = rules as? [String: Any] else { throw fail("\"rules\" must be an object") }
            for (id, setting) in rules.sorted(by: { $0.key < $1.key }) {
                guard let rule = RuleCatalogue.rule(withID: id) else {
                    let hint = Spelling.closest(to: id, among: RuleCatalogue.descriptions.map(\.id.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
                    throw fail("unknown rule \"\(id)\"\(hint) (see 'linkdoc rules')")
                }
                var options: [String: String] = [:]
                let level: Any?
                if let object = setting as? [String: Any] {
                    level = object["severity"]
                    for (k, v) in object where k != "severity" {
                        guard let s = v as? String else { throw fail("rules.\(id).\(k) must be a string") }
                        options[k] = s
                    }
                } else {
                    level = setting
                }
                if let level {
                    guard let name = level as? String, let parsed = Level(rawValue: name) else {
                        throw fail("rules.\(id): severity must be \"off\", \"info\", \"warning\" or \"error\"")
                    }
                    config.levels[rule.description.id] = parsed
                } else if rule.description.defaultSeverity == nil {
                    // Options for a rule that is off by default turn it on at warning.
                    config.levels[rule.description.id] = .warning
                }
                config.options[rule.description.id] = RuleOptions(options)
                _ = try rule.init(options: RuleOptions(options))  // reject bad options now, with the file's name
            }
        }
        return config
    }

    /// This configuration with a `.linkdoc.json` of a subfolder over it, for the files in that
    /// subfolder (as `.swiftlint.yml` files nest): the child's severities and rule options win,
    /// rule by rule and option by option; its manifest, if it names one, replaces this one's;
    /// its include and exclude globs, relative to its own folder, add to this one's filter.
    public func nested(_ child: LintConfiguration) -> LintConfiguration {
        var merged = self
        merged.path = child.path
        merged.manifestPath = child.manifestPath ?? manifestPath
        merged.levels.merge(child.levels) { $1 }
        for (id, options) in child.options {
            merged.options[id] = RuleOptions((merged.options[id]?.values ?? [:]).merging(options.values) { $1 })
        }
        merged.include = child.include
        merged.exclude = child.exclude
        return merged
    }

    /// Whether the include and exclude globs let `file` through (relative to the configuration's folder).
    public func admits(_ file: String) -> Bool {
        guard !include.isEmpty || !exclude.isEmpty else { return true }
        var relative = URL(fileURLWithPath: file).standardizedFileURL.path
        if let base = baseDirectory.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }), relative.hasPrefix(base + "/") {
            relative = String(relative.dropFirst(base.count + 1))
        }
        if exclude.contains(where: { Glob($0).matches(relative) }) { return false }
        return include.isEmpty || include.contains { Glob($0).matches(relative) }
    }

    /// `.linkdoc.json` in `directory` or the nearest parent that has one.
    public static func discover(startingAt directory: String) -> String? {
        Manifest.nearestFile(named: ".linkdoc.json", startingAt: directory)
    }
}
