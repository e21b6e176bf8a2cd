#!/usr/bin/env python3
"""The review page's benchmark: how long `linkdoc review` takes and how large its page is, for the
bench corpus (../shared/bench/gen_corpus.py, split into one file per record, as the lint benchmark
does) and for ../shared/realworld/, and how long the page takes to first render in headless
Chromium, and to filter.

    Benchmarks/review_bench.py [--mb 8] [--runs 3] [--browser-runs 3]

Uses the release binary (swift build -c release --product linkdoc). Targets: the real-world corpus
reviewed in under 30 s, the page's first render under 2 s.
"""
import argparse, os, pathlib, shutil, statistics, subprocess, sys, tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import harness  # noqa: E402  (measure, corpus, split_into_files)

ROOT = harness.ROOT
LINKDOC = harness.LINKDOC


def shared_folder():
    """../shared beside the package; for a git worktree elsewhere, the one beside its main checkout."""
    if harness.SHARED.is_dir():
        return harness.SHARED
    common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], capture_output=True, cwd=ROOT)
    candidate = pathlib.Path(common.stdout.decode().strip()).parent.parent / "shared"
    return candidate if common.returncode == 0 and candidate.is_dir() else harness.SHARED


def first_render(page, runs):
    """Median ms from navigation start to the first frame painted after the page's first render, and the ms that
    the "only strings with findings" filter and a language filter take over the whole data."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    renders, filters = [], []
    try:
        for _ in range(runs):
            driver.get("file://" + str(page))
            # Until the first frame after the page's first render has been laid out and painted (two
            # animation frames later), from navigation start: an upper bound, as WebDriver's round trip is in it.
            renders.append(driver.execute_async_script(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));"))
            filters.append(driver.execute_script("""
                const start = performance.now();
                document.getElementById('filter-only').click();
                const only = performance.now() - start;
                const language = document.getElementById('filter-lang');
                const s2 = performance.now();
                language.value = language.options[language.options.length - 1].value;
                language.dispatchEvent(new Event('change'));
                return [only, performance.now() - s2, Number(document.querySelector('main').dataset.matches)];"""))
    finally:
        driver.quit()
    return statistics.median(renders), [statistics.median(f[k] for f in filters) for k in range(2)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--browser-runs", type=int, default=3)
    arguments = parser.parse_args()
    if not LINKDOC.exists():
        raise SystemExit("no %s: swift build -c release --product linkdoc" % LINKDOC)
    harness.SHARED = shared_folder()
    realworld = harness.SHARED / "realworld"
    if not (harness.SHARED / "bench" / "gen_corpus.py").exists() or not realworld.is_dir():
        raise SystemExit("the review benchmark did not run: %s has no bench/gen_corpus.py or realworld/" % harness.SHARED)
    browser = shutil.which("chromedriver") is not None
    try:
        import selenium  # noqa: F401
    except ImportError:
        browser = False

    bench = harness.split_into_files(harness.corpus(arguments.mb, "corpus-%dmb" % arguments.mb))
    out = pathlib.Path(tempfile.mkdtemp(prefix="linkdoc-review-bench-"))
    print("| input | files | strings | review time | page size | first render | only-with-findings filter | language filter |")
    print("|---|---|---|---|---|---|---|---|")
    try:
        for name, folder in [("bench corpus %d MB" % arguments.mb, bench), ("../shared/realworld", realworld)]:
            page = out / (folder.name + ".html")
            seconds, rss = harness.measure([str(LINKDOC), "review", str(folder), "-o", str(page)], runs=arguments.runs)
            text = page.read_text(encoding="utf-8")
            strings = text.count('"a":"')
            files = sum(1 for _ in folder.rglob("*") if _.is_file() and LintableSuffix.match(_))
            render = ("%.0f ms" % first_render(page, arguments.browser_runs)[0]) if browser else "(no chromedriver/selenium)"
            filters = first_render(page, 1)[1] if browser else None
            print("| %s | %d | %d | %.2f s (peak RSS %.0f MB) | %.1f MB | %s | %s | %s |" % (
                name, files, strings, seconds, rss, page.stat().st_size / 1048576, render,
                "%.0f ms" % filters[0] if filters else "", "%.0f ms" % filters[1] if filters else ""))
    finally:
        shutil.rmtree(out, ignore_errors=True)


class LintableSuffix:
    """The files lint reads in a folder (LintCommand.lintableExtensions; .xml only as string resources)."""
    @staticmethod
    def match(path):
        suffix = path.suffix.lower()
        if suffix == ".xml":
            return path.name == "strings.xml" or path.parent.name.startswith("values")
        return suffix in {".txt", ".html", ".htm", ".strings", ".xcstrings"}


if __name__ == "__main__":
    main()
