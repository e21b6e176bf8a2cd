#!/usr/bin/env python3
"""The unseen-copy corpus: its list, its split, and running a linkdoc binary over it.

The corpus is public app copy that is read and measured in a scratch folder and never committed
(Tests/Corpus/README.md). This script knows only its list, `corpus.tsv` beside it:

    repo  commit  path  licence  kind  languages  note

    corpus.py split                         print each repository's half (tune / check)
    corpus.py list --half tune|check        print the lines of corpus.tsv in that half
    corpus.py rebuild FILES_DIR             copy every listed file out of the fetched mirrors
                                            (/work/.mirror/owner+name/...) into FILES_DIR/owner+name/path
    corpus.py run BINARY FILES_DIR OUT_DIR [--half tune|check]
                                            compile and lint every file; writes OUT_DIR/strings.jsonl
                                            (one line per compiled string, with its links and diagnostics)
                                            and OUT_DIR/findings.jsonl (one line per lint finding)

The split is by repository and fixed before anyone looks at the copy: a repository is in the
checking half when the first byte of SHA-256 of its lower-cased `owner/name` is odd.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
LIST = os.path.join(HERE, "corpus.tsv")
COLUMNS = ["repo", "commit", "path", "licence", "kind", "languages", "note"]


def half(repo):
    return "check" if hashlib.sha256(repo.lower().encode()).digest()[0] % 2 else "tune"


def entries(path=LIST):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.rstrip("\n").split("\t")
            cells += [""] * (len(COLUMNS) - len(cells))
            row = dict(zip(COLUMNS, cells))
            row["half"] = half(row["repo"])
            rows.append(row)
    return rows


def local_path(files_dir, row):
    return os.path.join(files_dir, row["repo"].replace("/", "+"), row["path"])


def rebuild(files_dir):
    missing = 0
    for row in entries():
        gitdir = os.path.join("/work/.mirror", row["repo"].replace("/", "+"), "repo")
        out = local_path(files_dir, row)
        data = None
        r = subprocess.run(["git", "--git-dir", gitdir, "show", f"{row['commit']}:{row['path']}"], capture_output=True)
        if r.returncode == 0:
            data = r.stdout
        if data is None:
            print(f"missing: {row['repo']} {row['commit']} {row['path']} (fetch github:{row['repo']} first)", file=sys.stderr)
            missing += 1
            continue
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
    print(f"{len(entries()) - missing} files rebuilt, {missing} missing")


# --- Running linkdoc -------------------------------------------------------------------------

DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|info): (.*) \[([a-z0-9-]+)\]$")
LABEL = re.compile(r'^key "((?:[^"\\]|\\.)*)" \(([^,)]*)(?:, ([^)]*))?\): ')


def parse_diagnostics(stderr):
    """gcc-style lines of `linkdoc compile`'s standard error (excerpts and carets skipped)."""
    out = []
    for line in stderr.splitlines():
        m = DIAGNOSTIC.match(line)
        if not m:
            continue
        message = m.group(5)
        d = {"line": int(m.group(2)), "column": int(m.group(3)), "severity": m.group(4), "rule": m.group(6)}
        label = LABEL.match(message)
        if label:
            d["key"] = label.group(1).encode().decode("unicode_escape") if "\\" in label.group(1) else label.group(1)
            d["language"] = label.group(2)
            d["variation"] = label.group(3) or ""
            message = message[label.end():]
        d["message"] = message
        out.append(d)
    return out


def link_record(link):
    keep = {k: v for k, v in link.items() if k not in ("range",)}
    keep["utf16"] = link["range"]["utf16"]
    return keep


def documents_of_bundle(bundle):
    for key, languages in bundle.get("strings", {}).items():
        for language, entry in languages.items():
            if "variations" in entry:
                if "document" in entry:
                    yield key, language, "", entry["document"]
                for variation, doc in entry["variations"].items():
                    yield key, language, variation, doc
            else:
                yield key, language, "", entry


# Field names that hold a post's text in the API dumps of the corpus (its `note` column names them).
TEXT_FIELDS = {"text", "full_text", "fullText", "text_raw", "raw_text", "content", "content_rendered", "message", "desc",
               "orig_text", "title", "display_title", "excerpt", "spoiler_text", "weibocontent"}


