#!/usr/bin/env python3
"""Differential fuzzing of `linkdoc lint --fix` on localization files.

Each case is a temporary folder of random localization files in the three formats linkdoc reads:
`.strings` (UTF-8 with or without BOM, UTF-16 LE/BE with BOM, LF or CRLF, comments, escapes,
unknown escapes, line continuations, key-only entries, unquoted keys), String Catalogs (Xcode's
JSON layout and compact and other layouts, keys without a source-language unit, plural, device
and substitution variations, JSON escapes) and Android `res/values*/strings.xml` (quoted values,
escapes, entities, CDATA, `@string/` aliases, plurals, string arrays, comments, whitespace runs).
Values mix copy that the fixable rules (cjk-latin-spacing, fullwidth-punctuation,
invisible-character) find with innocent text, CJK, emoji, joiners, soft hyphens, placeholders,
Markdown links and HTML. Some files get invalid UTF-8, a NUL, a lone UTF-16 surrogate or are cut
short; some are symlinks, hard links, read-only, 0600 or owned by another user; most cases have
a `.linkdoc.json` that turns the fixable rules (and others that are off by default) on.

The generator knows where every value's literal text lies in each file (the spans), and the
harness has its own readers of the three formats (not linkdoc's). After `lint --fix` it checks:

  1. the same keys, entries, variations and plural forms, in the same order, and every value
     changed only by the fixes' edits (space in or out, a half-width mark made full-width, an
     invisible character removed), as many edits in the values as in the file;
  2. every byte outside the fixed spans identical: each changed region of the file lies inside
     one value's literal text (not an escape, a quote, a tag, a key or a comment);
  3. a file with an encoding error (invalid UTF-8, UTF-16) or an Android file that is not
     well-formed XML is never changed, and when its repaired twin has fixable findings the
     report has a fix-not-applied diagnostic for it; a soft hyphen, a joiner between letters or
     in an emoji sequence, a variation selector and the other meaningful characters stay;
  4. symlinks stay symlinks (their target fixed), mode and owner are kept, read-only and
     hard-linked files are not rewritten and get fix-not-applied when they had fixable findings;
  5. linkdoc exits 0 or 1 (1 exactly when the report has errors), never crashes or hangs
     (--timeout, 60 s), its JSON report parses and every finding has line and column >= 1;
     `--fix --dry-run` writes nothing;
  6. a second `lint --fix` changes nothing but what the first fix exposed (a cascade: a change
     next to a first fix, counted, not a failure), and the fixed files report no error that the
     first lint did not;
  7. `linkdoc compile` of each file before and after: the same documents, the same links, and
     each text changed only by the fixes' kinds of edits.

Each case lints the folder (`lint --fix DIR`), or names its files in one invocation, or runs
one invocation per file. Cases come from a seeded generator (--seed), so a run replays; a failing
case is kept as a folder under --artifacts (its files before and after, the reports) with a
`.txt` report.

  fix_fuzz.py --binary .build/debug/linkdoc --cases 120 --seed 1         # CI (FUZZ_RUNS set)
  fix_fuzz.py --binary .build/debug/linkdoc --seconds 15                 # run.sh SECONDS
  nice fix_fuzz.py --binary /path/linkdoc --until 16:20 --seed 7 --progress 200   # a long run (UTC)
"""
import argparse
import datetime
import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unicodedata
import xml.etree.ElementTree as ET

# ---------------------------------------------------------------------------------------------
# Copy

FIXABLE = [
    "使用Swift开发", "共3个文件", "iOS开发者", "下载App后", "我们,你们", "完成!下一步", "注意:请阅读", "请稍后再试.",
    "确定删除吗?", "好的;再见", "用户\u200b协议", "\u2060你好", "中\ufeff文", "你\u200d好", "中\u200c文",
    "a\u200bb", "\u200b", "使用 Swift 开发", "共 3 个", "《用户协议》,了解", "请联系@小明,谢谢", "「好」!走", "（注）:看",
    "拨号,呼叫,拨叫,打电话", "拨号,呼叫 iPhone,打电话", "支持iPhone,iPad和Mac", "版本2.0已发布!", "Wi-Fi已连接.",
    "点击OK,然后继续", "文件\u2061名", "错误\u2063", "日本語,テキスト", "完成.\n下一步", "完成. 下一步",
]
KEPT = [  # reported at most, never removed
    "a\u00adb", "Auf\u200clage", "می\u200cخواهم", "क्\u200dष", "क\u200d", "👨\u200d👩\u200d👧", "❤\ufe0f", "👍🏽",
    "ᠮᠣᠩᠭᠣᠯ\u180eᠠ", "a\u034fb", "\u3164", "한\u1160", "中\u00ad文", "e\u0301", "葛\U000E0100", "︎\ufe0e",
    "1\ufe0f\u20e3", "🏳\ufe0f\u200d🌈", "👩🏽\u200d💻",
]
INNOCENT = [
    "Hello, world", "Tap here to continue.", "%@", "%1$@", "%d", "%lld", "%%", "%.2f", "%2$s", "😀", "🇨🇳", "日本語テキスト",
    "한국어 텍스트.", "[这里](https://example.com/a)", "[Terms](https://e.com/t?a=1&b=2)", '<a href="https://e.com/x">链接</a>',
    "<b>粗</b>", "@小明", "#话题#", "《用户协议》", "《隐私政策》", "https://example.com/帮助,常见问题", "https://例子.公司/a,b",
    "客服@例子.公司", "400-820-8820", "加载中...", "Impossibile cancellare “%@”.", "//@人间防沉迷:确实", "版本1.2发布",
    "dpo@example.com", "http://e.com", "\\《不是》", "**粗体**", "`code`", "a_b", "Don't", 'say "hi"', "a\\b", "50%",
    "x < y & z > w", "\t", "  ", "   ", "\n", "'", '"', "\\", "&", "<", ">", "é", "ü", "\U0001F600", "中", "文", "A", "1",
    "\u3000", "！", "，", "。", "]", "[", "(", ")", "{", "}", "=", ";", "/*", "*/", "//", "<!--", "-->", "]]>", "@string/x",
    "?", "@", "\\n", "\\u00e9", "&amp;", "\\'", "\r",
]
CJK = "的一是了我不人在他有这个上们来到时大地为子中你说生国年着就那和要她出也得里后自以会家可下而过天去能对小多然于心学么之都好看起发当没成只如事把还用第样道想作种开美总从无情己面最女但现前些所同日手又行意动方期它头经长儿回位分爱老因很给名法间斯知世什两次使身者被高已亲其进此话常与活正感"
LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
PUNCT = ",.;:!?"
FULLWIDTH = {",": "，", ".": "。", ";": "；", ":": "：", "!": "！", "?": "？"}
# What invisible-character's fix may remove; U+200C and U+200D only where they join nothing.
REMOVABLE = {0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E}
NEVER_REMOVED = {0x00AD, 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFE0E, 0xFE0F, 0x20E3}


def random_copy(rng):
    r = rng.random()
    if r < 0.08:
        return "".join(rng.choice(CJK + LATIN + PUNCT + " \u200b\u200d\u00ad") for _ in range(rng.randint(1, 12)))
    parts = []
    for _ in range(rng.randint(1, 6)):
        x = rng.random()
        parts.append(rng.choice(FIXABLE) if x < 0.45 else rng.choice(KEPT) if x < 0.6 else rng.choice(INNOCENT))
    seps = ["", "", " ", rng.choice(CJK), rng.choice(LATIN), rng.choice(PUNCT), "\u200b"]
    out = parts[0]
    for p in parts[1:]:
        out += rng.choice(seps) + p
    return out


def random_key(rng, n):
    r = rng.random()
    if r < 0.5:
        return f"key_{n}" + rng.choice(["", ".title", "_label", "-x"])
    if r < 0.8:
        return random_copy(rng)[:40] or f"k{n}"
    return rng.choice(["使用Swift开发", "完成!下一步", "用户\u200b协议", "Hello, world", "a b", "共3个"]) + str(n)


