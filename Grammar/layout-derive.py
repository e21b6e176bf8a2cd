#!/usr/bin/env python3
"""Derives the numbers of Grammar/layout-examples.json from the fonts' own data, without linkdoc.

For each example: the font's hhea metrics and every character's advance, read with fontTools
(hmtx, through the cmap) and, when HarfBuzz's hb-shape is installed (Debian: libharfbuzz-bin),
checked against a shaping of the example's characters; then the line height, baselines and the
widths the examples state. Needs `pip install fonttools`. Usage: Grammar/layout-derive.py
"""
import json, pathlib, re, shutil, subprocess, sys
from fontTools.ttLib import TTCollection, TTFont

here = pathlib.Path(__file__).resolve().parent
examples = json.loads((here / "layout-examples.json").read_text(encoding="utf-8"))

def load(spec):
    path, _, index = spec.partition("#")
    return (TTCollection(path).fonts[int(index or 0)] if path.endswith(".ttc") else TTFont(path)), path, int(index or 0)

regular, regular_path, regular_index = load(examples["fonts"]["regular"])
emoji, emoji_path, _ = load(examples["fonts"]["fallbacks"][0])

def metrics(font, size):
    upem, hhea = font["head"].unitsPerEm, font["hhea"]
    return hhea.ascent * size / upem, -hhea.descent * size / upem, hhea.lineGap * size / upem

def advance(font, ch, size):
    cmap = font.getBestCmap()
    return font["hmtx"][cmap[ord(ch)]][0] * size / font["head"].unitsPerEm if ord(ch) in cmap else None

def hb_shape(path, index, text, size):
    """Advances of `text` shaped by hb-shape at `size` (in font units scaled), or None without hb-shape."""
    if not shutil.which("hb-shape"):
        return None
    out = subprocess.run(["hb-shape", "--face-index=%d" % index, "--font-size=%d" % 1000, "--no-glyph-names",
                          "--output-format=json", path, text], capture_output=True, text=True, check=True).stdout
    return sum(g["ax"] for g in json.loads(out)) * size / 1000

size = 16
ascent, descent, gap = metrics(regular, size)
height = ascent + descent + gap
print("Noto Sans CJK SC at %g: ascent %g, descent %g, line gap %g -> line height %g, baseline top + %g"
      % (size, ascent, descent, gap, height, height - descent))
e_ascent, e_descent, e_gap = metrics(emoji, size)
print("Noto Color Emoji at %g: ascent %g, descent %g (below the CJK face's: the line keeps %g)" % (size, e_ascent, e_descent, height))
print("😀 advance: %g" % advance(emoji, "😀", size))

emoji_chars = set("😀👍🏽👨‍👩‍👧")
for example in examples["examples"]:
    # The display text: the examples' only markup is [text](url).
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", example["copy"])
    cjk = "".join(ch for ch in text if ch not in emoji_chars and ch != "\n")
    if not cjk:
        print("%s: emoji only" % example["name"])
        continue
    widths = sorted({advance(regular, ch, size) for ch in cjk})
    shaped = hb_shape(regular_path, regular_index, cjk, size)
    print("%s: %d characters from the CJK face, hmtx advances %s%s" % (example["name"], len(cjk), widths,
          "" if shaped is None else ", hb-shape of the text: %g" % shaped))
    if widths != [16.0] or (shaped is not None and abs(shaped - 16 * len(cjk)) > 1e-9):
        print("  MISMATCH: the examples assume 16 per character"); sys.exit(1)
for token in ("…展开",):
    print("token %s: %g" % (token, hb_shape(regular_path, regular_index, token, size) or sum(advance(regular, ch, size) for ch in token)))
