#!/usr/bin/env python3
"""Judging the corpus runs (Tests/Corpus/README.md): samples for judges, and the figures from their verdicts.

    judge.py sample RUN_DIR... --half tune|check --out DIR [--per-repo 12] [--per-rule 60] [--judged DIR]
        Writes DIR/links.jsonl (strings to judge for links: every link any of the runs found, and
        what a reader should check for missed links) and DIR/findings.jsonl (lint findings to judge,
        each rule's sample spread over the repositories). Deterministic: the same runs give the
        same sample. With --judged, items that DIR's verdicts judge already are left out (a second
        round judges only what is new).
    judge.py report RUN_DIR --verdicts DIR [--half tune|check]
        Figures of one run against the verdicts in DIR (links.verdicts.jsonl, findings.verdicts.jsonl):
        per link kind found / right / wrong / missed, per rule findings / true / false / false rate.

A link verdict file line: {"id": ITEM, "links": [{"kind": K, "text": T}, ...]} - the links the
string should have (the gold set), whatever any run found. A finding verdict file line:
{"id": ITEM, "verdict": "true" | "false" | "debatable", "why": "..."}.
"""
import hashlib
import json
import os
import re
import sys
from collections import Counter, defaultdict

TRIGGERS = re.compile(r"[@#《]|https?://|www\.|<a[\s>]|\[[^\]]+\]\(|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.|\d[\d -]{6,}\d")


APP_COPY = {"android", "strings", "xcstrings", "html", "markdown"}
POSTS = {"posts-json", "posts-other"}


def stable(text):
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)


def string_id(r):
    return "|".join([r["repo"], r["path"], str(r.get("key")), str(r.get("language")), str(r.get("variation"))])


def load(run_dir, name):
    path = os.path.join(run_dir, name)
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def finding_id(f):
    return "|".join([f["repo"], f["path"], str(f.get("line")), str(f.get("column")), f["rule"], f["message"]])


def judged_ids(verdict_dir):
    """The ids that DIR's verdict files judge already (their items are left out of a new sample)."""
    ids = set()
    for name in ("links.verdicts.jsonl", "findings.verdicts.jsonl"):
        path = os.path.join(verdict_dir, name) if verdict_dir else None
        if path and os.path.exists(path):
            ids |= {json.loads(line)["id"] for line in open(path, encoding="utf-8")}
    return ids


def sample(run_dirs, half, out, per_repo=12, per_rule=60, judged=frozenset()):
    os.makedirs(out, exist_ok=True)
    runs = [{string_id(r): r for r in load(d, "strings.jsonl") if r["half"] == half and r.get("text") is not None}
            for d in run_dirs]
    ids = sorted(set().union(*[set(r) for r in runs]))
    by_repo = defaultdict(list)
    for i in ids:
        rows = [run[i] for run in runs if i in run]
        text = rows[0]["text"]
        has_link = any(row["links"] for row in rows)
        if has_link or TRIGGERS.search(text):
            by_repo[rows[0]["repo"]].append(i)
    with open(os.path.join(out, "links.jsonl"), "w", encoding="utf-8") as f:
        n = 0
        for repo in sorted(by_repo):
            chosen = sorted(by_repo[repo], key=stable)[:per_repo]
            for i in sorted(chosen):
                if i in judged:
                    continue
                rows = [run[i] for run in runs if i in run]
                candidates = sorted({(l["kind"], l["text"]) for row in rows for l in row["links"]})
                first = rows[0]
                item = {"id": i, "repo": first["repo"], "path": first["path"], "input": first["kind"],
                        "key": first.get("key"), "language": first.get("language"),
                        "text": first["text"][:3000], "found": [{"kind": k, "text": t} for k, t in candidates]}
                if first.get("source") and first["source"] != first["text"]:
                    item["source"] = first["source"][:3000]
                f.write(json.dumps(item, ensure_ascii=False) + "\n")
                n += 1
    findings = {}
    for d in run_dirs:
        for x in load(d, "findings.jsonl"):
            if x["half"] == half:
                findings.setdefault(finding_id(x), x)
    by_rule = defaultdict(lambda: defaultdict(list))
    for i, x in findings.items():
        by_rule[x["rule"]][x["repo"]].append(i)
    with open(os.path.join(out, "findings.jsonl"), "w", encoding="utf-8") as f:
        m = 0
        for rule in sorted(by_rule):
            # Round-robin over the repositories, so that one noisy file does not fill the sample.
            queues = [sorted(v, key=stable) for _, v in sorted(by_rule[rule].items())]
            chosen = []
            while len(chosen) < per_rule and any(queues):
                for q in queues:
                    if q and len(chosen) < per_rule:
                        chosen.append(q.pop(0))
            for i in sorted(chosen):
                if i in judged:
                    continue
                x = findings[i]
                f.write(json.dumps({"id": i, "rule": rule, "severity": x["severity"], "message": x["message"],
                                    "input": x["kind"], "repo": x["repo"], "path": x["path"], "line": x.get("line"),
                                    "column": x.get("column"), "key": x.get("key"), "language": x.get("language"),
                                    "context": x.get("context", "")[:600]}, ensure_ascii=False) + "\n")
                m += 1
    print(f"{half}: {n} strings to judge for links, {m} lint findings to judge -> {out}")