def decode_bytes(raw):
    for encoding in ("utf-8-sig", "gb18030", "big5"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            pass
    return raw.decode("utf-8", "replace")


def posts_of(path, note):
    """The post texts of an API dump: every string of the note's text fields, in file order, once each.
    JSON is walked; other dumps (JS, TypeScript, Python literals, YAML cassettes, CSV, JSON in Markdown)
    are read by their `field: "string"` pairs."""
    fields = {w for w in re.findall(r"[A-Za-z_]+", note) if w in TEXT_FIELDS} or {"text"}
    with open(path, "rb") as f:
        text = decode_bytes(f.read())
    found = []
    if path.endswith(".csv"):
        import csv
        import io
        rows = list(csv.reader(io.StringIO(text)))
        if rows:
            header = rows[0]
            column = next((header.index(f) for f in fields if f in header), len(header) - 1)
            found = [r[column] for r in rows[1:] if len(r) > column]
    else:
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if data is not None:
            def walk(node):
                if isinstance(node, dict):
                    for k, v in node.items():
                        if k in fields and isinstance(v, str):
                            found.append(v)
                        else:
                            walk(v)
                elif isinstance(node, list):
                    for v in node:
                        walk(v)
            walk(data)
        else:
            names = "|".join(sorted(fields))
            pair = re.compile(r"""(?:["']|\\")?\b(""" + names + r""")\b(?:["']|\\")?\s*[:=]\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
            for m in pair.finditer(text):
                literal = m.group(2)
                body = literal[1:-1]
                try:
                    value = json.loads('"' + body.replace('"', '\\"').replace("\\'", "'") + '"') if literal[0] == "'" else json.loads(literal)
                except ValueError:
                    value = body
                found.append(value)
    seen, unique = set(), []
    for post in found:
        # API status fields share names with text fields (bilibili's "message": "0"): numbers are no posts.
        if isinstance(post, str) and post.strip() and not post.strip().isdigit() and post not in seen:
            seen.add(post)
            unique.append(post)
    return unique


def run_file(binary, files_dir, row):
    path = local_path(files_dir, row)
    base = {"repo": row["repo"], "path": row["path"], "kind": row["kind"], "half": row["half"]}
    strings, findings, problems = [], [], []
    if not os.path.exists(path):
        return strings, findings, [f"missing file {path}"]
    kind = row["kind"]
    if kind in ("posts-json", "posts-other"):
        posts = posts_of(path, row["note"])
        records = "".join(json.dumps({"id": str(i), "text": t}, ensure_ascii=False) + "\n" for i, t in enumerate(posts))
        r = subprocess.run([binary, "compile", "--ndjson", "--quiet"], input=records.encode(), capture_output=True)
        problems.extend(("post", json.dumps({"id": f"{row['repo']}|{row['path']}|{i}", "text": t}, ensure_ascii=False))
                        for i, t in enumerate(posts))
        for i, line in enumerate(r.stdout.decode().splitlines()):
            answer = json.loads(line)
            doc = answer.get("document") or {}
            strings.append(dict(base, key=str(i), language="", variation="", source=posts[i], text=doc.get("text"),
                                links=[link_record(l) for l in doc.get("links", [])],
                                diagnostics=[{"rule": d["rule"], "severity": d["severity"], "message": d["message"],
                                              "line": d.get("line"), "column": d.get("column")} for d in answer.get("diagnostics", [])]))
        # Lint reads the posts as one copy file, a post a line.
        lint_input = "".join(p.replace("\r", " ").replace("\n", " ") + "\n" for p in posts)
        r = subprocess.run([binary, "lint", "-", "--reporter", "json"], input=lint_input.encode(), capture_output=True)
        lines = lint_input.splitlines()
        for d in json.loads(r.stdout or b'{"diagnostics":[]}').get("diagnostics", []):
            line = d.get("line") or 0
            findings.append(dict(base, rule=d["rule"], severity=d["severity"], message=d["message"], line=line,
                                 column=d.get("column"), key=str(line - 1),
                                 context=lines[line - 1] if 0 < line <= len(lines) else ""))
        return strings, findings, problems
    r = subprocess.run([binary, "compile", path], capture_output=True)
    diagnostics = parse_diagnostics(r.stderr.decode("utf-8", "replace"))
    try:
        out = json.loads(r.stdout) if r.stdout.strip() else None
    except ValueError:
        out = None
        problems.append(f"compile output is not JSON: {path}")
    if r.returncode not in (0, 1):
        problems.append(f"compile exit {r.returncode}: {path}: {r.stderr.decode('utf-8', 'replace')[:300]}")
    if isinstance(out, dict) and "strings" in out:
        for key, language, variation, doc in documents_of_bundle(out):
            mine = [d for d in diagnostics if d.get("key") == key and d.get("language") == language and d.get("variation", "") == variation]
            strings.append(dict(base, key=key, language=language, variation=variation, text=doc.get("text"),
                                links=[link_record(l) for l in doc.get("links", [])], diagnostics=mine))
        file_level = [d for d in diagnostics if "key" not in d]
        if file_level:
            strings.append(dict(base, key=None, language=None, variation=None, text=None, links=[], diagnostics=file_level))
    else:
        doc = out or {}
        strings.append(dict(base, key="", language="", variation="", text=doc.get("text"),
                            links=[link_record(l) for l in doc.get("links", [])], diagnostics=diagnostics))
    r = subprocess.run([binary, "lint", path, "--reporter", "json"], capture_output=True)
    try:
        report = json.loads(r.stdout)
    except ValueError:
        report = {"diagnostics": []}
        problems.append(f"lint output is not JSON: {path}: {r.stderr.decode('utf-8', 'replace')[:300]}")
    with open(path, "rb") as f:
        lines = f.read().decode("utf-8", "replace").splitlines()
    for d in report.get("diagnostics", []):
        line = d.get("line") or 0
        message = d["message"]
        label = LABEL.match(message)
        f = dict(base, rule=d["rule"], severity=d["severity"], message=message, line=line, column=d.get("column"),
                 context=lines[line - 1][:400] if 0 < line <= len(lines) else "")
        if label:
            f["key"], f["language"], f["variation"] = label.group(1), label.group(2), label.group(3) or ""
        findings.append(f)
    return strings, findings, problems


def run(binary, files_dir, out_dir, only_half=None):
    rows = [r for r in entries() if only_half in (None, r["half"])]
    os.makedirs(out_dir, exist_ok=True)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda row: run_file(binary, files_dir, row), rows))
    with open(os.path.join(out_dir, "strings.jsonl"), "w", encoding="utf-8") as s, \
         open(os.path.join(out_dir, "findings.jsonl"), "w", encoding="utf-8") as f, \
         open(os.path.join(out_dir, "posts.ndjson"), "w", encoding="utf-8") as posts:
        for strings, findings, problems in results:
            for x in strings:
                s.write(json.dumps(x, ensure_ascii=False) + "\n")
            for x in findings:
                f.write(json.dumps(x, ensure_ascii=False) + "\n")
            for p in problems:
                # The posts as compiled, for the nothing-lost test (LINKDOC_CORPUS_POSTS); the rest are problems.
                if isinstance(p, tuple):
                    posts.write(p[1] + "\n")
                else:
                    print(p, file=sys.stderr)
    n_strings = sum(len(r[0]) for r in results)
    n_findings = sum(len(r[1]) for r in results)
    print(f"{len(rows)} files, {n_strings} strings, {n_findings} lint findings -> {out_dir}")


def main(argv):
    if len(argv) >= 1 and argv[0] == "split":
        for repo in sorted({r["repo"] for r in entries()}):
            print(f"{half(repo)}\t{repo}")
    elif len(argv) == 3 and argv[0] == "list" and argv[1] == "--half":
        with open(LIST, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or (line.strip() and half(line.split("\t")[0]) == argv[2]):
                    sys.stdout.write(line)
    elif len(argv) == 2 and argv[0] == "rebuild":
        rebuild(argv[1])
    elif len(argv) >= 4 and argv[0] == "run":
        only = argv[argv.index("--half") + 1] if "--half" in argv else None
        run(os.path.abspath(argv[1]), argv[2], argv[3], only)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
