#!/usr/bin/env python3
"""linkdoc's benchmark harness (run it through Benchmarks/run.sh, which builds first).

Every figure is the median of several runs of a whole process, measured with
/usr/bin/time-like accounting (wall time from perf_counter, peak RSS from
wait4's rusage), beside its peer in the same run. Results: a Markdown table
on stdout and in Benchmarks/out/results.md.
"""
import argparse, json, os, pathlib, platform, shutil, statistics, subprocess, sys, tempfile, time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OUT = ROOT / "Benchmarks" / "out"
LINKDOC = ROOT / ".build" / "release" / "linkdoc"
URL_BENCH = ROOT / ".build" / "release" / "linkdoc-url-bench"
SAX_CEILING = OUT / "sax_ceiling"  # built by run.sh from Benchmarks/LibXML2Ceiling/sax_ceiling.c


def measure(argv, stdin_path=None, runs=5, cwd=None):
    """Median wall seconds and the largest peak RSS (MB) over `runs` runs."""
    times, rss = [], []
    for _ in range(runs):
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        if stdin_path:
            stdin.close()
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):  # 1: the corpus has copy errors on purpose
            raise SystemExit("benchmark command failed (%d): %s" % (code, " ".join(map(str, argv))))
        times.append(elapsed)
        rss.append(usage.ru_maxrss / 1024)
    return statistics.median(times), max(rss)


def corpus(mb, name):
    directory = OUT / name
    if not (directory / "corpus.ndjson").exists():
        subprocess.run([sys.executable, str(SHARED / "bench" / "gen_corpus.py"), str(directory), "--mb", str(mb)],
                       check=True, stdout=subprocess.DEVNULL)
    return directory


