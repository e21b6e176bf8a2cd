import Foundation

/// JSON that `Document(jsonData:)` or `LinkDocBundle(jsonData:)` could not decode: where in the
/// JSON (`links[0].range.utf16`) and what was expected there, or that the bytes are the other kind
/// of file (a bundle given to `Document`, a document given to `LinkDocBundle`).
public struct LinkDocDecodingError: Error, CustomStringConvertible, Sendable {
    /// The JSON path of the problem, as `links[0].range`; empty for the top level.
    public var path: String
    /// What is wrong there, e.g. `missing key "utf8" (an object with "utf16", "scalars" and "utf8" was expected)`.
    public var problem: String
    /// "link document" or "bundle": what was being decoded.
    public var what: String

    public var description: String {
        "invalid \(what)" + (path.isEmpty ? "" : " at \(path)") + ": \(problem)"
    }

    /// Decodes `T` from `data`, turning Foundation's `DecodingError` into a `LinkDocDecodingError`;
    /// when decoding fails, `otherKind` may say that the data is the other kind of file.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String,
                                     otherKind: ([String: Any]) -> String?) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let problem = otherKind(object) {
                throw LinkDocDecodingError(path: "", problem: problem, what: what)
            }
            throw LinkDocDecodingError(error, what: what)
        }
    }

    init(path: String, problem: String, what: String) {
        self.path = path
        self.problem = problem
        self.what = what
    }

    init(_ error: DecodingError, what: String) {
        self.what = what
        func jsonPath(_ codingPath: [CodingKey]) -> String {
            codingPath.reduce(into: "") { path, key in
                if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            path = jsonPath(context.codingPath)
            let expected = key.stringValue == "text" && context.codingPath.last?.intValue != nil ? #"a link has "kind", "text" and "range""# : Self.expectedKeys[key.stringValue]
            problem = "missing key \"\(key.stringValue)\"" + (expected.map { " (\($0))" } ?? "")
        case .typeMismatch(let type, let context):
            path = jsonPath(context.codingPath)
            problem = "expected \(Self.name(of: type))" + Self.found(in: context.debugDescription)
        case .valueNotFound(let type, let context):
            path = jsonPath(context.codingPath)
            problem = "expected \(Self.name(of: type)), found null"
        case .dataCorrupted(let context):
            path = jsonPath(context.codingPath)
            if context.codingPath.last?.stringValue == "kind" {
                problem = "expected a link kind: " + LinkKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            } else if context.codingPath.isEmpty {
                problem = "not valid JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
            } else {
                problem = context.debugDescription
            }
        @unknown default:
            path = ""
            problem = "\(error)"
        }
    }

    private static let expectedKeys: [String: String] = [
        "utf16": #"a range is an object with "utf16", "scalars" and "utf8", each [location, length]"#,
        "scalars": #"a range is an object with "utf16", "scalars" and "utf8", each [location, length]"#,
        "utf8": #"a range is an object with "utf16", "scalars" and "utf8", each [location, length]"#,
        "version": "every link document and bundle starts with \"version\": 1",
        "text": "a link document has \"version\", \"text\" and \"links\"",
        "links": "a link document has \"version\", \"text\" and \"links\"",
        "range": "every link, style, paragraph and attachment has a \"range\"",
        "kind": "every link has a \"kind\"",
        "strings": "a bundle has \"version\", \"source\" and \"strings\"",
        "source": "a bundle has \"version\", \"source\" and \"strings\"",
    ]

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "true or false"
        case is [Any].Type, is UnkeyedDecodingContainer.Protocol: "an array"
        default:
            "\(type)".hasPrefix("Dictionary") || "\(type)".contains("KeyedDecodingContainer") ? "an object" : "\(type)"
        }
    }

    /// " (found a number)", from Foundation's "Expected to decode Int but found a string instead."
    private static func found(in debugDescription: String) -> String {
        guard let start = debugDescription.range(of: "but found "),
              let end = debugDescription.range(of: " instead", range: start.upperBound..<debugDescription.endIndex) else { return "" }
        let found = String(debugDescription[start.upperBound..<end.lowerBound])
        let named = ["number": "a number", "string": "a string", "array": "an array", "dictionary": "an object",
                     "a dictionary": "an object", "bool": "true or false", "a bool": "true or false"]
        return ", found " + (named[found] ?? found)
    }
}
