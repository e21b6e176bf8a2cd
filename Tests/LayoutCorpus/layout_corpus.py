#!/usr/bin/env python3
"""The layout corpus: real app copy laid out by linkdoc and by Pango, line by line and link by link.

The paragraphs are public app copy that is never committed (Tests/LayoutCorpus/README.md). This
script knows only their list, `paragraphs.tsv` beside it:

    repo  commit  path  locator  language  categories

    layout_corpus.py split                  print each repository's half (tune / check) and its count
    layout_corpus.py list [--half H]        print the lines of paragraphs.tsv (with their half and id)
    layout_corpus.py rebuild DIR            re-extract every paragraph from the fetched mirrors
                                            (/work/.mirror/owner+name/repo, the search tool's fetch) and
                                            from ../shared/realworld into DIR/ID.txt (UTF-8 linkdoc markup)
    layout_corpus.py compare BINARY DIR OUT [--half tune|check] [--widths 200,270,375] [--sizes 13,17]
                     [--fonts SET…] [--jobs N] [--peer PANGO_LAYOUT_DUMP] [--limit N]
                                            lay every paragraph out with linkdoc and with the Pango peer
                                            (Benchmarks/PangoPeer/pango_layout_dump.c) and compare; writes
                                            OUT/results.jsonl, OUT/differences.tsv, OUT/summary.json
    layout_corpus.py report OUT             print the table of a comparison again from OUT/results.jsonl
    layout_corpus.py fonts                  print the font sets and check Pango uses their files

The split is by repository and fixed before anyone looks at the results: a repository is in the
checking half when the first byte of SHA-256 of its lower-cased `owner/name` is odd (the files of
../shared/realworld count as the repository `shared/realworld`).
"""
import argparse
import hashlib
import html
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LIST = os.path.join(HERE, "paragraphs.tsv")
COLUMNS = ["repo", "commit", "path", "locator", "language", "categories"]
MIRRORS = os.environ.get("LINKDOC_MIRRORS", "/work/.mirror")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Corpus"))
from corpus import half  # noqa: E402  the split of Tests/Corpus: by repository, SHA-256 of owner/name

CATEGORIES = ["rtl", "mixed-bidi", "thai", "korean", "kinsoku", "emoji", "combining", "tab", "url", "link"]


def paragraph_id(row):
    """A stable file name: language, repository, and a short hash of the whole row."""
    key = "\t".join(row[c] for c in COLUMNS[:5])
    digest = hashlib.sha256(key.encode()).hexdigest()[:8]
    return f"{row['language']}-{row['repo'].replace('/', '+')}-{digest}"


def entries(path=LIST):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    rows = [dict(zip(COLUMNS, line.split("\t") + [""] * len(COLUMNS))) for line in lines]
    for row in rows:
        row["half"], row["id"] = half(row["repo"]), paragraph_id(row)
    return rows


# --- Extracting one paragraph from its file ----------------------------------------------------

def shared_realworld():
    for candidate in (os.environ.get("LINKDOC_SHARED_REALWORLD"), os.path.join(ROOT, "../shared/realworld"),
                      os.path.join(ROOT, "../../shared/realworld"), "/work/shared/realworld"):
        if candidate and os.path.isdir(candidate):
            return os.path.normpath(candidate)
    return None


def read_source(row):
    """The bytes of the row's file at its commit: from ../shared/realworld or a fetched mirror."""
    if row["repo"] == "shared/realworld":
        base = shared_realworld()
        if base is None:
            raise LookupError("../shared/realworld is missing (set LINKDOC_SHARED_REALWORLD)")
        with open(os.path.join(base, row["path"]), "rb") as f:
            return f.read()
    gitdir = os.path.join(MIRRORS, row["repo"].replace("/", "+"), "repo")
    r = subprocess.run(["git", "--git-dir", gitdir, "show", f"{row['commit']}:{row['path']}"], capture_output=True)
    if r.returncode != 0:
        raise LookupError(f"{row['repo']}@{row['commit'][:12]}:{row['path']} not in {gitdir} (fetch github:{row['repo']} first)")
    return r.stdout


def decode(raw):
    if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
        return raw.decode("utf-16")
    return raw.decode("utf-8-sig")


ANCHOR = re.compile(r"""<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>(.*?)</a\s*>""", re.S | re.I)
TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def html_to_markup(text):
    """<a href="u">t</a> becomes [t](u) (an anchor around no text is dropped); other tags go, entities
    are read; <br> becomes a line break."""
    def anchor(m):
        url = html.unescape(m.group(1) if m.group(1) is not None else m.group(2)).strip()
        inner = html.unescape(TAG.sub("", m.group(3))).strip()
        if not inner:
            return ""
        if not re.match(r"(?i)(https?|mailto):", url):
            return inner
        return f"[{inner}]({url})"
    text = ANCHOR.sub(anchor, text)
    text = re.sub(r"(?i)<br\s*/?>", "\n", text)
    text = TAG.sub("", text)
    return html.unescape(text)