# ---------------------------------------------------------------------------------------------
# Files as segments: (text, kind). kind "v" is a value's literal text (where an edit may land),
# anything else is structure that --fix must keep byte for byte.

class Builder:
    def __init__(self, newline="\n"):
        self.segs = []
        self.newline = newline

    def s(self, text):
        self.segs.append((text.replace("\n", self.newline), "s"))

    def v(self, text):
        self.segs.append((text, "v"))

    def finish(self):
        """(bytes, spans): spans are the byte ranges of literal value runs, merged when adjacent."""
        data = bytearray()
        spans = []
        for text, kind in self.segs:
            b = text.encode("utf-8", "surrogatepass")
            if kind == "v" and b:
                if spans and spans[-1][1] == len(data):
                    spans[-1][1] += len(b)
                else:
                    spans.append([len(data), len(data) + len(b)])
            data += b
        return bytes(data), [tuple(s) for s in spans]


def strings_value(rng, b, text, newline):
    """Writes `text` as the inside of a quoted .strings string."""
    for ch in text:
        if ch == '"':
            b.s('\\"')
        elif ch == "\\":
            b.s("\\\\")
        elif ch == "\n":
            if rng.random() < 0.7:
                b.s("\\n")
            else:
                b.v(newline)
        elif ch == "\r":
            b.s("\\r")
        elif ch == "\t" and rng.random() < 0.5:
            b.s("\\t")
        elif ord(ch) > 0x7F and ord(ch) <= 0xFFFF and rng.random() < 0.05:
            b.s(rng.choice(["\\U%04X", "\\u%04x", "\\U%04x"]) % ord(ch))
        else:
            b.v(ch)
        r = rng.random()
        if r < 0.01:
            b.s("\\" + rng.choice("qzé《,. "))  # unknown escapes
        elif r < 0.015:
            b.s("\\" + newline)  # a line continuation
        elif r < 0.018:
            b.s("\\" + rng.choice(["012", "101", "7"]))  # octal


