@_spi(LinkDocInternal) import LinkDocModel

/// The JSON form of a layout, described by Grammar/layout.schema.json: one object with the
/// height, the lines, the links' rectangles, the truncation and the hit tests asked for.
/// Numbers are points rounded to 1/10000 (the engine's sums of Doubles otherwise print as
/// 23.168000000000003), written the same way on every machine.
public enum LayoutJSON {
    /// Throws when a hit point or the tolerance is outside LayoutBounds.
    public static func write(_ layout: TextLayout, document: Document, request: LayoutRequest,
                             hits: [Point] = [], tolerance: Double = 2) throws(LayoutInputError) -> [UInt8] {
        try LayoutInputError.check(tolerance, "tolerance", in: LayoutBounds.tolerance)
        for point in hits {
            try LayoutInputError.check(point.x, "hit x", in: LayoutBounds.coordinate)
            try LayoutInputError.check(point.y, "hit y", in: LayoutBounds.coordinate)
        }
        let text = LayoutText(document.text)
        var json = JSONWriter()
        json.beginObject()
        json.key("width"); number(request.width, &json)
        json.key("height"); number(layout.height, &json)
        json.key("truncated"); json.bool(layout.isTruncated)
        json.key("lines")
        json.beginArray()
        for line in layout.lines {
            json.beginObject()
            json.key("range"); range(line.range, text, &json)
            json.key("rect"); rect(line.rect, &json)
            json.key("baseline"); number(line.baseline, &json)
            json.key("direction"); json.string(line.isRightToLeft ? "rtl" : "ltr")
            json.endObject()
        }
        json.endArray()
        json.key("links")
        json.beginArray()
        for geometry in layout.links {
            json.beginObject()
            json.key("link"); json.int(geometry.link)
            json.key("rects")
            json.beginArray()
            for r in geometry.rects { rect(r, &json) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.key("token")
        if let token = layout.token {
            json.beginObject()
            json.key("text"); json.string(token.token.text)
            json.key("action")
            if let action = token.token.action { json.string(action) } else { json.null() }
            json.key("rect"); rect(token.rect, &json)
            json.endObject()
        } else {
            json.null()
        }
        if !hits.isEmpty {
            json.key("tolerance"); number(tolerance, &json)
            json.key("hits")
            json.beginArray()
            for point in hits {
                let target = layout.hitTest(point, tolerance: tolerance)
                json.beginObject()
                json.key("point")
                json.beginArray(); number(point.x, &json); number(point.y, &json); json.endArray()
                json.key("link")
                if case .link(let index)? = target { json.int(index) } else { json.null() }
                json.key("token"); json.bool(target == .token)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        return json.bytes
    }

    private static func range(_ range: Range<Int>, _ text: LayoutText, _ json: inout JSONWriter) {
        // [location, length], as the link document writes its ranges.
        func span(_ lower: Int, _ upper: Int) {
            json.beginArray()
            json.int(lower)
            json.int(upper - lower)
            json.endArray()
        }
        json.beginObject()
        json.key("utf16"); span(range.lowerBound, range.upperBound)
        json.key("scalars"); span(text.scalarOffset(range.lowerBound), text.scalarOffset(range.upperBound))
        json.key("utf8"); span(text.utf8Offset(range.lowerBound), text.utf8Offset(range.upperBound))
        json.endObject()
    }

    private static func rect(_ r: Rect, _ json: inout JSONWriter) {
        json.beginArray()
        for value in [r.x, r.y, r.width, r.height] { number(value, &json) }
        json.endArray()
    }

    /// `value` rounded to 1/10000, without a fraction when it is whole. Validated requests and
    /// hits keep every number finite; were one not, it is written as null, never as nan or inf.
    static func number(_ value: Double, _ json: inout JSONWriter) {
        guard value.isFinite, abs(value) < 1e300 else { json.null(); return }
        let rounded = (value * 10000).rounded() / 10000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            json.int(Int(rounded))
        } else {
            json.raw(Array("\(rounded == 0 ? 0 : rounded)".utf8))
        }
    }
}
