import Foundation

/// Decoding the JSON contract into typed values, for apps that consume compiled documents.
extension Document: Decodable {
    private enum Keys: String, CodingKey { case version, text, links, styles, paragraphs, attachments }

    public enum DecodingProblem: Error, CustomStringConvertible {
        case unsupportedVersion(Int)
        public var description: String {
            switch self {
            case .unsupportedVersion(let v): "unsupported link document version \(v) (this reader knows 1)"
            }
        }
    }

    /// Decodes a document from the bytes that `linkdoc compile` wrote. Errors are
    /// `LinkDocDecodingError`s naming the JSON path and what was expected there.
    public init(jsonData: Data) throws {
        self = try LinkDocDecodingError.decode(Document.self, from: jsonData, what: "link document") { object in
            object["strings"] != nil && object["text"] == nil
                ? #"this is a bundle (a compiled localization file, with "strings"), not a link document: "#
                    + "decode it with LinkDocBundle(jsonData:) and take a key's document with document(key:languages:variation:)"
                : nil
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == Document.formatVersion else { throw DecodingProblem.unsupportedVersion(version) }
        self.init(
            text: try c.decode(String.self, forKey: .text),
            links: try c.decode([Link].self, forKey: .links),
            styles: try c.decodeIfPresent([Style].self, forKey: .styles) ?? [],
            paragraphs: try c.decodeIfPresent([Paragraph].self, forKey: .paragraphs) ?? [],
            attachments: try c.decodeIfPresent([Attachment].self, forKey: .attachments) ?? [])
    }
}

extension TextSpan: Decodable {
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(location: try c.decode(Int.self), length: try c.decode(Int.self))
    }
}

extension TextRange: Decodable {
    private enum Keys: String, CodingKey { case utf16, scalars, utf8 }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(utf16: try c.decode(TextSpan.self, forKey: .utf16),
                  scalars: try c.decode(TextSpan.self, forKey: .scalars),
                  utf8: try c.decode(TextSpan.self, forKey: .utf8))
    }
}

extension LinkKind: Decodable {}

extension Link: Decodable {
    /// The link's own keys and its payload's, which `LinkTarget.init(kind:member:requiredMember:)` names.
    private struct Key: CodingKey {
        var stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
        static let kind = Key("kind"), text = Key("text"), range = Key("range"), url = Key("url"), tooltip = Key("tooltip")
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let target = try LinkTarget(kind: try c.decode(LinkKind.self, forKey: .kind),
                                    member: { try c.decodeIfPresent(String.self, forKey: Key($0)) },
                                    requiredMember: { try c.decode(String.self, forKey: Key($0)) })
        self.init(text: try c.decode(String.self, forKey: .text),
                  range: try c.decode(TextRange.self, forKey: .range),
                  url: try c.decodeIfPresent(String.self, forKey: .url),
                  tooltip: try c.decodeIfPresent(String.self, forKey: .tooltip),
                  target: target)
    }
}

extension Style: Decodable {
    private enum Keys: String, CodingKey { case range, bold, italic, underline, strikethrough, baseline, color, backgroundColor, code, annotation }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(range: try c.decode(TextRange.self, forKey: .range),
                  bold: try c.decodeIfPresent(Bool.self, forKey: .bold),
                  italic: try c.decodeIfPresent(Bool.self, forKey: .italic),
                  underline: try c.decodeIfPresent(Bool.self, forKey: .underline),
                  strikethrough: try c.decodeIfPresent(Bool.self, forKey: .strikethrough),
                  baseline: try c.decodeIfPresent(Baseline.self, forKey: .baseline),
                  color: try c.decodeIfPresent(String.self, forKey: .color),
                  backgroundColor: try c.decodeIfPresent(String.self, forKey: .backgroundColor),
                  code: try c.decodeIfPresent(Bool.self, forKey: .code),
                  annotation: try c.decodeIfPresent([String: String].self, forKey: .annotation))
    }
}

extension Paragraph: Decodable {
    private enum Keys: String, CodingKey { case range }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(range: try c.decode(TextRange.self, forKey: .range))
    }
}

extension Attachment: Decodable {
    private enum Keys: String, CodingKey { case range, url, alt, width, height }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(range: try c.decode(TextRange.self, forKey: .range),
                  url: try c.decodeIfPresent(String.self, forKey: .url),
                  alt: try c.decodeIfPresent(String.self, forKey: .alt),
                  width: try c.decodeIfPresent(Int.self, forKey: .width),
                  height: try c.decodeIfPresent(Int.self, forKey: .height))
    }
}