def strings_key(rng, b, key):
    if all(c.isascii() and (c.isalnum() or c in "_.") for c in key) and rng.random() < 0.5:
        b.s(key)
        return
    b.s('"')
    for ch in key:
        b.s({'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r"}.get(ch, ch))
    b.s('"')


def gen_strings(rng):
    newline = rng.choice(["\n", "\n", "\r\n"])
    b = Builder(newline)
    if rng.random() < 0.2:
        b.s("\ufeff")
    braced = rng.random() < 0.05
    if braced:
        b.s("{\n")
    for n in range(rng.randint(0, 12)):
        r = rng.random()
        if r < 0.15:
            b.s("/* " + random_copy(rng).replace("*/", "* /") + " */\n")
        elif r < 0.25:
            b.s("// " + random_copy(rng).replace("\n", " ").replace("\r", " ") + "\n")
        key = random_key(rng, n)
        r = rng.random()
        if r < 0.12:  # key only: the value is the key
            strings_key(rng, b, key)
            b.s(rng.choice([";", " ;"]))
        else:
            strings_key(rng, b, key)
            b.s(rng.choice([" = ", "=", " =\t", " = "]))
            if rng.random() < 0.05:
                b.s(rng.choice(["unquoted.value", "abc", "42"]))
            else:
                b.s('"')
                strings_value(rng, b, random_copy(rng), newline)
                b.s('"')
            b.s(rng.choice([";", ";", " ;"]))
        b.s(rng.choice(["\n", "\n", "\n\n", " // end\n", "\n"]))
    if braced:
        b.s("}\n")
    return b


def json_string(rng, b, text, value, escape_more):
    b.s('"')
    emit = b.v if value else b.s
    for ch in text:
        o = ord(ch)
        if ch == '"':
            b.s('\\"')
        elif ch == "\\":
            b.s("\\\\")
        elif ch == "\n":
            b.s(rng.choice(["\\n", "\\u000a", "\\n"]))
        elif ch == "\t":
            b.s("\\t")
        elif o < 0x20:
            b.s("\\u%04x" % o)
        elif ch == "/" and rng.random() < 0.3:
            b.s("\\/")
        elif o > 0x7F and rng.random() < escape_more:
            if o > 0xFFFF:
                o -= 0x10000
                b.s("\\u%04x\\u%04X" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
            else:
                b.s(rng.choice(["\\u%04x", "\\u%04X"]) % o)
        else:
            emit(ch)
    b.s('"')


def gen_catalog(rng):
    layout = rng.choice(["xcode", "xcode", "xcode", "compact", "other"])
    escape_more = rng.choice([0, 0, 0.05, 0.5])
    if layout == "xcode":
        sep, ind, nl = " : ", "  ", "\n"
    elif layout == "compact":
        sep, ind, nl = ":", "", ""
    else:
        sep, ind, nl = rng.choice([": ", " :", ":"]), rng.choice(["    ", "\t", " "]), "\n"
    b = Builder(rng.choice(["\n", "\n", "\r\n"]))
    source = rng.choice(["en", "zh-Hans", "en"])
    langs = ["en", "zh-Hans", "ja", "de", "zh-Hant"]

    def unit(value):
        return ("obj", [("state", "translated"), ("value", ("value", value))])

    def variations(rng, depth=0):
        kind = rng.choice(["plural", "plural", "device"])
        if kind == "plural":
            forms = [f for f in ["zero", "one", "two", "few", "many", "other"] if rng.random() < 0.4] or ["other"]
            if rng.random() < 0.05:
                forms.append("onee")
        else:
            forms = [f for f in ["iphone", "ipad", "mac", "other"] if rng.random() < 0.5] or ["other"]
        inner = []
        for f in forms:
            if kind == "device" and depth == 0 and rng.random() < 0.2:
                inner.append((f, ("obj", [("variations", variations(rng, 1))])))
            else:
                inner.append((f, ("obj", [("stringUnit", unit(random_copy(rng)))])))
        return ("obj", [(kind, ("obj", inner))])

    def localization(rng):
        r = rng.random()
        members = []
        if r < 0.6:
            members.append(("stringUnit", unit(random_copy(rng))))
        elif r < 0.85:
            members.append(("variations", variations(rng)))
        else:
            members.append(("stringUnit", unit(random_copy(rng) + " %#@count@")))
            members.append(("substitutions", ("obj", [("count", ("obj", [
                ("argNum", 1), ("formatSpecifier", "lld"), ("variations", variations(rng))]))])))
        return ("obj", members)

    entries = []
    for n in range(rng.randint(0, 8)):
        key = random_key(rng, n)
        members = []
        if rng.random() < 0.3:
            members.append(("comment", random_copy(rng)))
        if rng.random() < 0.2:
            members.append(("extractionState", rng.choice(["manual", "stale", "extracted_with_value"])))
        if rng.random() < 0.1:
            members.append(("shouldTranslate", False))
        locs = []
        for lang in langs:
            if lang == source and rng.random() < 0.25:
                continue  # no source-language unit: the key is the value
            if lang == source or rng.random() < 0.4:
                locs.append((lang, localization(rng)))
        if locs or rng.random() < 0.5:
            members.append(("localizations", ("obj", locs)))
        entries.append((key, ("obj", members)))
    top = [("sourceLanguage", source), ("strings", ("obj", entries)), ("version", "1.0")]

    def emit(node, level):
        if isinstance(node, tuple) and node[0] == "obj":
            pairs = node[1]
            if not pairs:
                b.s("{" + ("\n" + ind * level if layout == "xcode" and rng.random() < 0.5 else "") + "}")
                return
            b.s("{" + nl)
            for i, (k, v) in enumerate(pairs):
                b.s(ind * (level + 1))
                json_string(rng, b, k, False, escape_more)
                b.s(sep)
                emit(v, level + 1)
                b.s(("," if i + 1 < len(pairs) else "") + nl)
            b.s(ind * level + "}")
        elif isinstance(node, tuple) and node[0] == "value":
            json_string(rng, b, node[1], True, escape_more)
        elif isinstance(node, bool):
            b.s("true" if node else "false")
        elif isinstance(node, int):
            b.s(str(node))
        else:
            json_string(rng, b, node, False, escape_more)

    emit(("obj", top), 0)
    b.s(nl if rng.random() < 0.8 else "")
    return b


def android_value(rng, b, text):
    """Writes `text` as the content of a <string> or <item>."""
    mode = rng.random()
    if rng.random() < 0.1:
        b.s(rng.choice(["@string/k0", "@string/k1", "@string/missing", "@null", "@android:string/ok"]))
        return
    if mode < 0.12:  # CDATA around (part of) the value
        b.s("<![CDATA[")
        for ch in text.replace("]]>", "]] >"):
            if ch == "'":
                b.s("\\'")
            elif ch == '"':
                b.s('\\"')
            elif ch == "\\":
                b.s("\\\\")
            elif ch in "\n\r":
                b.s("\\n")
            else:
                b.v(ch)
        b.s("]]>")
        return
    quoted = mode < 0.3
    if quoted:
        b.s('"')
    for ch in text:
        if ch == "&":
            b.s(rng.choice(["&amp;", "&#38;", "&#x26;"]))
        elif ch == "<":
            b.s("&lt;")
        elif ch == ">":
            b.s(rng.choice(["&gt;", ">"]))
        elif ch == "'":
            b.s("'" if quoted and rng.random() < 0.5 else "\\'")
        elif ch == '"':
            b.s('\\"')
        elif ch == "\\":
            b.s("\\\\")
        elif ch == "\n":
            b.s(rng.choice(["\\n", "\\n", "\n"]) if not quoted else "\\n")
        elif ch == "\r":
            b.s("\\n")
        elif ch == "@" and rng.random() < 0.3:
            b.s("\\@")
        elif ch == "?" and rng.random() < 0.2:
            b.s("\\?")
        elif ord(ch) > 0x7F and ord(ch) <= 0xFFFF and rng.random() < 0.04:
            b.s(rng.choice(["\\u%04x", "&#x%X;", "&#%d;"]) % ord(ch))
        elif ch in " \t" and rng.random() < 0.1:
            b.v(ch + rng.choice([" ", "  ", "\t", "\n    "]))  # a whitespace run
        else:
            b.v(ch)
        if rng.random() < 0.005:
            b.s("\\" + rng.choice("qz"))
    if quoted:
        b.s('"')


def gen_android(rng):
    b = Builder(rng.choice(["\n", "\n", "\r\n"]))
    ind = rng.choice(["    ", "  ", "\t", ""])
    if rng.random() < 0.8:
        b.s('<?xml version="1.0" encoding="utf-8"?>\n')
    if rng.random() < 0.05:
        b.s('<!DOCTYPE resources [<!ENTITY app "Foo">]>\n')
    b.s("<resources" + (' xmlns:tools="http://schemas.android.com/tools"' if rng.random() < 0.3 else "") + ">\n")
    for n in range(rng.randint(0, 10)):
        if rng.random() < 0.15:
            b.s(ind + "<!-- " + random_copy(rng).replace("--", "- -").rstrip("-") + " -->\n")
        r = rng.random()
        attrs = ' translatable="false"' if rng.random() < 0.1 else ""
        if rng.random() < 0.05:
            attrs += ' tools:ignore="MissingTranslation"'
        if r < 0.65:
            b.s(f'{ind}<string name="k{n}"{attrs}>')
            android_value(rng, b, random_copy(rng))
            b.s("</string>\n")
        elif r < 0.9:
            if r < 0.8:
                tag, name = "plurals", f"p{n}"
                items = [f' quantity="{q}"' for q in ["zero", "one", "two", "few", "many", "other"] if rng.random() < 0.4]
                items = items or [' quantity="other"']
            else:
                tag, name, items = "string-array", f"a{n}", [""] * rng.randint(1, 3)
            b.s(f'{ind}<{tag} name="{name}">\n')
            for attr in items:
                b.s(f"{ind}{ind}<item{attr}>")
                android_value(rng, b, random_copy(rng))
                b.s("</item>\n")
            b.s(f"{ind}</{tag}>\n")
        elif r < 0.95:
            b.s(f'{ind}<string name="k{n}">@string/k{rng.randint(0, max(0, n - 1))}</string>\n')
        else:
            b.s(f'{ind}<string name="k{n}"><b>')
            android_value(rng, b, random_copy(rng).replace("<", "").replace("&", ""))
            b.s("</b></string>\n")
    b.s("</resources>\n")
    return b


# ---------------------------------------------------------------------------------------------
# Mutations and encodings

INVALID_UTF8 = [b"\xff", b"\xfe", b"\xc3(", b"\xed\xa0\x80", b"\xc0\xaf", b"\xe2\x82", b"\xf8\x88\x80\x80\x80",
                b"\x80", b"\xf4\x90\x80\x80", b"\xe0\x80\xaf"]


def is_valid_utf8(data):
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def detect_utf16(data):
    """linkdoc's documented rule: a UTF-16 BOM, or an even-length file whose first character is
    ASCII in UTF-16 (a zero byte beside a non-zero one below 0x80)."""
    if len(data) >= 2:
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            return True
        if len(data) % 2 == 0:
            if data[0] == 0 and data[1] != 0 and data[1] < 0x80:
                return True
            if data[0] != 0 and data[0] < 0x80 and data[1] == 0:
                return True
    return False


def shift_spans(spans, at, n):
    out = []
    for s, e in spans:
        if e <= at:
            out.append((s, e))
        elif s >= at:
            out.append((s + n, e + n))
        else:  # split
            out.append((s, at))
            out.append((at + n, e + n))
    return out


def mutate(rng, data, spans, fmt):
    """Returns (data, spans, notes). notes: what was done."""
    notes = []
    r = rng.random()
    if r < 0.04:
        bad = rng.choice(INVALID_UTF8) if rng.random() < 0.8 else bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        at = rng.randint(0, len(data))
        new = data[:at] + bad + data[at:]
        if not is_valid_utf8(new):
            notes.append(f"invalid UTF-8 {bad!r} at {at}")
            return new, shift_spans(spans, at, len(bad)), notes
        # Random bytes that form valid UTF-8 are text, not an encoding error: inside a value they
        # change it in ways the spans cannot follow (the harness took a fix next to them for an
        # edit outside the value, seed 7000 case 19653), and a quote or a bracket changes the file's
        # structure. This mutation is about invalid bytes, so such bytes are not inserted.
        notes.append(f"random bytes {bad!r} formed valid UTF-8: not inserted")
        return data, spans, notes
    if r < 0.07:
        at = rng.randint(0, len(data))
        notes.append(f"NUL at {at}")
        return data[:at] + b"\x00" + data[at:], shift_spans(spans, at, 1), notes
    if r < 0.10 and data:
        at = rng.randint(0, len(data) - 1)
        notes.append(f"cut at {at} of {len(data)}")
        return data[:at], [(s, min(e, at)) for s, e in spans if s < at], notes
    return data, spans, notes


def to_utf16(rng, data):
    text = data.decode("utf-8", "surrogatepass")
    if text.startswith("\ufeff"):
        text = text[1:]
    be = rng.random() < 0.5
    enc = "utf-16-be" if be else "utf-16-le"
    body = text.encode(enc, "surrogatepass")
    notes = ["UTF-16 " + ("BE" if be else "LE")]
    if rng.random() < 0.2 and body:
        at = rng.randrange(0, len(body) // 2 + 1) * 2
        lone = b"\xd8\x00" if be else b"\x00\xd8"
        body = body[:at] + lone + body[at:]
        notes.append(f"lone surrogate at {at}")
    bom = (b"\xfe\xff" if be else b"\xff\xfe") if rng.random() < 0.9 or not text[:1].isascii() else b""
    if not bom:
        notes.append("no BOM")
    return bom + body, notes


# ---------------------------------------------------------------------------------------------
# The harness's own readers

class ReadError(Exception):
    pass


STRINGS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v", '"': '"', "'": "'", "\\": "\\"}


def read_strings(text):
    """[(key, value or None)], or ReadError."""
    i, n = 0, len(text)
    out = []

    def trivia():
        nonlocal i
        while i < n:
            if text[i] in " \t\r\n\ufeff":
                i += 1
            elif text.startswith("/*", i):
                j = text.find("*/", i + 2)
                if j < 0:
                    raise ReadError("open comment")
                i = j + 2
            elif text.startswith("//", i):
                j = text.find("\n", i)
                i = n if j < 0 else j + 1
            else:
                return

    def string():
        nonlocal i
        if i < n and text[i] == '"':
            i += 1
            s = []
            while True:
                if i >= n:
                    raise ReadError("open string")
                c = text[i]
                if c == '"':
                    i += 1
                    return "".join(s)
                if c == "\\":
                    if i + 1 >= n:
                        raise ReadError("open escape")
                    e = text[i + 1]
                    if e in "uU" and all(ch in "0123456789abcdefABCDEF" for ch in text[i + 2:i + 6]) and len(text[i + 2:i + 6]) == 4:
                        s.append(chr(int(text[i + 2:i + 6], 16)))
                        i += 6
                    elif e in "01234567":
                        j = i + 1
                        while j < n and j < i + 4 and text[j] in "01234567":
                            j += 1
                        s.append(chr(int(text[i + 1:j], 8)))
                        i = j
                    else:  # an unknown escape, a line continuation too, is the character itself
                        s.append(STRINGS_ESCAPES.get(e, e))
                        i += 2
                    continue
                s.append(c)
                i += 1
        j = i
        while j < n and (text[j].isalnum() or text[j] in "_.-:/$"):
            j += 1
        if j == i:
            raise ReadError(f"no string at {i}")
        s, i = text[i:j], j
        return s

    trivia()
    braced = i < n and text[i] == "{"
    if braced:
        i += 1
    while True:
        trivia()
        if i >= n:
            break
        if braced and text[i] == "}":
            i += 1
            trivia()
            if i < n:
                raise ReadError("after }")
            break
        key = string()
        trivia()
        if i < n and text[i] == ";":
            i += 1
            out.append((key, None))
            continue
        if i >= n or text[i] != "=":
            raise ReadError("no =")
        i += 1
        trivia()
        value = string()
        trivia()
        if i >= n or text[i] != ";":
            raise ReadError("no ;")
        i += 1
        out.append((key, value))
    return out


def read_catalog(text):
    """(structure, values): every object key and non-value leaf in order, and the stringUnit values."""
    try:
        tree = json.loads(text, object_pairs_hook=lambda pairs: ("obj", pairs))
    except ValueError as e:
        raise ReadError(str(e))
    structure, values = [], []

    def walk(node, path):
        if isinstance(node, tuple) and node[0] == "obj":
            structure.append((path, "{"))
            for k, v in node[1]:
                structure.append((path, "key", k))
                walk(v, path + (k,))
        elif isinstance(node, list):
            structure.append((path, "["))
            for x in node:
                walk(x, path + ("[]",))
        elif isinstance(node, str) and len(path) >= 2 and path[-2:] == ("stringUnit", "value"):
            values.append((path, node))
        else:
            structure.append((path, repr(node)))

    walk(tree, ())
    return structure, values


def aapt_decode(raw, has_tags):
    out = []  # (char, is_collapsible_space)
    quoted = False
    i = 0
    while i < len(raw):
        c = raw[i]
        if c == "\\" and i + 1 < len(raw):
            e = raw[i + 1]
            if e == "u" and all(h in "0123456789abcdefABCDEF" for h in raw[i + 2:i + 6]) and len(raw[i + 2:i + 6]) == 4:
                out.append((chr(int(raw[i + 2:i + 6], 16)), False))
                i += 6
                continue
            out.append(({"n": "\n", "t": "\t"}.get(e, e), False))
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and c in " \t\n\r":
            if not (out and out[-1][1]):
                out.append((" ", True))
        else:
            out.append((c, False))
        i += 1
    if not has_tags:
        while out and out[0][1]:
            out.pop(0)
        while out and out[-1][1]:
            out.pop()
    return "".join(c for c, _ in out)


def read_android(data):
    try:
        parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True, insert_pis=True))
        parser.feed(data)
        root = parser.close()
    except (ET.ParseError, ValueError) as e:
        raise ReadError(str(e))
    structure, values = [], []

    def walk(el, path):
        if el.tag is ET.Comment:
            structure.append((path, "comment", el.text))
            return
        if el.tag is ET.ProcessingInstruction:
            structure.append((path, "pi", el.text))
            return
        name = el.get("name") or el.get("quantity") or ""
        here = path + (f"{el.tag}[{name}]",)
        structure.append((here, sorted(el.attrib.items())))
        if el.tag == "string" or (el.tag == "item" and path and path[-1].split("[")[0] in ("plurals", "string-array")):
            raw = "".join(el.itertext())
            has_tags = len(el) > 0
            values.append((here, aapt_decode(raw, has_tags)))
            for child in el.iter():
                if child is not el:
                    structure.append((here, "tag", child.tag if isinstance(child.tag, str) else "comment", sorted(child.attrib.items())))
            return
        for child in el:
            walk(child, here)

    walk(root, ())
    return structure, values


# ---------------------------------------------------------------------------------------------
# Edits: which changes a fix may make

def is_emoji(c):
    o = ord(c)
    return 0x1F000 <= o <= 0x1FAFF or 0x2600 <= o <= 0x27BF or 0x2B00 <= o <= 0x2BFF or o in (0x2764, 0x00A9, 0x00AE)


def is_letter_or_mark(c):
    return unicodedata.category(c)[0] in "LM"


def is_cjk(c):
    o = ord(c)
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x3040 <= o <= 0x30FF or 0xAC00 <= o <= 0xD7AF
            or 0x20000 <= o <= 0x2FFFF or 0xF900 <= o <= 0xFAFF)


def removable(c):
    return c == " " or ord(c) in REMOVABLE


def explain(old, new):
    """The fix edits that turn old into new, as a list of (kind, position in old, character):
    ("insert", p, " ") before old[p], ("delete", p, c), ("punct", p, c) for c made full-width.
    None when no sequence of such edits does (then also the position in old where the search got
    furthest). A depth-first search that prefers keeping characters, remembering dead states:
    near-linear for texts that differ by a few edits."""
    n, m = len(old), len(new)
    dead = set()
    if abs(n - m) > 100000:
        return None, 0
    # The stack holds (i, j, choice index); the path is rebuilt from it.
    stack = [[0, 0, 0]]
    furthest = 0
    while stack:
        top = stack[-1]
        i, j, k = top
        if i == n and j == m:
            break
        furthest = max(furthest, i)
        moved = False
        while k < 4:
            choice = k
            k += 1
            if choice == 0:
                # keep a run of equal characters at once
                if i < n and j < m and old[i] == new[j]:
                    step = (i + 1, j + 1)
                else:
                    continue
            elif choice == 1:
                if i < n and j < m and FULLWIDTH.get(old[i]) == new[j]:
                    step = (i + 1, j + 1)
                else:
                    continue
            elif choice == 2:
                if i < n and removable(old[i]):
                    step = (i + 1, j)
                else:
                    continue
            else:
                if j < m and new[j] == " ":
                    step = (i, j + 1)
                else:
                    continue
            if step in dead:
                continue
            top[2] = k
            stack.append([step[0], step[1], 0])
            moved = True
            break
        if not moved:
            dead.add((i, j))
            stack.pop()
            if len(dead) > 300000:
                return None, furthest
    if not stack:
        return None, furthest
    ops = []
    for (i, j, _), (i2, j2, _) in zip(stack, stack[1:]):
        if i2 == i + 1 and j2 == j + 1:
            if old[i] != new[j]:
                ops.append(("punct", i, old[i]))
        elif i2 == i + 1:
            ops.append(("delete", i, old[i]))
        else:
            ops.append(("insert", i, " "))
    return ops, None


def text_edits(old, new):
    """(ops, problems): the fix edits that turn old into new, or a problem saying where not."""
    if old == new:
        return [], []
    ops, furthest = explain(old, new)
    if ops is not None:
        return ops, []
    p = furthest
    return [], [f"not a fix's edit near {old[max(0, p - 15):p + 15]!r} (the text became "
                f"{new[max(0, p - 15):p + 25]!r} around there)"]


def position_map(ops, n):
    """For the new text of `ops` on a text of length n: new position -> old position."""
    back = []
    i = 0
    inserts = {}
    deletes = set()
    for kind, p, _ in ops:
        if kind == "insert":
            inserts[p] = inserts.get(p, 0) + 1
        elif kind == "delete":
            deletes.add(p)
    for i in range(n + 1):
        back += [i] * inserts.get(i, 0)
        if i < n and i not in deletes:
            back.append(i)
    back.append(n)
    return back


def finding_positions(text, findings):
    """Character indices in text of findings' line and column (columns count scalars from 1)."""
    starts = [0]  # line breaks as linkdoc counts them: LF, CRLF and a lone CR
    for k, ch in enumerate(text):
        if ch == "\n" or (ch == "\r" and text[k + 1:k + 2] != "\n"):
            starts.append(k + 1)
    out = []
    for d in findings:
        line, col = d.get("line"), d.get("column")
        if line and col and line <= len(starts):
            # A leading BOM is not counted in the columns of line 1.
            out.append(starts[line - 1] + col - 1 + (line == 1 and text.startswith("\ufeff")))
    return out


def meaningful_deletions(text, ops):
    """Deleted characters that --fix must keep: a joiner between letters (not both CJK), in an emoji
    sequence or after a letter of a shaping script, U+180E after Mongolian."""
    problems = []
    for kind, p, c in ops:
        if kind != "delete" or ord(c) not in (0x200C, 0x200D, 0x180E):
            continue
        before = text[p - 1] if p > 0 else None
        after = text[p + 1] if p + 1 < len(text) else None
        if before and 0x0590 <= ord(before) <= 0x18AF and is_letter_or_mark(before):
            problems.append(f"removed U+{ord(c):04X} after {before!r} (a shaping script)")
        elif c != "\u180e" and before and after and is_letter_or_mark(before) and is_letter_or_mark(after) \
                and not (is_cjk(before) and is_cjk(after)):
            problems.append(f"removed U+{ord(c):04X} between letters {before!r} and {after!r}")
        elif c == "\u200d" and before and after:
            k = p - 1
            if (ord(text[k]) == 0xFE0F or 0x1F3FB <= ord(text[k]) <= 0x1F3FF) and k > 0:
                k -= 1
            if is_emoji(text[k]) and is_emoji(after):
                problems.append(f"removed a ZWJ of an emoji sequence {text[k]!r} {after!r}")
    return problems


# ---------------------------------------------------------------------------------------------
# A case

LANGS_STRINGS = ["en", "zh-Hans", "ja", "Base", "zh-Hant", "de"]
ANDROID_FOLDERS = ["values", "values-zh-rCN", "values-night", "values-ja", "values-zh-rTW", "values-b+zh+Hant"]
RULE_CHOICES = ["unknown-agreement", "unbalanced-brackets", "duplicate-link", "encoded-url", "html-sanitized",
                "html-unknown-element", "html-malformed"]


class File:
    def __init__(self, rel, fmt, data, spans, notes):
        self.rel, self.fmt, self.data, self.spans, self.notes = rel, fmt, data, spans, notes
        self.kind = "regular"  # symlink, symlink-inside, hardlink, readonly
        self.mode = 0o644
        self.owner = None
        self.outside = None  # the real file's path for symlink/hardlink (relative to the case)


def make_case(rng):
    files = []
    used = set()
    for _ in range(rng.randint(1, 6)):
        fmt = rng.choice(["strings", "strings", "xcstrings", "android", "android"])
        if fmt == "strings":
            rel = f"t/{rng.choice(LANGS_STRINGS)}.lproj/{rng.choice(['Localizable', 'InfoPlist', 'Main'])}.strings"
            b = gen_strings(rng)
        elif fmt == "xcstrings":
            rel = rng.choice(["t/Localizable.xcstrings", "t/Sub/Other.xcstrings", "t/Module/Localizable.xcstrings"])
            b = gen_catalog(rng)
        else:
            rel = f"t/res/{rng.choice(ANDROID_FOLDERS)}/{rng.choice(['strings', 'strings', 'more_strings'])}.xml"
            b = gen_android(rng)
        if rel in used:
            continue
        used.add(rel)
        data, spans = b.finish()
        notes = []
        if fmt == "strings" and rng.random() < 0.12:
            data, n2 = to_utf16(rng, data)
            spans = []
            notes += n2
        else:
            data, spans, n2 = mutate(rng, data, spans, fmt)
            notes += n2
        f = File(rel, fmt, data, spans, notes)
        r = rng.random()
        if r < 0.05:
            f.kind = "symlink"
        elif r < 0.08:
            f.kind = "hardlink"
        elif r < 0.12:
            f.kind = "readonly"
            f.mode = rng.choice([0o444, 0o400, 0o555])
        elif r < 0.2:
            f.mode = rng.choice([0o600, 0o640, 0o755, 0o664])
        if rng.random() < 0.1 and f.kind != "symlink":
            f.owner = (rng.choice([1234, 0]), rng.choice([5678, 0]))
        files.append(f)
    config = None
    if rng.random() < 0.85:
        rules = {}
        rules["cjk-latin-spacing"] = rng.choice(["warning", "error", "info", {"severity": "warning", "style": "never"},
                                                 {"severity": "warning", "style": "always"}, "off"]) if rng.random() < 0.9 else "warning"
        rules["invisible-character"] = rng.choice(["warning", "warning", "error", "info", "off"])
        rules["fullwidth-punctuation"] = rng.choice(["warning", "warning", "error", "off"])
        if rng.random() < 0.15:
            rules["fix-not-applied"] = rng.choice(["off", "error", "info"])
        for r in RULE_CHOICES:
            if rng.random() < 0.2:
                rules[r] = rng.choice(["warning", "info", "error"])
        if rng.random() < 0.2:
            rules["strings-escape"] = "off"
        config = {"rules": rules}
    manifest = rng.random() < 0.2
    mode = rng.choice(["dir"] * 6 + ["files"] * 3 + ["each"] * 2)
    return files, config, manifest, mode


def write_case(root, files, config, manifest):
    os.makedirs(os.path.join(root, "t"))
    os.makedirs(os.path.join(root, "outside"))
    if config is not None:
        with open(os.path.join(root, "t", ".linkdoc.json"), "w") as f:
            json.dump(config, f, ensure_ascii=False)
    if manifest:
        with open(os.path.join(root, "t", "linkdoc.json"), "w") as f:
            json.dump({"agreements": {"用户协议": "https://e.com/terms"}, "mentions": {"小明": "u1"}}, f, ensure_ascii=False)
    for k, f in enumerate(files):
        path = os.path.join(root, f.rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if f.kind in ("symlink", "hardlink"):
            f.outside = f"outside/{k}-{os.path.basename(f.rel)}"
            real = os.path.join(root, f.outside)
            with open(real, "wb") as out:
                out.write(f.data)
            os.chmod(real, f.mode)
            if f.kind == "symlink":
                os.symlink(os.path.relpath(real, os.path.dirname(path)) if k % 2 else real, path)
            else:
                os.link(real, path)
        else:
            with open(path, "wb") as out:
                out.write(f.data)
            os.chmod(path, f.mode)
        if f.owner:
            os.chown(path, *f.owner)


def snapshot(root, files):
    """{rel: (bytes of the file behind the path, lstat of the path, stat of the target, readlink)}"""
    snap = {}
    for f in files:
        path = os.path.join(root, f.rel)
        st = os.lstat(path)
        link = os.readlink(path) if stat.S_ISLNK(st.st_mode) else None
        with open(path, "rb") as fh:
            data = fh.read()
        snap[f.rel] = (data, st, os.stat(path), link)
    for f in files:
        if f.outside:
            with open(os.path.join(root, f.outside), "rb") as fh:
                snap[f.outside] = (fh.read(), None, os.stat(os.path.join(root, f.outside)), None)
    return snap


class Runner:
    def __init__(self, binary, timeout):
        self.binary, self.timeout = binary, timeout
        self.runs = 0
        self.log = []
        self.slowest = 0.0

    def run(self, args, cwd):
        self.runs += 1
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
        start = time.monotonic()
        try:
            p = subprocess.run([self.binary] + args, cwd=cwd, capture_output=True, timeout=self.timeout, env=env)
        except subprocess.TimeoutExpired:
            self.log.append((args, None, b"", b"timeout"))
            return None, b"", b"timeout"
        self.slowest = max(self.slowest, time.monotonic() - start)
        self.log.append((args, p.returncode, p.stdout, p.stderr))
        return p.returncode, p.stdout, p.stderr


def lint_reports(runner, args_list, cwd, problems, what):
    """Runs each `lint` argument list; the diagnostics of all, by file. None when a run failed."""
    by_file = {}
    for args in args_list:
        status, out, err = runner.run(args, cwd)
        where = f"{what} ({' '.join(args[:4])}{' …' if len(args) > 4 else ''})"
        if status is None:
            problems.append(f"{where}: no answer within {runner.timeout} s (hang)")
            return None
        if status not in (0, 1):
            problems.append(f"{where}: exit status {status}: {err[-1500:].decode('utf-8', 'replace')}")
            return None
        text = out.decode("utf-8", "replace")
        if "--dry-run" in args:  # the report goes to standard error, after any notes
            text = next((l for l in err.decode("utf-8", "replace").split("\n") if l.startswith("{")), "")
        try:
            report = json.loads(text)
        except ValueError as e:
            problems.append(f"{where}: the JSON report does not parse ({e}): {text[:300]!r}")
            return None
        errors = 0
        for d in report.get("diagnostics", []):
            for k in ("line", "column"):
                if k in d and (not isinstance(d[k], int) or d[k] < 1):
                    problems.append(f"{where}: {k} {d[k]} in {d}")
                elif k not in d and d.get("rule") != "fix-not-applied":
                    problems.append(f"{where}: a finding without a {k}: {d}")
            if d.get("severity") == "error":
                errors += 1
            by_file.setdefault(d["file"], []).append(d)
        if report.get("summary", {}).get("errors") != errors:
            problems.append(f"{where}: summary says {report.get('summary')} but {errors} errors listed")
        if (status == 1) != (errors > 0):
            problems.append(f"{where}: exit status {status} with {errors} errors")
    return by_file


def compile_docs(runner, cwd, rels, problems, what):
    """{rel: {path: (text, links)}} from `linkdoc compile` of each file (one invocation)."""
    if not rels:
        return {}
    status, out, err = runner.run(["compile"] + rels, cwd)
    if status is None:
        problems.append(f"{what}: compile: no answer within {runner.timeout} s (hang)")
        return None
    if status not in (0, 1):
        if status == 2:
            return None  # e.g. a file it cannot read as a bundle: nothing to compare
        problems.append(f"{what}: compile exit status {status}: {err[-1500:].decode('utf-8', 'replace')}")
        return None
    docs = {}
    lines = [l for l in out.split(b"\n") if l.strip()]
    for line in lines:
        try:
            obj = json.loads(line)
        except ValueError as e:
            problems.append(f"{what}: compile output is not JSON ({e})")
            return None
        flat = {}

        def walk(node, path):
            if isinstance(node, dict):
                if "text" in node and "links" in node and isinstance(node["text"], str):
                    flat[path] = (node["text"], [(l.get("kind"), l.get("url")) for l in node["links"]]
                                  + [("style", json.dumps({k: v for k, v in st.items() if k != "range"}, sort_keys=True))
                                     for st in node.get("styles", [])])
                    return
                for k, v in node.items():
                    walk(v, path + (k,))

        walk(obj.get("bundle", obj.get("document")), ())
        docs[obj.get("file", rels[0] if len(rels) == 1 else "?")] = flat
    return docs


def read_structure(fmt, data):
    """(structure, values) by the harness's reader, or raises ReadError."""
    if fmt == "android":
        return read_android(data)
    text = data.decode("utf-8")
    if fmt == "strings":
        entries = read_strings(text)
        return [(k, v is None) for k, v in entries], [(k, v) for k, v in entries if v is not None]
    return read_catalog(text)


def expected_refusal(f):
    """Why linkdoc must leave the file as it is whatever its findings, or None."""
    if detect_utf16(f.data):
        return "UTF-16"
    if not is_valid_utf8(f.data):
        return "invalid UTF-8"
    if len(f.data) >= 2 and 0 in f.data[:2]:
        return "a NUL first"  # a fix that changed its length could make it read as UTF-16
    if f.fmt == "android":
        try:
            read_android(f.data)
        except ReadError:
            # libxml2 reads up to a NUL: one after the root element is not an error it sees (F6)
            nul = f.data.find(b"\x00")
            end = f.data.rfind(b"</resources>")
            if nul < 0 or end < 0 or nul < end:
                return "XML syntax"
            try:
                read_android(f.data[:nul])
            except ReadError:
                return "XML syntax"
    return None


FIX_RULES = ("cjk-latin-spacing", "fullwidth-punctuation", "invisible-character")


def run_case(rng, runner, root, stats, strict_links):
    links_changed = []
    files, config, manifest, mode = make_case(rng)
    write_case(root, files, config, manifest)
    problems, notes = [], []
    rels = [f.rel for f in files]
    before = snapshot(root, files)
    if mode == "dir":
        lint_args = [["lint", "--reporter", "json", "t"]]
        fix_args = [["lint", "--fix", "--reporter", "json", "t"]]
    elif mode == "files":
        lint_args = [["lint", "--reporter", "json"] + rels]
        fix_args = [["lint", "--fix", "--reporter", "json"] + rels]
    else:
        lint_args = [["lint", "--reporter", "json"] + rels]
        fix_args = [["lint", "--fix", "--reporter", "json", r] for r in rels]

    base = lint_reports(runner, lint_args, root, problems, "lint")
    if rng.random() < 0.3:
        lint_reports(runner, [a[:2] + ["--dry-run"] + a[2:] for a in fix_args], root, problems, "lint --fix --dry-run")
        after_dry = snapshot(root, files)
        for f in files:
            if after_dry[f.rel][0] != before[f.rel][0]:
                problems.append(f"{f.rel}: --dry-run changed the file")
    # The twins of files linkdoc must refuse for their encoding: the text it reads, as UTF-8.
    twins = {}
    for f in files:
        why = expected_refusal(f)
        if why in ("UTF-16", "invalid UTF-8"):
            if why == "UTF-16":
                d = f.data
                big = d[:2] == b"\xfe\xff" or (d[:2] != b"\xff\xfe" and d[0] == 0)
                body = d[2:] if d[:2] in (b"\xfe\xff", b"\xff\xfe") else d
                text = body[: len(body) // 2 * 2].decode("utf-16-be" if big else "utf-16-le", "replace")
                if len(body) % 2:
                    text += "\ufffd"
                twins[f.rel] = text.encode("utf-8")
            else:
                twins[f.rel] = f.data.decode("utf-8", "replace").encode("utf-8")
    twin_fixable = {}
    if twins:
        twin_root = os.path.join(root, "twin")
        for rel, data in twins.items():
            p = os.path.join(twin_root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as out:
                out.write(data)
        if config is not None:
            with open(os.path.join(twin_root, "t", ".linkdoc.json"), "w") as out:
                json.dump(config, out, ensure_ascii=False)
        rep = lint_reports(runner, [["lint", "--reporter", "json"] + list(twins)], twin_root, problems, "lint (twins)")
        if rep is not None:
            twin_fixable = {rel: any(d.get("fixable") for d in rep.get(rel, [])) for rel in twins}
    compiled_before = compile_docs(runner, root, [f.rel for f in files if expected_refusal(f) is None], problems, "before")

    fixed = lint_reports(runner, fix_args, root, problems, "lint --fix")
    after = snapshot(root, files)
    second = lint_reports(runner, fix_args, root, problems, "second lint --fix")
    after2 = snapshot(root, files)
    compiled_after = compile_docs(runner, root, [f.rel for f in files if expected_refusal(f) is None], problems, "after")
    if base is None or fixed is None:
        return problems, notes, files, config, mode, before, after

    fna_severity = (config or {}).get("rules", {}).get("fix-not-applied", "warning")
    for f in files:
        stats["files"] += 1
        old = before[f.rel][0]
        new = after[f.rel][0]
        new2 = after2[f.rel][0]
        changed = new != old
        if changed:
            stats["rewritten"] += 1
        fixable = any(d.get("fixable") for d in base.get(f.rel, []))
        has_fna = any(d["rule"] == "fix-not-applied" for d in fixed.get(f.rel, []))
        if has_fna:
            stats["refused"] += 1
        why = expected_refusal(f)
        tag = f"{f.rel} [{f.fmt}, {f.kind}{', ' + ', '.join(f.notes) if f.notes else ''}]"
        # 4. what the file is on disk
        st_b, st_a = before[f.rel], after2[f.rel]
        if f.kind == "symlink":
            if st_a[3] is None or st_a[3] != st_b[3]:
                problems.append(f"{tag}: the symlink is no longer the same symlink ({st_b[3]!r} -> {st_a[3]!r})")
            if changed != (after[f.outside][0] != before[f.outside][0]):
                problems.append(f"{tag}: the link's target and the path disagree")
        elif stat.S_ISLNK(st_a[1].st_mode):
            problems.append(f"{tag}: became a symlink")
        if (st_a[2].st_mode & 0o7777) != (st_b[2].st_mode & 0o7777):
            problems.append(f"{tag}: mode {oct(st_b[2].st_mode & 0o7777)} became {oct(st_a[2].st_mode & 0o7777)}")
        if (st_a[2].st_uid, st_a[2].st_gid) != (st_b[2].st_uid, st_b[2].st_gid):
            problems.append(f"{tag}: owner {st_b[2].st_uid}:{st_b[2].st_gid} became {st_a[2].st_uid}:{st_a[2].st_gid}")
        refuse = why or ("read-only" if f.kind == "readonly" else "hard links" if f.kind == "hardlink" else None)
        if refuse:
            if changed or new2 != old:
                problems.append(f"{tag}: rewritten although {refuse}")
                continue
            wanted = twin_fixable.get(f.rel) if why in ("UTF-16", "invalid UTF-8") else (fixable if not why else None)
            if wanted and fna_severity != "off" and not has_fna:
                problems.append(f"{tag}: had fixable findings but no fix-not-applied ({refuse})")
            if f.kind == "hardlink" and os.stat(os.path.join(root, f.rel)).st_nlink != 2:
                problems.append(f"{tag}: the hard links were parted")
            if why is None and f.kind != "readonly" and f.kind != "hardlink":
                pass
            continue
        if has_fna:
            problems.append(f"{tag}: fix-not-applied for a file that can be rewritten: "
                            f"{[d['message'] for d in fixed[f.rel] if d['rule'] == 'fix-not-applied']}")
        if changed and not fixable:
            problems.append(f"{tag}: rewritten although the lint found nothing fixable")
        if fixable and not changed:
            notes.append(f"{tag}: fixable findings but nothing changed")
        if not changed and new2 == old:
            continue
        if f.kind == "hardlink" and os.stat(os.path.join(root, f.rel)).st_nlink != 2:
            problems.append(f"{tag}: the hard links were parted")
        # 1./2. each change is a fix's edit, and lies in a value's literal text (first and second
        # fix together): every byte outside those spans identical
        try:
            old_text, final_text, mid_text = old.decode("utf-8"), new2.decode("utf-8"), new.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"{tag}: the fixed file is not valid UTF-8")
            continue
        ops, bad = text_edits(old_text, final_text)
        problems += [f"{tag}: {b}" for b in bad]
        starts = [0]
        for ch in old_text:
            starts.append(starts[-1] + len(ch.encode("utf-8")))
        for kind, p, c in ops:
            b1, b2 = starts[p], starts[p] if kind == "insert" else starts[p + 1]
            if not any(s <= b1 and b2 <= e for s, e in f.spans):
                problems.append(f"{tag}: {kind} {c!r} at byte {b1}, outside a value's literal text: "
                                f"{old_text[max(0, p - 15):p]!r} ^ {old_text[p:p + 15]!r}")
        first, _ = text_edits(old_text, mid_text)
        stats["edits"] += len(first)
        # 6. the second run: an edit that the first lint offered as a fix (same rule, same place) is
        # a lost fix; any other was exposed by the first fix (a cascade)
        if new2 != new:
            second_ops, _ = text_edits(mid_text, final_text)
            back = position_map(first or [], len(old_text))
            fixable = [d for d in base.get(f.rel, []) if d.get("fixable")]
            for kind, q, c in second_ops:
                o = back[q] if q < len(back) else len(old_text)
                rule = {"punct": "fullwidth-punctuation", "insert": "cjk-latin-spacing"}.get(
                    kind, "cjk-latin-spacing" if c == " " else "invisible-character")
                where = finding_positions(old_text, [d for d in fixable if d["rule"] == rule])
                what = f"{kind} {c!r} at {mid_text[max(0, q - 12):q]!r} ^ {mid_text[q:q + 12]!r}"
                if o in where:
                    problems.append(f"{tag}: the second --fix made {what}, a fix the first lint offered there ({rule})")
                else:
                    stats["cascades"] += 1
                    notes.append(f"{tag}: cascade: {what}")
        # 1. the harness's reader: same keys and structure, values changed by as many edits as the file
        try:
            s_old, v_old = read_structure(f.fmt, old)
        except (ReadError, UnicodeDecodeError):
            s_old = None
        if s_old is not None:
            try:
                s_new, v_new = read_structure(f.fmt, new2)
            except (ReadError, UnicodeDecodeError) as e:
                problems.append(f"{tag}: the harness's reader read the file before the fix but not after: {e}")
                continue
            if s_old != s_new:
                diff = next(((a, b) for a, b in zip(s_old, s_new) if a != b), (len(s_old), len(s_new)))
                problems.append(f"{tag}: keys or structure changed: {diff!r}"[:600])
            elif [p for p, _ in v_old] != [p for p, _ in v_new]:
                problems.append(f"{tag}: the values' keys changed")
            else:
                value_ops = 0
                for (path, a), (_, b) in zip(v_old, v_new):
                    if a == b:
                        continue
                    got, bad = text_edits(a, b)
                    value_ops += len(got)
                    problems += [f"{tag}: value {path!r}: {x}" for x in bad]
                    problems += [f"{tag}: value {path!r}: {x}" for x in meaningful_deletions(a, got)]
                if value_ops != len(ops) and not (f.fmt == "android" and "<b>" in old_text):
                    problems.append(f"{tag}: {len(ops)} edits in the file but {value_ops} in its values (as the harness reads them)")
        # 7. compiled before and after
        if compiled_before is not None and compiled_after is not None and f.rel in compiled_before and f.rel in compiled_after:
            cb, ca = compiled_before[f.rel], compiled_after[f.rel]
            if set(cb) != set(ca):
                problems.append(f"{tag}: compiled documents differ: {sorted(set(cb) ^ set(ca))[:5]}")
            for path in cb:
                if path not in ca:
                    continue
                (ta, la), (tb, lb) = cb[path], ca[path]
                if la != lb:
                    what = (f"{tag}: {path}: links and styles {la} before the fix, {lb} after ({ta!r} -> {tb!r})")
                    if strict_links:
                        problems.append(what)
                    else:
                        links_changed.append(what)
                if ta != tb:
                    # (Which characters are meaningful is judged on the values above: the compiled
                    # text drops control characters that may stand between them.)
                    _, bad = text_edits(ta, tb)
                    if la != lb and not strict_links:
                        links_changed += [f"{tag}: compiled {path}: {x}" for x in bad]
                    else:
                        problems += [f"{tag}: compiled {path}: {x}" for x in bad]
    # 6. no new error after the fix
    if second is not None:
        def errors(rep):
            c = {}
            for file, ds in rep.items():
                for d in ds:
                    if d["severity"] == "error" and d["rule"] != "fix-not-applied":
                        c[(file, d["rule"], d.get("line"))] = c.get((file, d["rule"], d.get("line")), 0) + 1
            return c
        eb, ea = errors(base), errors(second)
        for k, n in ea.items():
            if n > eb.get(k, 0):
                what = f"{k[0]}: after the fix, {n} {k[1]} error(s) on line {k[2]}, before {eb.get(k, 0)}"
                # A finding the fix exposed: of a fixable rule that --fix cannot fix there (an escape), or
                # unbalanced-brackets, which reads brackets fragment by fragment (a `;` made `；` ends one).
                if k[1] in FIX_RULES + ("unbalanced-brackets",):
                    stats["exposed"] += 1
                    notes.append(what + " (exposed by a fix)")
                elif links_changed and not strict_links:
                    links_changed.append(what)
                else:
                    problems.append(what)
    if links_changed:
        stats["links-changed"] += 1
        notes += links_changed
    return problems, notes, files, config, mode, before, after


def save_artifact(artifacts, seed, n, root, problems, notes, files, config, mode, before, runner):
    stem = os.path.join(artifacts, f"case-{seed}-{n}")
    if os.path.exists(stem):
        shutil.rmtree(stem)
    os.makedirs(stem)
    for f in files:
        for sub, data in (("before", before[f.rel][0]),):
            p = os.path.join(stem, sub, f.rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as out:
                out.write(data)
    shutil.copytree(root, os.path.join(stem, "after"), symlinks=True, dirs_exist_ok=True)
    if config is not None:
        p = os.path.join(stem, "before", "t", ".linkdoc.json")
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as out:
            json.dump(config, out, ensure_ascii=False)
    with open(stem + ".txt", "w") as out:
        out.write(f"seed {seed}, case {n}, mode {mode}, config {json.dumps(config, ensure_ascii=False)}\n")
        for f in files:
            out.write(f"  {f.rel}: {f.fmt}, {f.kind}, mode {oct(f.mode)}, owner {f.owner}, {'; '.join(f.notes)}\n")
        out.write("\nPROBLEMS\n" + "\n".join(problems) + "\n\nNOTES\n" + "\n".join(notes) + "\n\nRUNS\n")
        for args, status, so, se in runner.log:
            out.write(f"$ linkdoc {' '.join(args)}  -> {status}\n{so.decode('utf-8', 'replace')[:4000]}\n{se.decode('utf-8', 'replace')[:2000]}\n")
    return stem


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, help="how many cases (default: until --until or forever)")
    parser.add_argument("--until", help="stop at this UTC time, HH:MM")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    parser.add_argument("--timeout", type=float, default=60, help="seconds one run may take")
    parser.add_argument("--artifacts", default="Tests/Fuzz/.build/artifacts/fix")
    parser.add_argument("--progress", type=int, default=0, help="print a line every N cases")
    parser.add_argument("--max-failures", type=int, default=20, help="stop after this many failing cases")
    parser.add_argument("--strict-links", action="store_true",
                        help="fail a case whose fix changed a compiled link (else counted, and kept under links-changed/)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    deadline = None
    if args.until:
        now = datetime.datetime.now(datetime.timezone.utc)
        h, m = map(int, args.until.split(":"))
        deadline = now.replace(hour=h, minute=m, second=0, microsecond=0)
    if args.seconds is not None:
        deadline = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=args.seconds)
    stopping = []  # SIGTERM or SIGINT: finish the case at hand, then print the totals
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(1))
    rng = random.Random(args.seed)
    stats = dict(cases=0, runs=0, files=0, rewritten=0, edits=0, refused=0, failures=0, cascades=0, exposed=0,
                 **{"links-changed": 0})
    started = time.monotonic()
    slowest = 0.0
    kept_links = 0
    while True:
        if args.cases is not None and stats["cases"] >= args.cases:
            break
        if deadline and datetime.datetime.now(datetime.timezone.utc) >= deadline or stopping:
            break
        runner = Runner(binary, args.timeout)
        case_rng = random.Random(rng.getrandbits(64))
        with tempfile.TemporaryDirectory(prefix="fixfuzz-") as root:
            problems, notes, files, config, mode, before, after = run_case(case_rng, runner, root, stats, args.strict_links)
            stats["cases"] += 1
            stats["runs"] += runner.runs
            slowest = max(slowest, runner.slowest)
            if stats["links-changed"] > kept_links and stats["links-changed"] <= 10:  # keep the first ten
                kept_links = stats["links-changed"]
                save_artifact(os.path.join(args.artifacts, "links-changed"), args.seed, stats["cases"], root, notes, [],
                              files, config, mode, before, runner)
            if problems:
                stats["failures"] += 1
                stem = save_artifact(args.artifacts, args.seed, stats["cases"], root, problems, notes, files, config, mode,
                                     before, runner)
                print(f"fix: case {stats['cases']} FAILED ({stem}):", file=sys.stderr, flush=True)
                for p in problems[:5]:
                    print("  " + p[:500], file=sys.stderr, flush=True)
                if stats["failures"] >= args.max_failures:
                    break
            # Leave nothing behind that the temporary folder's removal cannot delete.
            for dirpath, dirnames, filenames in os.walk(root):
                for d in dirnames:
                    os.chmod(os.path.join(dirpath, d), 0o755)
        if args.progress and stats["cases"] % args.progress == 0:
            print(f"fix: {stats['cases']} cases, {stats['runs']} linkdoc runs, {stats['files']} files, "
                  f"{stats['rewritten']} rewritten, {stats['edits']} edits, {stats['refused']} refused, "
                  f"{stats['cascades']} cascades, {stats['links-changed']} links changed, {stats['failures']} failed, slowest run {slowest:.1f} s, "
                  f"{time.monotonic() - started:.0f} s", flush=True)
    print(f"fix: {'ok' if stats['failures'] == 0 else 'FAILED'}, {stats['cases']} cases ({stats['runs']} linkdoc runs, "
          f"{stats['files']} files, {stats['rewritten']} rewritten, {stats['edits']} edits, {stats['refused']} fixes refused, "
          f"{stats['cascades']} cascades, {stats['exposed']} findings exposed, {stats['links-changed']} cases with links changed), "
          f"{stats['failures']} failed, "
          f"slowest run {slowest:.1f} s")
    return 1 if stats["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
