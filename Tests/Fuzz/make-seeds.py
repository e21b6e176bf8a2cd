#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into Tests/Fuzz/corpus/<target>/.

compile, roundtrip: every example input of Grammar/spec.md (⟪hex⟫ decoded to raw bytes, as
                    SpecTests does) and every file of Examples/.
url:                every link target, href and bare URL in those inputs, plus a sample of the
                    WPT urltestdata inputs when ../shared/conformance/wpt-url/ is checked out.
formats:            every localization fixture of Tests/Fixtures (.strings, .xcstrings,
                    Android strings.xml), behind the byte that picks its reader.
Files are named by content hash, so re-running the script is idempotent. Run from anywhere:
    python3 Tests/Fuzz/make-seeds.py
"""
import hashlib, json, os, pathlib, re

root = pathlib.Path(__file__).resolve().parents[2]
corpus = root / "Tests/Fuzz/corpus"
FENCE = "`" * 32


def spec_inputs():
    lines = (root / "Grammar/spec.md").read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith(FENCE + " example"):
            i += 1
            body = []
            while lines[i] != ".":
                body.append(lines[i])
                i += 1
            text = "\n".join(body)
            # ⟪EF BB BF⟫ stands for raw bytes.
            parts = re.split(r"⟪([0-9A-Fa-f ]+)⟫", text)
            data = b""
            for k, part in enumerate(parts):
                data += bytes.fromhex(part) if k % 2 else part.encode("utf-8")
            yield data
        i += 1


def example_files():
    for path in sorted((root / "Examples").rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".html", ".htm"):
            yield path.read_bytes()


def urls_in(data):
    text = data.decode("utf-8", "replace")
    for pattern in (r"\]\(([^)\n]*)\)", r"href=[\"']([^\"']*)", r"src=[\"']([^\"']*)", r"((?:https?://|www\.)\S+)"):
        for m in re.finditer(pattern, text):
            yield m.group(1).encode("utf-8")


def wpt_inputs(limit=250):
    path = root.parent / "shared/conformance/wpt-url/urltestdata.json"
    if not path.exists():
        return
    seen = 0
    for case in json.loads(path.read_text(encoding="utf-8")):
        if isinstance(case, dict) and isinstance(case.get("input"), str):
            yield case["input"].encode("utf-8", "surrogatepass")
            seen += 1
            if seen >= limit:
                return


def write(target, inputs):
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    names = set()
    for data in inputs:
        name = hashlib.sha1(data).hexdigest()[:16]
        if name not in names:
            names.add(name)
            (folder / name).write_bytes(data)
    print(f"{target}: {len(names)} seeds")


documents = list(spec_inputs()) + list(example_files())
write("compile", documents)
write("roundtrip", documents)
write("url", [u for d in documents for u in urls_in(d)] + list(wpt_inputs()))


def localization_files():
    # The first byte picks the reader in Tests/Fuzz/formats/main.swift: 0 .strings, 1 .xcstrings, 2 strings.xml.
    for path in sorted((root / "Tests/Fixtures").rglob("*")):
        if not path.is_file() or path.stat().st_size > 200_000:
            continue
        if path.suffix == ".strings":
            yield b"\x00" + path.read_bytes()
        elif path.suffix == ".xcstrings":
            yield b"\x01" + path.read_bytes()
        elif path.suffix == ".xml":
            yield b"\x02" + path.read_bytes()


def localization_patterns():
    # Paths the fixtures barely reach: a catalog's Markdown and keys without a source unit, and
    # Android references, annotations and escaped angle brackets (issue 16).
    yield b"\x01" + (
        '{"sourceLanguage": "en", "strings": {'
        '"**Bold** key": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "**Fett**"}}}},'
        '"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": '
        '"***a*** _b_ ~~c~~ `d <e> & 《f》` \\\\* [g](https://h.example/i_j*k) https://l.example/_m_ 5 * 3 ** x"}}}},'
        '"s": {"shouldTranslate": false}}}').encode()
    yield b"\x02" + (
        '<resources><string name="a">&lt;not set&gt;</string>'
        '<string-array name="b"><item>@string/a</item><item>@string/missing</item><item>@null</item></string-array>'
        '<plurals name="c"><item quantity="one">@string/d</item><item quantity="other">?attr/x</item></plurals>'
        '<string name="d">Read <annotation type="link" fontFamily="bold">terms</annotation></string></resources>').encode()


write("formats", list(localization_files()) + list(localization_patterns()))
