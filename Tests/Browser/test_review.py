"""The review page (`linkdoc review`, `linkdoc lint --reporter html`) in a real browser.

Headless Chromium (Debian's chromium and chromium-driver) driven by Selenium. Each report is
written by the linkdoc binary under test, opened from file://, and checked against what linkdoc
itself says about the same inputs (`linkdoc compile` for the texts, `linkdoc lint --reporter json`
for the findings), not against the page's own data:

- no console error and no Content-Security-Policy violation;
- every document's text is on the page;
- a click on a link shows its target and where it is written;
- each filter (language, rule, severity, link kind, only-with-findings, search) shows exactly
  the strings it should;
- the zh-Hans page has no English word of the page or English message left;
- no script from the copy ever runs (a canary global stays unset, alert/confirm/prompt are never
  called), for the project's fixtures and for every XSS vector of ../shared/conformance/xss/;
- a screenshot of each report goes to .build/browser-screenshots/ (look at them).

Run with Tests/Browser/run.sh (it builds linkdoc and says by name what did not run and why).
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LINKDOC = os.environ.get("LINKDOC", os.path.join(ROOT, ".build", "debug", "linkdoc"))
SCREENSHOTS = os.environ.get("LINKDOC_SCREENSHOTS", os.path.join(ROOT, ".build", "browser-screenshots"))
FIXTURE = os.path.join(ROOT, "Tests", "Fixtures", "review")



def shared_folder():
    """../shared beside the package; for a git worktree elsewhere, the one beside its main checkout."""
    candidates = [os.path.join(ROOT, "..", "shared")]
    common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], capture_output=True, cwd=ROOT)
    if common.returncode == 0:
        candidates.append(os.path.join(os.path.dirname(common.stdout.decode().strip()), "..", "shared"))
    return next((os.path.normpath(c) for c in candidates if os.path.isdir(c)), os.path.normpath(candidates[0]))


XSS = os.path.join(shared_folder(), "conformance", "xss")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

# Before any script of the page: a canary for every way an XSS vector announces itself, and a
# record of CSP violations. (Injected through DevTools, which the page's CSP does not govern.)
WATCH = """
window.__linkdocCanary = undefined;
window.__linkdocDialogs = [];
window.__cspViolations = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = function () { window.__linkdocDialogs.push(name); window.__linkdocCanary = 'called ' + name; };
}
document.addEventListener('securitypolicyviolation', function (e) {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""

driver = None


def setUpModule():
    global driver
    missing = [name for name, found in [("chromium", CHROMIUM), ("chromedriver (chromium-driver)", CHROMEDRIVER)] if not found]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install selenium)")
    if missing:
        raise unittest.SkipTest("browser suite did not run: " + ", ".join(missing) + " not installed")
    if not os.path.exists(LINKDOC):
        raise unittest.SkipTest("browser suite did not run: no linkdoc binary at " + LINKDOC + " (swift build)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000", "--lang=en-US"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    os.makedirs(SCREENSHOTS, exist_ok=True)


def tearDownModule():
    if driver:
        driver.quit()


def run_linkdoc(*arguments, env=None):
    environment = dict(os.environ, LC_ALL="C.UTF-8")
    environment.update(env or {})
    return subprocess.run([LINKDOC, *arguments], capture_output=True, env=environment, cwd=ROOT)


def review(output, *arguments):
    run = run_linkdoc("review", *arguments, "-o", output)
    assert run.returncode in (0, 1), run.stderr.decode()
    return output


def compiled_texts(paths):
    """Every document's text, as `linkdoc compile` gives it (the independent source of truth)."""
    texts = []
    run = run_linkdoc("compile", *paths)
    for line in run.stdout.decode().splitlines():
        record = json.loads(line)
        if "document" in record:
            if record["document"]:
                texts.append(record["document"]["text"])
            continue
        for languages in record.get("bundle", record).get("strings", {}).values():
            for value in languages.values():
                documents = [value] if "text" in value else list(value.values())
                texts += [d["text"] for d in documents]
    if not texts and len(paths) > 1:
        record = json.loads(run.stdout.decode())
        for languages in record["strings"].values():
            for value in languages.values():
                texts += [value["text"]] if "text" in value else [d["text"] for d in value.values()]
    return texts


class Page:
    """One report open in the browser."""

    def __init__(self, test, path, anchor=""):
        self.test = test
        driver.get_log("browser")  # what earlier pages logged is theirs
        driver.get("file://" + path + anchor)
        self.test.assertEqual(driver.execute_script("return document.body.dataset.ready"), "true",
                              "the page's script did not run to the end (CSP hash, error?)")

    def js(self, script, *arguments):
        return driver.execute_script(script, *arguments)

    def check_clean(self, what):
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        self.test.assertEqual(errors, [], what + ": console errors")
        self.test.assertEqual(self.js("return window.__cspViolations"), [], what + ": CSP violations")
        self.test.assertIsNone(self.js("return window.__linkdocCanary === undefined ? null : String(window.__linkdocCanary)"),
                               what + ": a script from the copy ran")
        self.test.assertEqual(self.js("return window.__linkdocDialogs"), [], what + ": a dialog was opened")

    def screenshot(self, name):
        path = os.path.join(SCREENSHOTS, name + ".png")
        driver.save_screenshot(path)
        return path

    def every_page(self):
        """Walks the pager's pages (the first is shown already), yielding after each is rendered."""
        yield 1
        page = 1
        while True:
            moved = self.js("const b = document.querySelector('#pager .next'); if (!b || b.disabled) return false; b.click(); return true;")
            if not moved:
                return
            page += 1
            yield page

    def copy_texts(self):
        texts = []
        for _ in self.every_page():
            texts += self.js("return Array.from(document.querySelectorAll('.copy:not(.missing)'), e => e.textContent)")
        return texts

    def set_filter(self, element_id, value):
        self.js("const e = document.getElementById(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change'));",
                element_id, value)

    def search(self, text):
        self.js("const e = document.getElementById('search'); e.value = arguments[0]; e.dispatchEvent(new Event('input'));", text)
        driver.implicitly_wait(0)
        import time
        time.sleep(0.4)  # the search box waits 150 ms for typing to pause

    def shown_strings(self):
        """(key, language) of every string shown on the current page."""
        return set(tuple(x) for x in self.js("""
            return Array.from(document.querySelectorAll('.entry')).flatMap(entry => {
              const key = entry.querySelector('h2 .key');
              return Array.from(entry.querySelectorAll('.lang')).map(l => [key ? key.textContent : null, l.dataset.lang]);
            });"""))


def lint_findings(path):
    """(key, language, rule, severity) of each finding `linkdoc lint` reports for a localization folder."""
    run = run_linkdoc("lint", "--reporter", "json", path)
    out = set()
    for d in json.loads(run.stdout.decode())["diagnostics"]:
        match = re.match(r'key "(.*?)" \(([^,)]+)', d["message"])
        if match:
            out.add((match.group(1), match.group(2), d["rule"], d["severity"]))
    return out


def bundle(path_glob_root):
    files = [os.path.join(path_glob_root, l, "Localizable.strings") for l in ("de.lproj", "en.lproj", "zh-Hans.lproj")]
    return json.loads(run_linkdoc("compile", *files).stdout.decode())


class FixtureReportTests(unittest.TestCase):
    """Tests/Fixtures/review: one table in en, zh-Hans and de, with a view, findings and hostile text."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="linkdoc-browser-")
        # Named relative to the package, as a person would type it: the page shows the names given.
        cls.english = review(os.path.join(cls.folder, "fixture-en.html"), "Tests/Fixtures/review", "--lang", "en")
        cls.chinese = review(os.path.join(cls.folder, "fixture-zh-Hans.html"), "Tests/Fixtures/review", "--lang", "zh-Hans")
        cls.bundle = bundle(FIXTURE)
        cls.findings = lint_findings(FIXTURE)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def all_strings(self):
        return {(key, language) for key, languages in self.bundle["strings"].items() for language in languages}

    def test_every_text_is_shown_and_nothing_runs(self):
        page = Page(self, self.english)
        expected = compiled_texts([os.path.join(FIXTURE, l, "Localizable.strings") for l in ("de.lproj", "en.lproj", "zh-Hans.lproj")])
        self.assertGreater(len(expected), 10)
        self.assertEqual(sorted(page.copy_texts()), sorted(expected))
        self.assertEqual(page.shown_strings(), self.all_strings(), "a few hundred strings or fewer show at once, no click needed")
        # The hostile copy is text on the page, exactly.
        body = page.js("return document.body.textContent")
        self.assertIn("<script>window.__linkdocCanary=1</script>", body)
        self.assertIn("<img src=x onerror=window.__linkdocCanary=1>", body)
        # Previews are images from data: URIs that the page's policy lets load.
        sizes = page.js("return Array.from(document.querySelectorAll('.preview img'), i => [i.complete, i.naturalWidth])")
        self.assertGreaterEqual(len(sizes), 2 * 2 * 3, "consent_checkbox in 3 languages at 2 sizes, marked and clean")
        self.assertTrue(all(complete and width > 0 for complete, width in sizes), sizes)
        self.assertEqual(page.js("return document.querySelectorAll('a[href^=\"http\"], a[href^=\"javascript\"]').length"), 0,
                         "no URL of the copy is a link")
        page.check_clean("fixture (en)")
        page.screenshot("fixture-en")

    def test_a_click_on_a_link_shows_its_target(self):
        page = Page(self, self.english)
        target = page.js("""
            const column = document.getElementById('Localizable/consent_checkbox/zh-Hans');
            const link = column.querySelector('.link');
            link.scrollIntoView({block: 'center'});
            return link.textContent;""")
        self.assertEqual(target, "《用户协议》")
        from selenium.webdriver.common.by import By
        link = driver.find_element(By.CSS_SELECTOR, "[id='Localizable/consent_checkbox/zh-Hans'] .link")
        link.click()
        popover = driver.find_element(By.ID, "popover")
        self.assertTrue(popover.is_displayed())
        self.assertEqual(popover.find_element(By.CSS_SELECTOR, ".link-url").text, "https://example.com/legal/terms")
        self.assertEqual(popover.find_element(By.CSS_SELECTOR, ".link-id").text, "terms")
        self.assertEqual(popover.find_element(By.CSS_SELECTOR, ".link-title").text, "用户协议")
        self.assertEqual(popover.find_element(By.CSS_SELECTOR, ".link-at").text,
                         "Tests/Fixtures/review/zh-Hans.lproj/Localizable.strings:1:30")
        page.screenshot("fixture-link-popover")
        # A link the app handles: its action; a javascript: link is no link at all.
        driver.find_element(By.CSS_SELECTOR, "[id='Localizable/expand_more/en'] .link").click()
        self.assertEqual(popover.find_element(By.CSS_SELECTOR, ".link-kind").text, "action")
        self.assertEqual(popover.find_element(By.CSS_SELECTOR, ".link-name").text, "expand")
        self.assertEqual(page.js("return document.getElementById('Localizable/bad_link/zh-Hans').querySelectorAll('.link').length"), 0)
        driver.find_element(By.TAG_NAME, "h1").click()
        self.assertFalse(popover.is_displayed(), "a click elsewhere closes it")
        page.check_clean("link popover")

    def test_each_filter_shows_the_right_strings(self):
        page = Page(self, self.english)
        everything = self.all_strings()
        with_findings = {(k, l) for k, l, _, _ in self.findings}
        cases = [
            ("filter-lang", "zh-Hans", {s for s in everything if s[1] == "zh-Hans"}),
            ("filter-lang", "de", {s for s in everything if s[1] == "de"}),
            ("filter-rule", "fits-lines", {(k, l) for k, l, r, _ in self.findings if r == "fits-lines"}),
            ("filter-severity", "error", {(k, l) for k, l, _, s in self.findings if s == "error"}),
        ]
        for element, value, wanted in cases:
            page.set_filter(element, value)
            shown = page.shown_strings()
            if element == "filter-lang":
                self.assertEqual(shown, wanted, element + "=" + value)
            else:
                # A key is shown with all its languages when one of them matches.
                self.assertTrue(wanted <= shown, (element, value, wanted - shown))
                self.assertEqual({k for k, _ in shown}, {k for k, _ in wanted}, element + "=" + value)
            page.screenshot("fixture-filter-" + element + "-" + value)
            page.set_filter(element, "")
            self.assertEqual(page.shown_strings(), everything, "clearing " + element + " shows everything again")
        kinds = {}
        for key, languages in self.bundle["strings"].items():
            for language, document in languages.items():
                for link in document.get("links", []):
                    kinds.setdefault(link["kind"], set()).add(key)
        self.assertIn("mention", kinds)
        for kind, keys in kinds.items():
            page.set_filter("filter-kind", kind)
            self.assertEqual({k for k, _ in page.shown_strings()}, keys, "kind " + kind)
        page.set_filter("filter-kind", "")
        page.js("document.getElementById('filter-only').click()")
        self.assertEqual({k for k, _ in page.shown_strings()}, {k for k, _ in with_findings}, "only strings with findings")
        page.screenshot("fixture-only-findings")
        page.js("document.getElementById('filter-only').click()")
        page.search("dpo@example")
        self.assertEqual({k for k, _ in page.shown_strings()}, {"help_contact"})
        page.search("no such words anywhere")
        self.assertEqual(page.shown_strings(), set())
        self.assertEqual(page.js("return document.querySelectorAll('.empty').length"), 1)
        page.search("")
        self.assertEqual(page.shown_strings(), everything)
        page.check_clean("filters")

    def test_anchor_opens_the_string(self):
        page = Page(self, self.english, "#Localizable/consent_checkbox/zh-Hans")
        state = page.js("""
            const e = document.getElementById('Localizable/consent_checkbox/zh-Hans');
            const box = e.getBoundingClientRect();
            return [e.classList.contains('target'), box.top >= 0 && box.bottom <= window.innerHeight + box.height];""")
        self.assertEqual(state, [True, True])
        page.check_clean("anchor")
        page.screenshot("fixture-anchor")

    def test_chinese_page_has_no_english_left(self):
        english_words = Page(self, self.english).js("return JSON.parse(document.getElementById('review-data').textContent).words")
        page = Page(self, self.chinese)
        self.assertEqual(page.js("return document.documentElement.lang"), "zh-Hans")
        # The page's own words: what remains when copy, file names, keys, rule ids and the English
        # originals (kept on purpose, marked as such) are taken out.
        chrome = page.js("""
            const body = document.body.cloneNode(true);
            body.querySelectorAll('script, .copy, .detail, .at, .rule, .where, .file, .key, .tag, .variation, #popover, '
              + '#filter-rule, #filter-lang, figcaption div:first-child, img').forEach(e => e.remove());
            return body.textContent;""")
        leftovers = [w for w in english_words.values()
                     if len(w) >= 4 and re.search(r"[A-Za-z]{4}", w) and re.search(r"\b" + re.escape(w) + r"\b", chrome)]
        self.assertEqual(leftovers, [], "English words on the zh-Hans page: " + chrome)
        chinese_words = page.js("return JSON.parse(document.getElementById('review-data').textContent).words")
        findings = page.js("""return Array.from(document.querySelectorAll('.finding'),
            f => [f.querySelector('.msg').textContent, (f.querySelector('.detail') || {}).textContent])""")
        self.assertGreater(len(findings), 5)
        for message, detail in findings:
            self.assertRegex(message, r"[\u4e00-\u9fff]", "an English message on the zh-Hans page")
            # The English detail (URLs, keys, counts) is kept apart, marked as the English original.
            self.assertTrue(detail and detail.startswith(chinese_words["englishDetail"] + ": "), detail)
            self.assertNotIn(detail.split(": ", 1)[1], message)
        rules = page.js("return Array.from(document.querySelectorAll('#filter-rule option'), o => o.value ? o.textContent : '')")
        for label in filter(None, rules):
            self.assertRegex(label, r"[\u4e00-\u9fff]", "rule filter label without Chinese: " + label)
        page.check_clean("fixture (zh-Hans)")
        page.screenshot("fixture-zh-Hans")


class ExamplesReportTests(unittest.TestCase):
    """Examples/: copy files, catalogs and tables of the bundled examples, through lint --reporter html too."""

    def test_examples(self):
        folder = tempfile.mkdtemp(prefix="linkdoc-browser-")
        try:
            path = review(os.path.join(folder, "examples.html"), "Examples")
            page = Page(self, path)
            copy = [os.path.join(d, f) for d, _, files in os.walk(os.path.join(ROOT, "Examples"))
                    for f in files if f.endswith((".txt", ".html"))]
            expected = [t for p in sorted(copy) for t in compiled_texts([os.path.relpath(p, ROOT)])]
            shown = page.copy_texts()
            for text in expected:
                self.assertIn(text, shown)
            # Styles as the app shows them: Examples/cms-export.html's bold and underlined runs, each
            # exactly the text the compiled document styles.
            document = json.loads(run_linkdoc("compile", "Examples/cms-export.html").stdout.decode())
            wanted = sorted([document["text"][st["range"]["utf16"][0]:sum(st["range"]["utf16"])], tag]
                            for st in document["styles"] for key, tag in [("bold", "STRONG"), ("underline", "U")] if st.get(key))
            self.assertTrue(wanted)
            shown_styles = page.js("""
                const copy = document.getElementById('cms-export').querySelector('.copy');
                return Array.from(copy.querySelectorAll('strong, u'), e => [e.textContent, e.tagName]);""")
            self.assertEqual(sorted(shown_styles), wanted)
            page.check_clean("Examples")
            page.screenshot("examples")

            lint_page = os.path.join(folder, "examples-lint.html")
            with open(lint_page, "wb") as out:
                out.write(run_linkdoc("lint", "--reporter", "html", "Examples").stdout)
            page = Page(self, lint_page)
            self.assertEqual(sorted(page.copy_texts()), sorted(shown), "lint --reporter html shows the same strings")
            self.assertEqual(page.js("return document.querySelectorAll('.preview').length"), 0)
            page.check_clean("Examples (lint --reporter html)")
            page.screenshot("examples-lint-reporter")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class LargeProjectTests(unittest.TestCase):
    """All of ../shared/realworld/ (75,000 strings): the first page shows at once, filters and the pager
    work over all the data, and nothing blocks the page for long (figures: Benchmarks/review_bench.py)."""

    def test_realworld(self):
        realworld = os.path.join(shared_folder(), "realworld")
        if not os.path.isdir(realworld):
            self.skipTest("LargeProjectTests did not run: ../shared/realworld/ is absent")
        folder = tempfile.mkdtemp(prefix="linkdoc-browser-")
        try:
            page = Page(self, review(os.path.join(folder, "realworld.html"), realworld))
            total = int(page.js("return document.querySelector('main').dataset.matches"))
            strings = page.js("return JSON.parse(document.getElementById('review-data').textContent).counts.strings")
            self.assertGreater(strings, 70000)
            self.assertEqual(page.js("return document.querySelectorAll('.entry').length"), 500, "one page of 500 entries")
            # A filter over all the data answers within a frame or two, not seconds.
            elapsed, matches = page.js("""
                const start = performance.now();
                document.getElementById('filter-only').click();
                return [performance.now() - start, Number(document.querySelector('main').dataset.matches)];""")
            self.assertLess(matches, total)
            self.assertGreater(matches, 0)
            self.assertLess(elapsed, 1000, "the only-with-findings filter took %.0f ms" % elapsed)
            shown = page.js("return Array.from(document.querySelectorAll('.entry')).every(e => e.querySelector('.finding'))")
            self.assertTrue(shown, "every entry shown has a finding")
            page.js("document.getElementById('filter-only').click()")
            page.js("document.querySelector('#pager .next').click()")
            self.assertIn("501", page.js("return document.querySelector('#pager .position').textContent"))
            page.check_clean("realworld")
            page.screenshot("realworld")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class XSSVectorTests(unittest.TestCase):
    """Every vector of ../shared/conformance/xss/: as copy files (the HTML flattener's path), as keys
    and values of a String Catalog (shown as they are), and its whole files; no script runs."""

    @classmethod
    def setUpClass(cls):
        if not os.path.isdir(XSS):
            raise unittest.SkipTest("XSSVectorTests did not run: ../shared/conformance/xss/ is absent (the XSS vectors)")

    def vectors(self):
        records, unreadable = [], 0
        for name in sorted(os.listdir(XSS)):
            if not name.endswith(".ndjson"):
                continue
            with open(os.path.join(XSS, name), "rb") as f:
                for line in f:
                    try:
                        record = json.loads(line)
                        records.append((record["id"], record["text"]))
                    except (ValueError, KeyError, TypeError):
                        unreadable += 1  # own-raw.ndjson's invalid records, on purpose
        return records, unreadable

    def walk_pages(self, path, what):
        page = Page(self, path)
        pages = 0
        for _ in page.every_page():
            pages += 1
            links = page.js("""
                const links = Array.from(document.querySelectorAll('.link')).slice(0, 200);
                for (const l of links) { l.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); l.click(); }
                return links.length;""")
            self.assertIsNotNone(links)
            page.check_clean(what + " page " + str(pages))
        return page, pages

    def test_vectors_never_run(self):
        records, unreadable = self.vectors()
        self.assertGreater(len(records), 20000)
        folder = tempfile.mkdtemp(prefix="linkdoc-xss-")
        try:
            files = os.path.join(folder, "files")
            os.makedirs(files)
            catalog = {"sourceLanguage": "en", "version": "1.0", "strings": {}}
            for n, (identifier, text) in enumerate(records):
                # JSON can carry a lone surrogate only as an escape that makes the catalog invalid as a
                # whole (json-syntax): in the catalog it is U+FFFD; the copy files keep the raw bytes.
                valid = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
                catalog["strings"][identifier] = {"localizations": {"en": {"stringUnit": {"state": "translated", "value": valid}}}}
                if not identifier.startswith("html5lib"):
                    with open(os.path.join(files, "v%05d.html" % n), "w", encoding="utf-8", errors="surrogatepass") as out:
                        out.write(text)
                    # The vector as a key too: keys are shown as they are.
                    catalog["strings"]["key " + valid] = {"localizations": {"en": {"stringUnit": {"state": "translated", "value": identifier}}}}
            with open(os.path.join(folder, "Vectors.xcstrings"), "w", encoding="utf-8", errors="surrogatepass") as out:
                json.dump(catalog, out, ensure_ascii=True)
            copies = review(os.path.join(folder, "xss-copy.html"), files)
            page, pages = self.walk_pages(copies, "XSS copy files")
            page.screenshot("xss-copy-files")
            strings = review(os.path.join(folder, "xss-catalog.html"), os.path.join(folder, "Vectors.xcstrings"))
            page, pages = self.walk_pages(strings, "XSS catalog")
            self.assertGreater(pages, 40)
            page.screenshot("xss-catalog")
            whole = review(os.path.join(folder, "xss-whole-files.html"), os.path.join(XSS, "files"), "--lang", "zh-Hans")
            page, _ = self.walk_pages(whole, "XSS whole files")
            page.screenshot("xss-whole-files")
            print("xss: %d vectors (%d unreadable records left out), %d catalog pages walked, canary unset" % (len(records), unreadable, pages))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main(verbosity=2)