def split_into_files(directory, limit=None):
    """One file per record of corpus.ndjson (the same texts as files)."""
    files = directory / "files"
    if not files.exists():
        files.mkdir()
        with open(directory / "corpus.ndjson", encoding="utf-8") as f:
            for n, line in enumerate(f):
                if limit and n >= limit:
                    break
                record = json.loads(line)
                (files / ("%s.txt" % record["id"])).write_text(record["text"], encoding="utf-8")
        shutil.copy(directory / "manifest.json", files / "linkdoc.json")
    return files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=8)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="fewer runs, no 16 MB scaling point")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    OUT.mkdir(parents=True, exist_ok=True)
    rows = []  # (what, figure, peer figure, ratio, rss)

    def row(what, value, peer="", ratio="", rss=""):
        rows.append((what, value, peer, ratio, rss))
        print("  %-58s %-16s %-22s %-10s %s" % (what, value, peer, ratio, rss), file=sys.stderr)

    main_corpus = corpus(args.mb, "corpus-%gmb" % args.mb)
    ndjson, txt, manifest = main_corpus / "corpus.ndjson", main_corpus / "corpus.txt", main_corpus / "manifest.json"
    text_mb = txt.stat().st_size / 1048576

    # cmark and cmark-gfm on corpus.txt: the peers.
    cmark_t, cmark_rss = measure(["cmark", str(txt)], runs=runs)
    gfm_t, gfm_rss = measure(["cmark-gfm", str(txt)], runs=runs)
    row("cmark on corpus.txt", "%.1f MB/s" % (text_mb / cmark_t), "", "", "%.0f MB" % cmark_rss)
    row("cmark-gfm on corpus.txt", "%.1f MB/s" % (text_mb / gfm_t), "", "", "%.0f MB" % gfm_rss)

    # linkdoc compile --ndjson on the same texts.
    jobs = {}
    for j in (1, 2):
        t, rss = measure([str(LINKDOC), "compile", "--ndjson", "--jobs", str(j), "--quiet", "--manifest", str(manifest)],
                         stdin_path=ndjson, runs=runs)
        jobs[j] = t
        row("linkdoc compile --ndjson --jobs %d" % j, "%.1f MB/s" % (text_mb / t), "cmark %.1f MB/s" % (text_mb / cmark_t),
            "%.2f×" % (cmark_t / t), "%.0f MB" % rss)
    row("--jobs 2 speed-up over --jobs 1", "%.2f×" % (jobs[1] / jobs[2]), "target ≥ 1.7×")
    # What the machine's second core gives at all: two independent --jobs 1 processes at once.
    pair = []
    for _ in range(runs):
        start = time.perf_counter()
        procs = [subprocess.Popen([str(LINKDOC), "compile", "--ndjson", "--jobs", "1", "--quiet", "--manifest", str(manifest)],
                                  stdin=open(ndjson, "rb"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(2)]
        for p in procs:
            p.wait()
        pair.append(time.perf_counter() - start)
    row("ceiling: two --jobs 1 processes at once", "%.2f× the work of one" % (2 * jobs[1] / statistics.median(pair)),
        "what 2 cores give here")

    # Ceiling: libxml2's HTML SAX parser alone on the documents linkdoc hands it (those with
    # '<' or '&'), one reused context, callbacks that only count. What is left of cmark's
    # time after this is what linkdoc's own work may cost to match cmark.
    texts = main_corpus / "texts.bin"
    if not texts.exists():
        with open(ndjson, encoding="utf-8") as f, open(texts, "wb") as out:
            for line in f:
                out.write(json.loads(line)["text"].encode("utf-8") + b"\0")
    sax_out = subprocess.run([str(SAX_CEILING), str(texts), str(max(runs, 5))], capture_output=True, text=True,
                             check=True).stdout.split()
    sax_t, sax_docs = float(sax_out[1]), int(sax_out[3])
    row("ceiling: libxml2 HTML SAX alone (%d documents with markup)" % sax_docs, "%.1f MB/s" % (text_mb / sax_t),
        "%.0f %% of cmark's time" % (100 * sax_t / cmark_t))

    # The same texts as files, in one process (JSON lines out).
    files = split_into_files(main_corpus)
    names = sorted(p.name for p in files.glob("*.txt"))
    file_mb = sum((files / n).stat().st_size for n in names) / 1048576
    t, rss = measure([str(LINKDOC), "compile", "--quiet", *names], runs=runs, cwd=files)
    row("linkdoc compile FILE… (%d files)" % len(names), "%.1f MB/s" % (file_mb / t), "", "", "%.0f MB" % rss)

    # Lint: the corpus split into files.
    t, rss = measure([str(LINKDOC), "lint", "--reporter", "json", "."], runs=runs, cwd=files)
    row("linkdoc lint (%d files)" % len(names), "%.0f files/s" % (len(names) / t), "%.1f MB/s" % (file_mb / t), "", "%.0f MB" % rss)

    # HTML: documents with tags against the same documents without, and xmllint --html.
    html_lines = [json.loads(l)["text"] for l in open(ndjson, encoding="utf-8")]
    with_html = "\n\n".join(t for t in html_lines if "<" in t)
    without_html = "\n\n".join(t for t in html_lines if "<" not in t and "&" not in t)
    for name, text in (("with-html.txt", with_html), ("without-html.txt", without_html)):
        (main_corpus / name).write_text(text, encoding="utf-8")
    for name in ("with-html.txt", "without-html.txt"):
        path = main_corpus / name
        mb = path.stat().st_size / 1048576
        t, rss = measure([str(LINKDOC), "compile", "--quiet", "--manifest", str(manifest), str(path)], runs=runs)
        peer = ""
        if name == "with-html.txt":
            xt, _ = measure(["xmllint", "--html", "--noout", "--nowarning", str(path)], runs=runs)
            peer = "xmllint --html %.1f MB/s" % (mb / xt)
        row("linkdoc compile, one document %s" % name.replace(".txt", ""), "%.1f MB/s" % (mb / t), peer, "", "%.0f MB" % rss)

    # URLs: ns per URL against Foundation (printed by the URL benchmark itself).
    url_out = subprocess.run([str(URL_BENCH), str(max(runs, 5))], capture_output=True, text=True, check=True).stdout
    for line in url_out.splitlines():
        if line.startswith("RESULT "):
            _, name, ours, theirs = line.split()
            row("URL parse + serialize, %s URLs (20,000)" % name, "%s ns/URL" % ours,
                "Foundation %s ns/URL" % theirs, "%.2f×" % (float(theirs) / float(ours)))

    # Start-up: compile of a one-line input.
    one = OUT / "one-line.txt"
    one.write_text("请阅读《用户协议》和《隐私政策》\n", encoding="utf-8")
    t, rss = measure([str(LINKDOC), "compile", "--manifest", str(manifest), str(one)], runs=max(runs, 21))
    row("start-up: compile a one-line file", "%.1f ms" % (t * 1000), "target < 15 ms", "", "%.0f MB" % rss)

    # Scaling: time per MB stays flat.
    sizes = (1, 4) if args.quick else (1, 4, 16)
    per_mb = {}
    for size in sizes:
        c = corpus(size, "corpus-%dmb" % size)
        mb = (c / "corpus.txt").stat().st_size / 1048576
        t, rss = measure([str(LINKDOC), "compile", "--ndjson", "--jobs", "1", "--quiet", "--manifest", str(c / "manifest.json")],
                         stdin_path=c / "corpus.ndjson", runs=runs)
        per_mb[size] = t / mb
        row("scaling: --ndjson --jobs 1 on %d MB" % size, "%.1f ms/MB" % (t / mb * 1000), "", "%.2f× of 1 MB" % (per_mb[size] / per_mb[sizes[0]]), "%.0f MB" % rss)

    # Pathological inputs, 1 MB and 4 MB each: the time ratio shows linear growth (≈ 4).
    patterns = {"《 repeated": "《", "[ repeated": "[", "@ repeated": "@", "# repeated": "#",
                "<b> nested": "<b>", "[a]( repeated": "[a](", "one line, no break": "请阅读《用户协议》@小明 #话题 "}
    for name, unit in patterns.items():
        timings = []
        for mb in (1, 4):
            path = OUT / ("patho-%d.txt" % mb)
            count = mb * 1048576 // len(unit.encode())
            path.write_text(unit * count, encoding="utf-8")
            t, _ = measure([str(LINKDOC), "compile", "--quiet", "--manifest", str(manifest), str(path)], runs=runs)
            timings.append(t)
        row("pathological: %s" % name, "1 MB %.0f ms, 4 MB %.0f ms" % (timings[0] * 1000, timings[1] * 1000), "", "%.2f×" % (timings[1] / timings[0]))

    machine = "%s, %d cores, %s" % (platform.processor() or platform.machine(), os.cpu_count(), platform.platform())
    lines = ["| measurement | linkdoc | peer / target | ratio | peak RSS |", "|---|---|---|---|---|"]
    lines += ["| %s | %s | %s | %s | %s |" % r for r in rows]
    table = "\n".join(lines)
    build = "release, Swift runtime linked in (--static-swift-stdlib)" if platform.system() == "Linux" else "release"
    header = "Corpus: gen_corpus.py --mb %g (%.1f MB of text, %s). Median of %d runs. linkdoc: %s. Machine: %s.\n\n" % (
        args.mb, text_mb, sum(1 for _ in open(ndjson, encoding="utf-8")), runs, build, machine)
    (OUT / "results.md").write_text(header + table + "\n", encoding="utf-8")
    print(header + table)


if __name__ == "__main__":
    main()