def normalize(text):
    # White space as a page lays it out: a link's text is judged, not its line breaks.
    return re.sub(r"\s+", " ", text).strip()


def report(run_dir, verdict_dir, half=None):
    strings = {string_id(r): r for r in load(run_dir, "strings.jsonl") if half in (None, r["half"])}
    found_counts = Counter()
    for r in strings.values():
        for l in r["links"]:
            found_counts[l["kind"]] += 1
    right, wrong, missed, judged_found = Counter(), Counter(), Counter(), Counter()
    wrong_examples, missed_examples = defaultdict(list), defaultdict(list)
    path = os.path.join(verdict_dir, "links.verdicts.jsonl")
    judged = 0
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            v = json.loads(line)
            r = strings.get(v["id"])
            if r is None:
                continue
            judged += 1
            gold = Counter((g["kind"], normalize(g["text"])) for g in v["links"])
            got = Counter((l["kind"], normalize(l["text"])) for l in r["links"])
            for (kind, text), c in got.items():
                judged_found[kind] += c
                ok = min(c, gold[(kind, text)])
                right[kind] += ok
                if c > ok:
                    wrong[kind] += c - ok
                    wrong_examples[kind].append(text)
            for (kind, text), c in gold.items():
                if c > got[(kind, text)]:
                    missed[kind] += c - got[(kind, text)]
                    missed_examples[kind].append(text)
    print(f"links ({run_dir}, {half or 'both halves'}): {len(strings)} strings, {judged} judged")
    print(f"  {'kind':10} {'found':>7} {'judged':>7} {'right':>6} {'wrong':>6} {'missed':>7}")
    for kind in sorted(set(found_counts) | set(missed)):
        print(f"  {kind:10} {found_counts[kind]:7} {judged_found[kind]:7} {right[kind]:6} {wrong[kind]:6} {missed[kind]:7}")
    verdicts = {}
    path = os.path.join(verdict_dir, "findings.verdicts.jsonl")
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            v = json.loads(line)
            verdicts[v["id"]] = v["verdict"]
    all_findings = {finding_id(x): x for x in load(run_dir, "findings.jsonl") if half in (None, x["half"])}
    # App copy (localization files and the pages apps ship) is what lint is for; posts are users' text,
    # measured for detection, and their lint figures are given apart.
    for group, inputs in (("app copy", APP_COPY), ("posts", POSTS)):
        findings = {i: x for i, x in all_findings.items() if x["kind"] in inputs}
        per_rule = Counter(x["rule"] for x in findings.values())
        t, fa, d = Counter(), Counter(), Counter()
        for i, x in findings.items():
            verdict = verdicts.get(i)
            if verdict == "true":
                t[x["rule"]] += 1
            elif verdict == "false":
                fa[x["rule"]] += 1
            elif verdict == "debatable":
                d[x["rule"]] += 1
        print(f"lint on {group} ({half or 'both halves'}): {len(findings)} findings")
        print(f"  {'rule':24} {'findings':>8} {'judged':>6} {'true':>5} {'false':>5} {'debat.':>6} {'false %':>7}")
        for rule in sorted(per_rule):
            judged_r = t[rule] + fa[rule] + d[rule]
            rate = f"{100 * fa[rule] / judged_r:.0f} %" if judged_r else "-"
            print(f"  {rule:24} {per_rule[rule]:8} {judged_r:6} {t[rule]:5} {fa[rule]:5} {d[rule]:6} {rate:>7}")
        total_judged = sum(t.values()) + sum(fa.values()) + sum(d.values())
        if total_judged:
            print(f"  all rules: {total_judged} judged, {sum(fa.values())} false ({100 * sum(fa.values()) / total_judged:.1f} %)")
    return wrong_examples, missed_examples


def main(argv):
    if argv and argv[0] == "sample":
        half = argv[argv.index("--half") + 1]
        out = argv[argv.index("--out") + 1]
        per_repo = int(argv[argv.index("--per-repo") + 1]) if "--per-repo" in argv else 12
        per_rule = int(argv[argv.index("--per-rule") + 1]) if "--per-rule" in argv else 60
        judged_dir = argv[argv.index("--judged") + 1] if "--judged" in argv else None
        runs = [a for a in argv[1:] if not a.startswith("--") and a not in (half, out, str(per_repo), str(per_rule), judged_dir)]
        sample(runs, half, out, per_repo, per_rule, judged_ids(judged_dir))
    elif argv and argv[0] == "report":
        half = argv[argv.index("--half") + 1] if "--half" in argv else None
        report(argv[1], argv[argv.index("--verdicts") + 1], half)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