def android_unescape(value):
    """Android's string resource rules: CDATA kept as is, quoted stretches keep their white space,
    other white space runs become one space, and the backslash escapes."""
    out, quoted, i = [], False, 0
    while i < len(value):
        c = value[i]
        if value.startswith("<![CDATA[", i):
            end = value.find("]]>", i)
            end = len(value) if end < 0 else end
            out.append(value[i + 9:end])
            i = end + 3
            continue
        if c == "\\" and i + 1 < len(value):
            n = value[i + 1]
            if n == "u" and re.match(r"[0-9a-fA-F]{4}", value[i + 2:i + 6]):
                out.append(chr(int(value[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append({"n": "\n", "t": "\t"}.get(n, n))
            i += 2
            continue
        if c == '"':
            quoted = not quoted
            i += 1
            continue
        if c in " \n\r\t" and not quoted:
            j = i
            while j < len(value) and value[j] in " \n\r\t":
                j += 1
            out.append(" ")
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out).strip(" ")


def extract_android(text, name):
    m = re.search(r'<string\s+name="' + re.escape(name) + r'"[^>]*>(.*?)</string\s*>', text, re.S)
    if not m:
        raise LookupError(f"no <string name=\"{name}\">")
    inner = m.group(1)
    # HTML inside the resource: tags written as tags, or escaped (&lt;a href=…&gt;) as Html.fromHtml reads them.
    inner = re.sub(r"<xliff:g[^>]*>(.*?)</xliff:g>", r"\1", inner, flags=re.S)
    value = android_unescape(inner)
    if "&lt;" in value or "<a " in value or "<b>" in value:
        value = html_to_markup(html.unescape(value) if "&lt;" in value else value)
    else:
        value = html.unescape(value)
    return value


STRINGS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "0": "\0"}


def strings_unescape(body):
    def esc(m):
        s = m.group(1)
        if s[0] in "uU":
            return chr(int(s[1:], 16))
        return STRINGS_ESCAPES.get(s, s)
    return re.sub(r"\\([Uu][0-9a-fA-F]{4}|.)", esc, body, flags=re.S)


def extract_strings(text, key):
    m = re.search(r'(?m)^\s*"' + re.escape(key) + r'"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', text, re.S)
    if not m:
        raise LookupError(f"no key \"{key}\"")
    return html_to_markup(strings_unescape(m.group(1))) if "<a " in m.group(1) else strings_unescape(m.group(1))


def extract_xcstrings(text, key, language):
    entry = json.loads(text)["strings"][key]
    unit = entry["localizations"][language]["stringUnit"]
    return unit["value"]


def markdown_line(line):
    line = html_to_markup(line)
    line = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", line)         # images
    line = re.sub(r"\[([^\]]*)\]\((?!https?:|mailto:)[^)]*\)", r"\1", line)  # relative links: their text
    line = re.sub(r"^\s*(?:>\s*)+", "", line)                 # quotes
    line = re.sub(r"^\s*(?:#+|[-*+]|\d+\.)\s+", "", line)     # headings, list items
    line = re.sub(r"(\*\*|__)(.+?)\1", r"\2", line)            # strong emphasis
    return line.strip()


def extract(row, raw):
    """The paragraph's markup. The locator says where it is in the file:
    string:KEY (Android), key:KEY (.strings, .xcstrings with the row's language), L12 or L12-14 (lines of
    a text or Markdown file); a #N suffix keeps only the N-th paragraph (1-based, split at line breaks)."""
    text = decode(raw)
    locator, _, part = row["locator"].partition("#")
    kind, _, name = locator.partition(":")
    if kind == "string":
        value = extract_android(text, name)
    elif kind == "key" and row["path"].endswith(".xcstrings"):
        value = extract_xcstrings(text, name, row["language"])
    elif kind == "key":
        value = extract_strings(text, name)
    elif re.fullmatch(r"L\d+(-\d+)?", locator):
        first, _, last = locator[1:].partition("-")
        lines = text.split("\n")[int(first) - 1:int(last or first)]
        md = row["path"].endswith(".md")
        value = "\n".join(markdown_line(l) if md else l.strip() for l in lines)
    else:
        raise LookupError(f"bad locator {row['locator']}")
    value = value.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n")
    if part:
        paragraphs = [p.strip(" ") for p in value.split("\n") if p.strip()]
        value = paragraphs[int(part) - 1]
    return value.strip("\n")


def rebuild(out_dir, rows=None):
    os.makedirs(out_dir, exist_ok=True)
    ok = missing = 0
    for row in rows or entries():
        try:
            value = extract(row, read_source(row))
        except (LookupError, KeyError, IndexError, ValueError) as e:
            print(f"missing: {row['id']}: {e}", file=sys.stderr)
            missing += 1
            continue
        with open(os.path.join(out_dir, row["id"] + ".txt"), "w", encoding="utf-8") as f:
            f.write(value)
        ok += 1
    print(f"{ok} paragraphs rebuilt into {out_dir}, {missing} missing")
    return missing == 0


# --- Categories (of the display text, for the list) --------------------------------------------

def bidi_classes(text):
    return {unicodedata.bidirectional(c) for c in text}


def first_strong(text):
    for c in text:
        b = unicodedata.bidirectional(c)
        if b in ("L", "R", "AL"):
            return b
    return "L"


KINSOKU = set("、。，．・：；？！ー）〕］｝〉》」』】〙〗〟’”｠»ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻‐゠–〜…")


def is_emoji(c):
    o = ord(c)
    return (0x1F000 <= o <= 0x1FAFF or 0x2600 <= o <= 0x27BF or o in (0xFE0F, 0x200D, 0x2B50, 0x2B55, 0x231A, 0x231B, 0x23F0, 0x23F3)
            )


def categories(display, links, markup):
    cats = set()
    classes = bidi_classes(display)
    if first_strong(display) in ("R", "AL"):
        cats.add("rtl")
    if "L" in classes and classes & {"R", "AL"}:
        cats.add("mixed-bidi")
    if any("\u0e00" <= c <= "\u0e7f" for c in display):
        cats.add("thai")
    if any("\uac00" <= c <= "\ud7a3" or "\u1100" <= c <= "\u11ff" or "\u3130" <= c <= "\u318f" for c in display):
        cats.add("korean")
    if any(c in KINSOKU for c in display) and any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in display):
        cats.add("kinsoku")
    if any(is_emoji(c) for c in display):
        cats.add("emoji")
    if any(unicodedata.category(c) in ("Mn", "Me") for c in display) or unicodedata.normalize("NFC", display) != display:
        cats.add("combining")
    if "\t" in display:
        cats.add("tab")
    kinds = [l.get("kind") for l in links]
    if "url" in kinds and re.search(r"(?i)\b(https?://|www\.)", display):
        for l in links:
            if l.get("kind") == "url" and l.get("text", "").lower().startswith(("http", "www")):
                cats.add("url")
    if re.search(r"\]\((?:https?|mailto):", markup):
        cats.add("link")
    return [c for c in CATEGORIES if c in cats]


# --- Laying out --------------------------------------------------------------------------------

NOTO = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
EMOJI = NOTO + "NotoColorEmoji.ttf"
SCRIPTS = [NOTO + "NotoSansArabic-Regular.ttf", NOTO + "NotoSansHebrew-Regular.ttf", NOTO + "NotoSansThai-Regular.ttf",
           NOTO + "NotoSansDevanagari-Regular.ttf"]
# Each set: the regular face first, then the fallbacks in order; (file, face index, fontconfig family).
FONT_SETS = {
    # linkdoc's default order (Grammar/layout.md, Fonts)
    "cjk-default": [(CJK, 2, "Noto Sans CJK SC"), (EMOJI, 0, "Noto Color Emoji"), (DEJAVU, 0, "DejaVu Sans")],
    # a Latin face first, then one face a script, as an app that ships Noto would
    "noto-scripts": [(NOTO + "NotoSans-Regular.ttf", 0, "Noto Sans"), (SCRIPTS[0], 0, "Noto Sans Arabic"),
                     (SCRIPTS[1], 0, "Noto Sans Hebrew"), (SCRIPTS[2], 0, "Noto Sans Thai"),
                     (SCRIPTS[3], 0, "Noto Sans Devanagari"), (CJK, 2, "Noto Sans CJK SC"), (EMOJI, 0, "Noto Color Emoji")],
    # DejaVu Sans first: it has Latin, Cyrillic, Arabic and Hebrew, but other advances and metrics
    "dejavu-first": [(DEJAVU, 0, "DejaVu Sans"), (SCRIPTS[2], 0, "Noto Sans Thai"), (SCRIPTS[3], 0, "Noto Sans Devanagari"),
                     (CJK, 2, "Noto Sans CJK SC"), (EMOJI, 0, "Noto Color Emoji")],
    # the Japanese face of the collection first, then the Korean one (face 0 JP, 1 KR, 2 SC, 3 TC, 4 HK)
    "cjk-jp-kr": [(CJK, 0, "Noto Sans CJK JP"), (CJK, 1, "Noto Sans CJK KR"), (SCRIPTS[0], 0, "Noto Sans Arabic"),
                  (SCRIPTS[1], 0, "Noto Sans Hebrew"), (SCRIPTS[2], 0, "Noto Sans Thai"), (SCRIPTS[3], 0, "Noto Sans Devanagari"),
                  (EMOJI, 0, "Noto Color Emoji")],
}

PEER_SOURCE = os.path.join(ROOT, "Benchmarks/PangoPeer/pango_layout_dump.c")


def build_peer(out):
    r = subprocess.run(f"cc -O2 -o {out} {PEER_SOURCE} $(pkg-config --cflags --libs pangoft2 pangocairo fontconfig)", shell=True,
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit("building the Pango peer failed (apt-get install libpango1.0-dev):\n" + r.stderr)
    return out


def fontconfig_file(work, name):
    """A private fonts.conf that knows only the set's files (symbolic links in a folder of their own)
    and turns hinting off, so that Pango sees no system font."""
    folder = os.path.join(work, "fonts-" + name)
    conf = os.path.join(work, f"fonts-{name}.conf")
    if os.path.exists(conf):
        return conf
    os.makedirs(folder, exist_ok=True)
    for path in sorted({f for f, _, _ in FONT_SETS[name]}):
        link = os.path.join(folder, os.path.basename(path))
        if not os.path.lexists(link):
            os.symlink(path, link)
    cache = os.path.join(work, "fontconfig-cache")
    os.makedirs(cache, exist_ok=True)
    # fontconfig's own rules that scale a bitmap font (Noto Color Emoji has one 109 ppem strike) to
    # the size asked: without them Pango lays every emoji out 109 px wide (rules only, no fonts)
    scale = "/etc/fonts/conf.d/10-scale-bitmap-fonts.conf"
    if not os.path.exists(scale):
        scale = "/usr/share/fontconfig/conf.avail/10-scale-bitmap-fonts.conf"
    scale_rules = f"  <include ignore_missing=\"yes\">{scale}</include>\n"
    text = f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>{folder}</dir>
  <cachedir>{cache}</cachedir>
{scale_rules}  <match target="font">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="autohint" mode="assign"><bool>false</bool></edit>
  </match>
</fontconfig>
"""
    tmp = conf + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, conf)
    return conf


def family_list(name):
    families = []
    for _, _, family in FONT_SETS[name]:
        if family not in families:
            families.append(family)
    return ",".join(families)


def linkdoc_font_args(name):
    faces = [f"{path}#{index}" if path.endswith(".ttc") else path for path, index, _ in FONT_SETS[name]]
    args = ["--font", faces[0], "--bold-font", faces[0]]
    for face in faces[1:]:
        args += ["--fallback-font", face]
    return args


def run_json(cmd, input_bytes=None, env=None):
    r = subprocess.run(cmd, input=input_bytes, capture_output=True, env=env)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"{cmd[0]} exited {r.returncode}: {r.stderr.decode(errors='replace')[:400]}")
    return json.loads(r.stdout)


PANGO_LANGUAGE = {"zh-Hans": "zh-cn", "zh-Hant": "zh-tw"}


def pango(peer, conf, setup, text_path, links, max_lines=0, show_fonts=False):
    env = dict(os.environ, FONTCONFIG_FILE=conf)
    env.pop("FONTCONFIG_PATH", None)
    cmd = [peer, "--text", text_path, "--width", str(setup["width"]), "--size", str(setup["size"]),
           "--families", family_list(setup["fonts"]), "--language", PANGO_LANGUAGE.get(setup["language"], setup["language"])]
    for start, length in links:
        cmd += ["--range", f"{start},{start + length}"]
    if max_lines:
        cmd += ["--max-lines", str(max_lines)]
    if show_fonts:
        cmd.append("--show-fonts")
    return run_json(cmd, env=env)


def linkdoc_layout(binary, doc_path, setup, max_lines=0, hits=()):
    # Pango has neither of UILabel's line-break strategies (push-out, Hangul word priority).
    cmd = [binary, "layout", doc_path, "--profile", "label", "--line-break-strategy", "none",
           "--width", str(setup["width"]), "--size", str(setup["size"]),
           "--language", setup["language"]] + linkdoc_font_args(setup["fonts"])
    if max_lines:
        cmd += ["--max-lines", str(max_lines)]
    for x, y in hits:
        cmd += ["--hit", f"{x:.3f},{y:.3f}"]
    return run_json(cmd)


TOLERANCE = 0.5


def merge_pieces(pieces):
    """Visual pieces of one link on one line, left to right, touching pieces joined."""
    out = []
    for x0, x1 in sorted(pieces):
        if out and x0 <= out[-1][1] + 0.01:
            out[-1][1] = max(out[-1][1], x1)
        else:
            out.append([x0, x1])
    return out


def ours_link_rects(layout):
    """{link: [(line, x0, x1)…]} from linkdoc's rectangles, each put on the line whose top it has."""
    tops = [l["rect"][1] for l in layout["lines"]]
    out = {}
    for entry in layout["links"]:
        rects = []
        for x, y, w, h in entry["rects"]:
            line = min(range(len(tops)), key=lambda i: abs(tops[i] - y)) if tops else 0
            rects.append((line, x, x + w))
        out[entry["link"]] = sorted(rects)
    return out


def theirs_link_rects(dump):
    out = {}
    for i, entry in enumerate(dump["ranges"]):
        rects = []
        for piece in entry["lines"]:
            for x0, x1 in merge_pieces(piece["x_ranges"]):
                rects.append((piece["line"], x0, x1))
        out[i] = sorted(rects)
    return out


def rects_equal(a, b):
    if len(a) != len(b):
        return False
    return all(la == lb and abs(x0 - y0) <= TOLERANCE and abs(x1 - y1) <= TOLERANCE for (la, x0, x1), (lb, y0, y1) in zip(a, b))


def fmt_rects(rects):
    return " ".join(f"L{l}:{x0:.1f}-{x1:.1f}" for l, x0, x1 in rects) or "-"


def compare_one(job):
    """One paragraph in one setup: linkdoc and Pango, compared."""
    binary, peer, work, pid, text_path, doc_path, doc, setup = job
    conf = fontconfig_file(work, setup["fonts"])
    links = [tuple(l["range"]["utf8"]) for l in doc["links"]]
    text = doc["text"].encode()
    result = {"paragraph": pid, **setup}
    theirs = pango(peer, conf, setup, text_path, links)
    theirs_starts = [l["start"] for l in theirs["lines"]]
    theirs_rects = theirs_link_rects(theirs)
    # Probes inside Pango's link rectangles: the middle, and 1 pt (or a quarter) inside each end,
    # at the middle of our line of the same number.
    probes = []
    for link, rects in theirs_rects.items():
        for line, x0, x1 in rects:
            inset = min(1.0, (x1 - x0) / 4)
            for x in ((x0 + x1) / 2, x0 + inset, x1 - inset):
                probes.append((link, line, x))
    ours = linkdoc_layout(binary, doc_path, setup)
    ours_starts = [l["range"]["utf8"][0] for l in ours["lines"]]
    result["breaks_equal"] = ours_starts == theirs_starts
    result["ours_starts"], result["theirs_starts"] = ours_starts, theirs_starts
    result["direction"] = theirs["direction"]
    ours_rects = ours_link_rects(ours)
    result["links"] = len(links)
    if links:
        result["rects_equal"] = all(rects_equal(ours_rects.get(i, []), theirs_rects.get(i, [])) for i in range(len(links)))
        if not result["rects_equal"]:
            result["rects_diff"] = [{"link": i, "ours": fmt_rects(ours_rects.get(i, [])), "theirs": fmt_rects(theirs_rects.get(i, []))}
                                    for i in range(len(links)) if not rects_equal(ours_rects.get(i, []), theirs_rects.get(i, []))]
    if links and result["breaks_equal"] and probes:
        lines = ours["lines"]
        points = [(x, lines[line]["rect"][1] + lines[line]["rect"][3] / 2) for _, line, x in probes]
        hit = linkdoc_layout(binary, doc_path, setup, hits=points)
        wrong = [(link, round(x, 1), round(y, 1), h["link"]) for (link, _, _), (x, y), h in zip(probes, points, hit["hits"])
                 if h["link"] != link]
        result["hits"], result["hits_right"] = len(probes), len(probes) - len(wrong)
        if wrong:
            result["hits_wrong"] = wrong[:6]
    # Truncation at two lines: the text kept before the token (trailing white space ignored).
    theirs2 = pango(peer, conf, setup, text_path, [], max_lines=2)
    ours2 = linkdoc_layout(binary, doc_path, setup, max_lines=2)
    ours_kept = ours2["lines"][-1]["range"]["utf8"][0] + ours2["lines"][-1]["range"]["utf8"][1] if ours2["truncated"] else len(text)
    theirs_kept = theirs2["kept"] if theirs2["truncated"] else len(text)
    result["truncated"] = bool(ours2["truncated"] or theirs2["truncated"])
    if result["truncated"]:
        ok_ = text[:ours_kept].decode(errors="replace").rstrip()
        tk_ = text[:theirs_kept].decode(errors="replace").rstrip()
        result["truncation_equal"] = ok_ == tk_ and ours2["truncated"] == theirs2["truncated"]
        result["ours_kept"], result["theirs_kept"] = ours_kept, theirs_kept
    # Line heights and baselines, reported only (Pango takes ascent and descent from other tables).
    result["ours_heights"] = [round(l["rect"][3], 3) for l in ours["lines"]]
    result["theirs_heights"] = [round(l["height"], 3) for l in theirs["lines"]]
    return result


def compile_paragraphs(binary, rows, par_dir, work):
    """Each paragraph compiled once: the display text (for Pango) and the link ranges."""
    out = {}
    for row in rows:
        src = os.path.join(par_dir, row["id"] + ".txt")
        if not os.path.exists(src):
            print(f"missing paragraph {src} (run rebuild)", file=sys.stderr)
            continue
        doc_path = os.path.join(work, "docs", row["id"] + ".json")
        text_path = os.path.join(work, "docs", row["id"] + ".display.txt")
        os.makedirs(os.path.dirname(doc_path), exist_ok=True)
        # compiled from standard input in the scratch folder, so that no linkdoc.json applies (a new user's first run)
        with open(src, "rb") as f:
            r = subprocess.run([binary, "compile", "-"], input=f.read(), capture_output=True, cwd=work)
        doc = json.loads(r.stdout) if r.stdout.strip() else None
        if doc is None or "text" not in doc:
            print(f"{row['id']}: compile failed: {r.stderr.decode(errors='replace')[:200]}", file=sys.stderr)
            continue
        with open(doc_path, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False)
        with open(text_path, "wb") as f:
            f.write(doc["text"].encode())
        out[row["id"]] = (text_path, doc_path, doc)
    return out


def check_pango_fonts(peer, work, names, rows, docs):
    """Pango must lay the text out with the set's files and no other: for one paragraph a language
    (the first of the list), every run's font file (from the FcPattern of the run's font) is checked
    against the set. Returns {set: {"files": [...], "foreign": [...]}} and warns of a foreign file."""
    sample, seen = [], set()
    for row in rows:
        if row["id"] in docs and row["language"] not in seen:
            seen.add(row["language"])
            sample.append(row)
    out = {}
    for name in names:
        conf = fontconfig_file(work, name)
        allowed = {os.path.realpath(f) for f, _, _ in FONT_SETS[name]}
        used = set()
        for row in sample:
            text_path = docs[row["id"]][0]
            dump = pango(peer, conf, {"fonts": name, "width": 270, "size": 17, "language": row["language"]}, text_path, [],
                         show_fonts=True)
            for line in dump["lines"]:
                for run in line.get("runs", []):
                    used.add((os.path.realpath(run["file"]) if run["file"] != "?" else "?", run["index"]))
        foreign = sorted(f"{f}#{i}" for f, i in used if f not in allowed)
        out[name] = {"files": sorted(f"{os.path.basename(f)}#{i}" for f, i in used), "foreign": foreign}
        if foreign:
            print(f"warning: Pango used files outside the font set {name}: {foreign}", file=sys.stderr)
    return out


# --- Differences with a reason ------------------------------------------------------------------
# A layout that differs from Pango's is "explained" when a known, documented difference lies on the
# line where the two first part (or, for link rectangles alone, anywhere before): each reason is a
# choice Grammar/layout.md states, or a gap of the font set, not a tolerance for bugs. The test is
# mechanical (the text and the set's character maps), never a hand label.
REASONS = {
    "emoji-font": "emoji: Pango takes each character from the first font of the list without colour glyphs that has it "
                  "(DejaVu Sans' 😀, ℹ of ℹ️, ♂ of 🤦‍♂️), and the colour font only for what no other font has, even after "
                  "U+FE0F; linkdoc takes the first font with the whole cluster, colour fonts first after U+FE0F, as iOS "
                  "draws emoji from Apple Color Emoji (Grammar/layout.md, Font choice)",
    "no-font": "a character no font of the set has: Pango draws a hex box, linkdoc the primary face's .notdef; on iOS the "
               "system's fallback fonts have one (a gap of the test's font set, not of either engine)",
    "thai-dictionary": "Thai words: Pango finds their breaks with libthai's dictionary, linkdoc with ICU's (the one Apple's "
                       "text stack uses), and the two dictionaries cut some words differently",
    "latin-hangul": "a Latin letter or digit followed by Hangul (Pearcleaner는): Pango does not break between them, ICU's "
                    "root rules do (UAX #14 LB31)",
    "hyphen": "a word wider than the line, cut inside: Pango 1.50 inserts a hyphen where it cuts a word and counts its "
              "width, so it cuts earlier; TextKit's character wrapping draws none "
              "(Grammar/layout-pango-differences.txt has the same case)",
    "latin-in-cjk": "Latin text in Chinese, Japanese or Korean copy: Pango shapes a Latin-script run in English (its sample "
                    "language for the script), linkdoc the whole paragraph in the copy's language, whose locl forms in "
                    "Noto Sans CJK differ in width (Grammar/layout-pango-differences.txt has the same case)",
    "ellipsis": "the same lines, one cluster more or less kept before the ellipsis: Pango shapes its ellipsis in the font of "
                "the text it replaces and lets the line overrun the width by a fraction of a point; linkdoc shapes the "
                "token in the view's regular face, as UILabel draws its ellipsis in the label's font, and keeps only "
                "what fits",
}
_CMAPS = {}


def _coverage(fonts):
    """The characters each font of the set has, in list order, and whether it has colour glyphs."""
    if fonts not in _CMAPS:
        from fontTools.ttLib import TTCollection, TTFont
        out = []
        for path, index, _ in FONT_SETS[fonts]:
            font = TTCollection(path).fonts[index] if path.endswith(".ttc") else TTFont(path, lazy=True)
            colour = any(tag in font for tag in ("CBDT", "sbix", "COLR"))
            out.append((set(font.getBestCmap()), colour))
        _CMAPS[fonts] = out
    return _CMAPS[fonts]


def _clusters(text):
    """Rough grapheme clusters: a base and the marks, joiners, selectors and skin tones after it."""
    out = []
    for ch in text:
        joins = out and (unicodedata.category(ch) in ("Mn", "Me", "Mc") or ch in "\u200d\ufe0f\ufe0e"
                         or 0x1F3FB <= ord(ch) <= 0x1F3FF or out[-1].endswith("\u200d"))
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _reasons_in(window, fonts):
    found = set()
    coverage = _coverage(fonts)
    for cluster in _clusters(window):
        first = ord(cluster[0])
        visible = [ch for ch in cluster if ch not in "\ufe0f\ufe0e" and not 0x1F3FB <= ord(ch) <= 0x1F3FF
                   and unicodedata.category(ch) not in ("Cc", "Cf", "Zs", "Zl", "Zp")]
        if any(not any(ord(ch) in cmap for cmap, _ in coverage) for ch in visible):
            found.add("no-font")
        else:
            # linkdoc: the first font with the whole cluster, the colour ones first after U+FE0F and the
            # others first after U+FE0E. Pango (measured with --show-fonts): per character, the first
            # font of the list without colour glyphs that has it, the colour font only for the rest.
            order = list(range(len(coverage)))
            if "\ufe0f" in cluster:
                order.sort(key=lambda k: not coverage[k][1])
            elif "\ufe0e" in cluster:
                order.sort(key=lambda k: coverage[k][1])
            ours = next((k for k in order if all(ord(ch) in coverage[k][0] for ch in visible)), None)
            for ch in visible:
                pango = next((k for k, (cmap, colour) in enumerate(coverage) if not colour and ord(ch) in cmap), None)
                if pango is None:
                    pango = next((k for k, (cmap, _) in enumerate(coverage) if ord(ch) in cmap), None)
                if ours is not None and pango != ours:
                    found.add("emoji-font")
        if 0x0E00 <= first <= 0x0E7F:
            found.add("thai-dictionary")
    if re.search("[A-Za-z0-9][\uac00-\ud7a3]", window):
        found.add("latin-hangul")
    return found


def explain(r, text):
    """The reasons (REASONS keys) found where the layout first parts from Pango's; empty when none."""
    data = text.encode()
    ours, theirs = r["ours_starts"], r["theirs_starts"]
    if not r["breaks_equal"]:
        i = next((k for k in range(min(len(ours), len(theirs))) if ours[k] != theirs[k]), min(len(ours), len(theirs)))
        start = ours[i - 1] if 0 < i <= len(ours) else 0
        end = max(ours[i] if i < len(ours) else len(data), theirs[i] if i < len(theirs) else len(data))
    elif r.get("truncated") and not r.get("truncation_equal", True):
        start, end = 0, max(r["ours_kept"], r["theirs_kept"])
    else:
        start, end = 0, len(data)
    window = data[start:min(len(data), end + 4)].decode(errors="ignore")
    found = _reasons_in(window, r["fonts"])
    if r["language"] in ("ja", "ko", "zh-Hans", "zh-Hant") and re.search("[A-Za-z]", window) and \
            any(path.endswith(".ttc") for path, _, _ in FONT_SETS[r["fonts"]][:1]):
        found.add("latin-in-cjk")
    if not r["breaks_equal"]:
        def inside_word(offset):
            before = data[:offset].decode(errors="ignore")[-1:]
            after = data[offset:].decode(errors="ignore")[:1]
            return before.isalnum() and after.isalnum() and before.isascii() and after.isascii()
        if any(k < len(starts) and inside_word(starts[k]) for starts in (ours, theirs) for k in (i,)):
            found.add("hyphen")
    elif r.get("truncated") and not r.get("truncation_equal", True):
        kept = sorted((r["ours_kept"], r["theirs_kept"]))
        if len(data[kept[0]:kept[1]].decode(errors="ignore")) == 1:
            found.add("ellipsis")
    return found


def differs(r):
    return (not r["breaks_equal"]) or (r["links"] and not r.get("rects_equal", False)) or \
        (r.get("truncated") and not r.get("truncation_equal", True)) or r.get("hits", 0) != r.get("hits_right", 0)


def pct(a, b):
    return round(100.0 * a / b, 1) if b else None


def summarize(results, rows_by_id):
    groups = {}

    def add(key, r):
        g = groups.setdefault(key, {"layouts": 0, "breaks_equal": 0, "with_links": 0, "rects_equal": 0, "hits": 0,
                                    "hits_right": 0, "truncated": 0, "truncation_equal": 0, "all_equal": 0,
                                    "links_breaks_equal": 0, "rects_equal_breaks_equal": 0,
                                    "equal_or_explained": 0})
        g["layouts"] += 1
        g["breaks_equal"] += r["breaks_equal"]
        if r["links"]:
            g["with_links"] += 1
            g["rects_equal"] += r.get("rects_equal", False)
            if r["breaks_equal"]:
                g["links_breaks_equal"] += 1
                g["rects_equal_breaks_equal"] += r.get("rects_equal", False)
        g["hits"] += r.get("hits", 0)
        g["hits_right"] += r.get("hits_right", 0)
        if r.get("truncated"):
            g["truncated"] += 1
            g["truncation_equal"] += r["truncation_equal"]
        g["all_equal"] += r["breaks_equal"] and r.get("rects_equal", True)
        g["equal_or_explained"] += (not differs(r)) or bool(r.get("reasons"))

    for r in results:
        row = rows_by_id[r["paragraph"]]
        keys = [("all", row["half"]), ("language:" + row["language"], row["half"]), ("fonts:" + r["fonts"], row["half"])]
        keys += [("category:" + c, row["half"]) for c in (row["categories"].split(",") if row["categories"] else ["none"])]
        for key in keys:
            add(key, r)
            add((key[0], "both"), r)
    table = {}
    for (name, h), g in sorted(groups.items()):
        g = dict(g)
        g["%breaks"] = pct(g["breaks_equal"], g["layouts"])
        g["%rects"] = pct(g["rects_equal"], g["with_links"])
        g["%rects_where_breaks_agree"] = pct(g["rects_equal_breaks_equal"], g["links_breaks_equal"])
        g["%hits"] = pct(g["hits_right"], g["hits"])
        g["%truncation"] = pct(g["truncation_equal"], g["truncated"])
        g["%breaks_and_rects"] = pct(g["all_equal"], g["layouts"])
        g["%equal_or_explained"] = pct(g["equal_or_explained"], g["layouts"])
        table.setdefault(name, {})[h] = g
    return table


def print_table(table, out=sys.stdout):
    print(f"{'group':28} {'half':5} {'layouts':>7} {'%breaks':>8} {'%rects':>8} {'%rect|br':>8} {'%hits':>8} {'%trunc':>8} {'%both':>7} {'%eq|expl':>8}",
          file=out)
    for name, halves in table.items():
        for h, g in halves.items():
            f = lambda v: "-" if v is None else f"{v:.1f}"
            print(f"{name:28} {h:5} {g['layouts']:7} {f(g['%breaks']):>8} {f(g['%rects']):>8} {f(g['%rects_where_breaks_agree']):>8} {f(g['%hits']):>8} "
                  f"{f(g['%truncation']):>8} {f(g['%breaks_and_rects']):>7} {f(g['%equal_or_explained']):>8}", file=out)


def compare(args):
    rows = [r for r in entries() if args.half in ("both", r["half"])]
    if args.limit:
        rows = rows[:args.limit]
    os.makedirs(args.out, exist_ok=True)
    work = os.path.abspath(os.path.join(args.out, "work"))
    os.makedirs(work, exist_ok=True)
    peer = args.peer or build_peer(os.path.join(work, "pango_layout_dump"))
    binary = os.path.abspath(args.binary)
    docs = compile_paragraphs(binary, rows, args.paragraphs, work)
    for name in args.fonts:
        fontconfig_file(work, name)
    # Warm the fontconfig cache once per set before the pool starts (no two processes write it).
    for name in args.fonts:
        subprocess.run([peer, "--check-fonts", "--families", family_list(name)], env=dict(os.environ, FONTCONFIG_FILE=fontconfig_file(work, name)),
                       capture_output=True)
    fonts_check = check_pango_fonts(peer, work, args.fonts, rows, docs)
    jobs = []
    for row in rows:
        if row["id"] not in docs:
            continue
        text_path, doc_path, doc = docs[row["id"]]
        for fonts in args.fonts:
            for width in args.widths:
                for size in args.sizes:
                    setup = {"fonts": fonts, "width": width, "size": size, "language": row["language"]}
                    jobs.append((binary, peer, work, row["id"], text_path, doc_path, doc, setup))
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for i, r in enumerate(pool.map(compare_one, jobs, chunksize=4)):
            results.append(r)
            if (i + 1) % 200 == 0:
                print(f"{i + 1}/{len(jobs)} layouts", file=sys.stderr)
    rows_by_id = {r["id"]: r for r in rows}
    add_reasons(results, work)
    with open(os.path.join(args.out, "results.jsonl"), "w", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(args.out, "differences.tsv"), "w", encoding="utf-8") as f:
        f.write("paragraph\thalf\tlanguage\tcategories\tfonts\twidth\tsize\twhat\tours\ttheirs\n")
        for r in results:
            row = rows_by_id[r["paragraph"]]
            base = [r["paragraph"], row["half"], row["language"], row["categories"], r["fonts"], str(r["width"]), str(r["size"])]
            if not r["breaks_equal"]:
                f.write("\t".join(base + ["line starts", ",".join(map(str, r["ours_starts"])), ",".join(map(str, r["theirs_starts"]))]) + "\n")
            for d in r.get("rects_diff", []):
                f.write("\t".join(base + [f"link {d['link']} rects", d["ours"], d["theirs"]]) + "\n")
            for link, x, y, got in r.get("hits_wrong", []):
                f.write("\t".join(base + [f"hit link {link}", f"({x},{y}) -> {got}", f"link {link}"]) + "\n")
            if r.get("truncated") and not r["truncation_equal"]:
                f.write("\t".join(base + ["kept at 2 lines", str(r["ours_kept"]), str(r["theirs_kept"])]) + "\n")
    table = summarize(results, rows_by_id)
    summary = {"paragraphs": len(docs), "layouts": len(results), "widths": args.widths, "sizes": args.sizes, "fonts": args.fonts,
               "half": args.half, "tolerance_pt": TOLERANCE, "pango_fonts": fonts_check, "groups": table}
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, ensure_ascii=False, indent=1)
    print_table(table)
    print_reasons(results)


def add_reasons(results, work):
    """Each differing result's reasons, from its paragraph's display text (OUT/work/docs)."""
    texts = {}
    for r in results:
        if differs(r):
            if r["paragraph"] not in texts:
                with open(os.path.join(work, "docs", r["paragraph"] + ".display.txt"), encoding="utf-8") as f:
                    texts[r["paragraph"]] = f.read()
            r["reasons"] = sorted(explain(r, texts[r["paragraph"]]))


def print_reasons(results, out=sys.stdout):
    counts = {}
    unexplained = []
    for r in results:
        if differs(r):
            for reason in r.get("reasons") or ["(none)"]:
                counts[reason] = counts.get(reason, 0) + 1
            if not r.get("reasons"):
                unexplained.append(r)
    print(f"\ndiffering layouts by reason (a layout may have several): {counts}", file=out)
    for reason, text in REASONS.items():
        print(f"  {reason}: {text}", file=out)
    print(f"unexplained: {len(unexplained)}", file=out)
    for r in unexplained:
        print(f"  {r['paragraph']} {r['fonts']} {r['width']}/{r['size']}: starts {r['ours_starts']} vs {r['theirs_starts']}"
              + (f", kept {r.get('ours_kept')} vs {r.get('theirs_kept')}" if not r.get("truncation_equal", True) else "")
              + (f", rects {r.get('rects_diff')}" if r.get("rects_diff") else ""), file=out)


def report(out_dir):
    """The table again from OUT/results.jsonl, with each difference's reasons and the unexplained ones."""
    rows_by_id = {r["id"]: r for r in entries()}
    with open(os.path.join(out_dir, "results.jsonl"), encoding="utf-8") as f:
        results = [json.loads(line) for line in f if line.strip()]
    results = [r for r in results if r["paragraph"] in rows_by_id]
    add_reasons(results, os.path.join(out_dir, "work"))
    print_table(summarize(results, rows_by_id))
    print_reasons(results)


def check_fonts(args):
    work = tempfile.mkdtemp(prefix="layoutcorpus-fonts-")
    peer = args.peer or build_peer(os.path.join(work, "pango_layout_dump"))
    for name in FONT_SETS:
        conf = fontconfig_file(work, name)
        r = subprocess.run([peer, "--check-fonts", "--families", family_list(name)], env=dict(os.environ, FONTCONFIG_FILE=conf),
                           capture_output=True, text=True)
        print(f"{name}: linkdoc {' '.join(linkdoc_font_args(name))}")
        print(r.stdout.rstrip() or r.stderr.rstrip())


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("split")
    ls = sub.add_parser("list")
    ls.add_argument("--half", choices=["tune", "check", "both"], default="both")
    rb = sub.add_parser("rebuild")
    rb.add_argument("dir")
    fo = sub.add_parser("fonts")
    fo.add_argument("--peer")
    rp = sub.add_parser("report")
    rp.add_argument("out")
    cp = sub.add_parser("compare")
    cp.add_argument("binary")
    cp.add_argument("paragraphs")
    cp.add_argument("out")
    cp.add_argument("--half", choices=["tune", "check", "both"], default="both")
    cp.add_argument("--widths", type=lambda s: [int(x) for x in s.split(",")], default=[200, 270, 375])
    cp.add_argument("--sizes", type=lambda s: [float(x) if "." in x else int(x) for x in s.split(",")], default=[13, 17])
    cp.add_argument("--fonts", nargs="+", choices=list(FONT_SETS), default=list(FONT_SETS))
    cp.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    cp.add_argument("--peer", help="a built pango_layout_dump (default: built from Benchmarks/PangoPeer into OUT/work)")
    cp.add_argument("--limit", type=int, default=0, help="only the first N paragraphs of the list")
    args = p.parse_args()
    if args.command == "split":
        counts = {}
        for r in entries():
            counts[r["repo"]] = counts.get(r["repo"], 0) + 1
        for repo in sorted(counts, key=str.lower):
            print(f"{half(repo)}\t{counts[repo]}\t{repo}")
    elif args.command == "list":
        for r in entries():
            if args.half in ("both", r["half"]):
                print("\t".join([r["id"], r["half"]] + [r[c] for c in COLUMNS]))
    elif args.command == "rebuild":
        sys.exit(0 if rebuild(args.dir) else 1)
    elif args.command == "fonts":
        check_fonts(args)
    elif args.command == "report":
        report(args.out)
    elif args.command == "compare":
        compare(args)


if __name__ == "__main__":
    main()
