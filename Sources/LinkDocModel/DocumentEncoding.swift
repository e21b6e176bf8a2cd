/// The JSON form of a document (version 1). The member order written here is the
/// contract documented in Grammar/document.schema.json; change both together.
extension Document {
    /// The compact JSON of this document, without a trailing newline.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: text.utf8.count * 2 + 64 * links.count + 64)
        write(to: &writer)
        return writer.bytes
    }

    public func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("version"); w.int(Document.formatVersion)
        w.key("text"); w.string(text)
        w.key("links"); w.beginArray()
        for link in links { link.write(to: &w) }
        w.endArray()
        w.key("styles"); w.beginArray()
        for style in styles { style.write(to: &w) }
        w.endArray()
        w.key("paragraphs"); w.beginArray()
        for paragraph in paragraphs {
            w.beginObject()
            w.key("range"); paragraph.range.write(to: &w)
            w.endObject()
        }
        w.endArray()
        // Optional so that documents without images stay as small as before images existed.
        if !attachments.isEmpty {
            w.key("attachments"); w.beginArray()
            for attachment in attachments { attachment.write(to: &w) }
            w.endArray()
        }
        w.endObject()
    }
}

extension TextRange {
    /// `{"utf16":[L,N],"scalars":[L,N],"utf8":[L,N]}`: written under one capacity
    /// check, since every link, style, paragraph and attachment has one.
    public func write(to w: inout JSONWriter) {
        w.value(reserving: 38 + 6 * JSONWriter.Cursor.maxDecimalLength) { c in
            c.ascii(#"{"utf16":["#); utf16.write(to: &c)
            c.ascii(#"],"scalars":["#); scalars.write(to: &c)
            c.ascii(#"],"utf8":["#); utf8.write(to: &c)
            c.ascii("]}")
        }
    }
}

extension TextSpan {
    /// `L,N` (location and length) inside the brackets its range writes.
    func write(to c: inout JSONWriter.Cursor) {
        c.int(location)
        c.byte(UInt8(ascii: ","))
        c.int(length)
    }
}

extension Link {
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("kind"); w.string(kind.rawValue)
        w.key("text"); w.string(text)
        w.key("range"); range.write(to: &w)
        w.member("url", url)
        w.member("tooltip", tooltip)
        switch target {
        case .agreement(let id, let title):
            w.key("id"); w.string(id)
            w.key("title"); w.string(title)
        case .mention(let name, let userID):
            w.key("name"); w.string(name)
            w.member("userId", userID)
        case .topic(let name, let id):
            w.key("name"); w.string(name)
            w.member("id", id)
        case .url:
            break
        case .email(let address):
            w.key("address"); w.string(address)
        case .phone(let digits):
            w.key("digits"); w.string(digits)
        case .action(let name):
            w.key("name"); w.string(name)
        }
        w.endObject()
    }
}

extension Style {
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("range"); range.write(to: &w)
        w.member("bold", bold)
        w.member("italic", italic)
        w.member("underline", underline)
        w.member("strikethrough", strikethrough)
        w.member("baseline", baseline?.rawValue)
        w.member("color", color)
        w.member("backgroundColor", backgroundColor)
        w.endObject()
    }
}

extension Attachment {
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("range"); range.write(to: &w)
        w.member("url", url)
        w.member("alt", alt)
        w.member("width", width)
        w.member("height", height)
        w.endObject()
    }
}
