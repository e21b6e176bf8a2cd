import LinkDocLint
/// Usage texts for `--help` and `linkdoc help COMMAND`: each command's own, and the overview,
/// whose list of commands is the command table's (`CommandLineTool.commands`).
enum Help {
    static let overview = """
    linkdoc \(CommandLineTool.version): compiles the tappable copy in apps into link documents (JSON).

    USAGE: linkdoc <command> [options]

    COMMANDS:
    \(commandList)
    OPTIONS:
      -h, --help     Show this help
      -V, --version  Show the version

    Exit codes: 0 success (warnings allowed), 1 the input has errors,
    2 a usage, I/O or configuration error.
    Run 'linkdoc help <command>' for a command's options.

    """

    static let compile = """
    USAGE: linkdoc compile [FILE…|-] [--manifest FILE | --no-manifest] [-o FILE] [--pretty] [--verbose]
           linkdoc compile Localizable.xcstrings|FILE.strings|res/values-xx/strings.xml
                           [--split DIR] [--language LANG]
           linkdoc compile --ndjson [--jobs N] [--first-line N] < records.ndjson
           linkdoc compile xx.lproj/TABLE.strings…|FOLDER [--split DIR]
           linkdoc compile --swift-accessors OUT.swift [--swift-type NAME] [--manifest FILE]
                           [--swift-copy-folder DIR] [--swift-public]
                           [--swift-bundle module|target] FILE…

    Compiles each FILE (or standard input, with '-' or no FILE) into a link document:
    the display text with the markup removed, and every link with its kind, text,
    ranges in UTF-16, Unicode scalars and UTF-8, ASCII URL and typed payload.
    A copy file's final line ending ends the file and is not text (of two, one stays).
    With one input the document is printed as JSON; with several, one JSON line per
    input: {"file": …, "document": …} ({"file": …, "bundle": …} for localization files).

    Localization files are picked by extension. A String Catalog (.xcstrings) or a
    .strings file (UTF-8 or UTF-16) compiles into one bundle: every key's document in
    every language and variation (plural.one, device.ipad.plural.other, …), described
    by Grammar/bundle.schema.json. Diagnostics name the key and language and point
    at the line and column in the localization file.

    Android string resources are files named strings.xml, or any .xml file in a
    values or values-… folder. <string>, <string-array> (variations item.0, item.1,
    …) and <plurals> (plural.one, …) are read with Android's escapes, quoting and
    whitespace rules; <xliff:g> keeps its text, <b>/<i>/<a href> and CDATA stay
    HTML. The language comes from the folder (values-zh-rCN → zh-CN,
    values-b+zh+Hant → zh-Hant, values → und or tools:locale). Entities and DTDs
    are never expanded or loaded (xml-entity errors).

    One table in several language folders is one bundle with every language:
    en.lproj/Legal.strings and zh-Hans.lproj/Legal.strings (same name, *.lproj
    folders in the same folder) give the bundle of table Legal, res/values/strings.xml
    and res/values-ja/strings.xml that of table strings. A FOLDER stands for the
    localization files in it and in its *.lproj and values* folders (a String Catalog
    beside the .lproj folders too); other subfolders are not looked into, and a
    .stringsdict file, which linkdoc does not read, is named in a note.

    OPTIONS:
      -m, --manifest FILE  The manifest (agreements, mentions, schemes, options).
                           Default: linkdoc.json in the input's folder or a parent.
      --no-manifest        Use no manifest and look for none (a pipeline's task runs
                           in a folder whose linkdoc.json is not the project's).
      -o, --output FILE    Write to FILE (atomically) instead of standard output
                           ('-': standard output).
      --pretty             Indent the JSON.
      --verbose            Also print info diagnostics (e.g. encoded URLs), and say
                           which manifest is in use or where it was looked for.
      -q, --quiet          Print errors only, and no progress line.
      --lang LANG          The language of the diagnostics: en or zh-Hans (a
                           Simplified Chinese meaning per rule, the English detail
                           after it). Default: from LC_ALL, LC_MESSAGES or LANG.
      --split DIR          With one localization file or table: write DIR/LANGUAGE.json for
                           each language instead of one bundle (each atomically).
      --language LANG      The language of a .strings or Android file. Default:
                           from its LANG.lproj or values-… folder, else "und".
      --ndjson             Stream mode: read records {"id": "…", "text": "…",
                           "manifest": {…}?, "kind": "copy"|"localization"?,
                           "detect": {…}?} from standard input, one per line, and
                           write one result line per input line, in input order:
                           {"id", "document", "diagnostics": [{"line", "column",
                           "severity", "message", "rule"}]}. A bad record gives
                           {"id": …|null, "line": N, "document": null, …}; an empty
                           line gives such a line with a warning. Exit code 1 when
                           any record has errors (every line was still answered);
                           2 when linkdoc failed (usage, reading or writing).
      -j, --jobs N         Compiling threads for --ndjson (default: the number of
                           cores). The output is the same for every N.
      --first-line N       The number of the first input line, for error lines
                           (default 1): an engine that feeds each linkdoc one part
                           of an input passes the part's first line.
      --swift-accessors OUT.swift
                           Instead of compiling, write Swift accessors for the
                           files and their keys (used by LinkDocPlugin).
      --swift-type NAME    The accessors' enum (default LinkDocStrings).
      --swift-copy-folder DIR
                           Copy files under DIR get accessors and resource names
                           by subfolder (DIR/a/b.txt: resource a.b, accessor A.b).
      --swift-public       Make the accessors public.
      --swift-bundle module|target
                           Where the accessors find the resources: SwiftPM's
                           Bundle.module (default), or the bundle of the target's
                           own code (an Xcode app or framework target).
                           With --manifest, its options.linkScheme gives every
                           link a URL in the accessors' attributedString().

    When standard error is a terminal, a batch that runs longer than half a second
    shows a progress line (documents, rate, errors) unless --quiet is given.

    Diagnostics go to standard error as 'file:line:column: severity: message [rule-id]'.
    The markup is defined in Grammar/linkdoc.ebnf and Grammar/spec.md.

    """

    /// "text (default), json, …": the reporters' registry, `Reporters.all`, in its order.
    static var reporterNames: String {
        let names = Reporters.all.map { $0.name == TextReporter.name ? $0.name + " (default)" : $0.name }
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    static let lint = """
    USAGE: linkdoc lint [PATH…|-] [--config FILE] [--manifest FILE] [--reporter NAME]
                        [--lang zh-Hans|en] [--strict] [--fix [--dry-run]] [--verbose]

    Lints files and folders (recursively; in folders, files ending in .txt, .html,
    .htm, .strings and .xcstrings, and Android string resources: strings.xml and
    .xml files in values* folders; a file named explicitly is read whatever its
    extension). Every string of a localization file is linted, and findings point
    at its line and column in the file. With no PATH it lints the current folder;
    '-' reads standard input.

    OPTIONS:
      --config FILE        The configuration. Default: .linkdoc.json in the first
                           path's folder or a parent. It sets a severity per rule
                           ("off", "info", "warning", "error") and rule options,
                           the manifest, and include and exclude globs. A
                           .linkdoc.json in a subfolder applies over it to the
                           files below it (unless --config is given).
      -m, --manifest FILE  The manifest. Default: the configuration's "manifest",
                           else linkdoc.json beside each file or in a parent folder.
      -r, --reporter NAME  \(reporterNames). html writes the review page (see
                           'linkdoc help review') without previews, for CI artifacts.
      --lang LANG          The language of the messages: en or zh-Hans (a
                           Simplified Chinese meaning per rule, the English detail
                           after it). Default for the text and html reporters:
                           from LC_ALL, LC_MESSAGES or LANG; the reports for tools
                           (json, sarif, checkstyle, github) are in English.
      --strict             Exit with 1 on warnings too.
      --fix                Apply the safe fixes (spacing, punctuation, invisible
                           characters) in place, atomically, keeping each file's
                           line endings and BOM; report what is left. In
                           .strings, .xcstrings and strings.xml (UTF-8) only
                           the fixed characters change, where the file spells
                           them literally; keys, escapes and layout stay as
                           they are. A read-only or hard-linked file, one with
                           invalid bytes and a UTF-16 file are not rewritten
                           (fix-not-applied); through a symlink its target is
                           rewritten; mode and owner are kept.
      --dry-run            With --fix: print a unified diff instead of writing;
                           the report goes to standard error.
      --verbose            Say on standard error which configuration and which
                           manifests are in use, or where they were looked for.

    Suppress a finding with a comment on the line before it (compile, --ndjson records
    and the build plugin honour it too):
      <!-- linkdoc-disable-next-line rule-id, other-rule-id -->
    In a .xcstrings file it goes in the key's "comment", in an Android resource file
    in the XML comment right before the resource (see the README).

    Exit codes: 0 clean or warnings only; 1 errors (or warnings with --strict);
    2 a usage, configuration or I/O error.

    """

    static let review = """
    USAGE: linkdoc review [PATH…] -o FILE [--manifest FILE] [--config FILE]
                          [--lang zh-Hans|en] [--preview WIDTH,SIZE] [--strict] [--verbose]

    Writes one HTML page (atomically) for people who review copy and translations
    without a terminal. It takes what 'linkdoc lint' takes (copy files, localization
    files, folders; the same configuration, manifest discovery and suppressions) and
    shows every string as the app shows it, per file and key, the languages side by
    side, with links coloured by kind: hovering or tapping a link shows what it opens
    and where it is written. Each finding of compile and lint stands by its string,
    with its rule and its fix as before/after. Filters by language, rule, severity and
    link kind, a search box and "only strings with findings"; each string has an
    anchor (report.html#Localizable/consent_checkbox/zh-Hans).

    Strings that a manifest view shows get the layout core's pictures (as 'linkdoc
    layout --png' draws them) at every size the view lists, with the tap areas and
    the truncation token marked and without marks, and the fits-lines and
    small-tap-target verdicts.

    The page is self-contained and safe to open offline: copy is escaped and shown
    as text (URLs are never made links), and its Content-Security-Policy lets no
    network access and no script but its own run.

    OPTIONS:
      -o, --output FILE    The page to write ('-': standard output).
      --config FILE        The lint configuration (as for lint).
      -m, --manifest FILE  The manifest (as for lint).
      --lang LANG          The page's language and messages: en or zh-Hans.
                           Default: from LC_ALL, LC_MESSAGES or LANG.
      --preview W,S        Also picture every string in a view W points wide at
                           text size S (e.g. 320,17).
      --strict             Exit with 1 on warnings too.
      --verbose            Say which configuration and manifests are in use.

    Exit codes: 0 written, no errors; 1 written, the copy has errors (or warnings
    with --strict); 2 a usage, configuration or I/O error.

    """

    static let url = """
    USAGE: linkdoc url [URL…|-] [--base URL]

    Parses each URL with the WHATWG URL Standard (IDNA hosts through ICU) and prints
    one JSON object per line: {"input", "href", "url", "host", "error"}. "href" is the
    Standard's serialization, "url" the iOS-safe ASCII form that link documents carry
    (what every iOS version's URL(string:) accepts), "error" the Standard's reason
    when the URL is invalid. Without URL arguments, or with '-', it reads one URL per
    line from standard input.

    OPTIONS:
      --base URL   Resolve relative URLs against URL.

    Exit codes: 0 all valid; 1 some URL is invalid; 2 a usage error.

    """

    static let rules = """
    USAGE: linkdoc rules [RULE-ID] [--lang zh-Hans|en]

    Lists the lint rules with their default severity, or explains one rule:
    its rationale, options and examples. With --lang zh-Hans (or a Chinese
    LC_ALL, LC_MESSAGES or LANG) each rule's meaning is given in Simplified
    Chinese before its English summary.

    """

    static let layout = """
    USAGE: linkdoc layout [FILE|-] --width W --size S [--font FILE[#INDEX]] [--bold-font FILE[#INDEX]]
                          [--fallback-font FILE[#INDEX]]… [--language TAG] [--profile textview|label]
                          [--line-spacing N] [--paragraph-spacing N] [--line-height-multiple N]
                          [--min-line-height N] [--max-line-height N] [--alignment A]
                          [--direction D] [--line-break-strategy S]
                          [--insets T,L,B,R] [--padding N] [--max-lines N]
                          [--token TEXT] [--token-action NAME] [--hit X,Y]… [--tolerance N]
                          [--png FILE [--scale 2|3]] [--pretty]
           linkdoc layout [FILE|-] --view NAME [--manifest FILE] [options above]
           linkdoc layout LOCALIZATION-FILE|BUNDLE.json --key KEY [--language L] [--variation V] [options above]
           linkdoc layout --ndjson [--jobs N] [--first-line N] [options above] < records.ndjson

    Lays out one copy file (compiled as 'linkdoc compile' does), or a compiled link
    document (.json), in a view W points wide, as TextKit does: lines broken with
    ICU's rules (UAX #14 with the CJK tailorings), shaped with HarfBuzz over real
    font files. Prints one JSON object (Grammar/layout.schema.json): "height", every
    line's "range" (UTF-16, scalars, UTF-8), "rect" [x, y, w, h] and "baseline", every
    link's rectangles (one per line it is on), "truncated" and the "token", and for each
    --hit the link or token under the point. Points; origin at the view's top left,
    insets included. The metrics are defined in Grammar/layout.md.

    OPTIONS:
      --view NAME               The geometry of the manifest's view NAME ("views" in
                                linkdoc.json: width, font, size, maxLines, insets,
                                padding, profile); the options given with it win.
      --width W                 The view's width, insets included (required
                                without --view).
      --size S                  The font size in points (required without
                                --view).
      --font FILE[#INDEX]       The font file, and the face in a collection (.ttc).
                                Default: Noto Sans CJK SC (Debian's fonts-noto-cjk).
      --bold-font FILE[#INDEX]  The face for bold runs. Default: Noto Sans CJK SC Bold
                                with the default font, else the regular face.
      --fallback-font FILE[#INDEX]
                                A font for characters the others lack (repeatable;
                                tried in order). Default: Noto Color Emoji and DejaVu
                                Sans, where installed.
      --language TAG            The text's language (default zh-Hans): it picks the
                                font's localized forms (Chinese full-width dashes).
      --profile P               textview (UITextView, the default: insets 8,0,8,0 and
                                padding 5) or label (UILabel: no insets, no padding).
      --line-spacing N          Space after every line (NSParagraphStyle.lineSpacing).
      --paragraph-spacing N     Space after each paragraph but the last.
      --line-height-multiple N  Multiplies the natural line height (0: off).
      --min-line-height N       --max-line-height N
                                Clamp the line height (0: off).
      --alignment A             natural (default: left, or right in a right-to-left
                                paragraph), left, center or right.
      --direction D             The paragraphs' base direction: natural (default: from
                                each paragraph's first strong character), ltr or rtl.
      --line-break-strategy S   standard (UILabel's default: push-out and
                                hangul-word-priority), none (a text view's default), or
                                a comma list of push-out and hangul-word-priority.
      --insets T,L,B,R          textContainerInset (default: the profile's).
      --padding N               lineFragmentPadding (default: the profile's).
      --max-lines N             At most N lines (0, the default: no limit); the last
                                shown line ends with the token when text is cut.
      --token TEXT              The truncation token (default "…"), e.g. "…展开"; cut to
                                the view's width when wider. Not empty.
      --token-action NAME       What a tap on the token does (e.g. expand).
      --hit X,Y                 Hit-test the point (repeatable): the link or token
                                whose rectangles, grown by the tolerance, hold it.
      --tolerance N             The hit tolerance on each side (default 2).
      --png FILE                Also draw the layout to a PNG file (written atomically):
                                the glyphs from the same fonts, each link's rectangles
                                tinted blue and the area a tap hits (grown by the
                                tolerance) dashed, the truncation token tinted orange,
                                the view's edge in grey.
      --scale N                 The PNG's pixels per point: 2 (default) or 3.
      --pretty                  Indent the JSON.
      --key KEY                 Lay out one string of a localization file (.xcstrings,
                                .strings, strings.xml) or of a compiled bundle, in the
                                language --language names (needed when it has several),
                                its plain text or the --variation named (plural.one, …).
                                A localization file or a bundle is never taken as copy.
      --variation V             With --key: the variation (default: the plain string).
      --ndjson                  Stream mode: read records from standard input, one per
                                line: {"id": "…", "text": "copy" | "document": {…},
                                "view": {"width": W, "size": S, "profile", "maxLines",
                                "token", "insets", "padding", "lineSpacing",
                                "paragraphSpacing", "lineHeightMultiple",
                                "minLineHeight", "maxLineHeight", "alignment",
                                "direction", "lineBreakStrategy", "tokenAction",
                                "language"} | "VIEW NAME", "hits": [[x, y]…]?,
                                "tolerance": N?}. The options above are every record's
                                defaults (--width and --size then optional); a view
                                name is the manifest's. One result line per input
                                line, in input order: {"id", "layout": {…as above…},
                                "diagnostics": […]}; a bad record gives {"id", "line",
                                "layout": null, "diagnostics": […]}. Exit code 1 when
                                any record has errors; every line is still answered.
      -j, --jobs N              Layout threads for --ndjson (default: the number of
                                cores). The output is the same for every N.
      --first-line N            The number of the first input line, for error lines.
      -q, --quiet               No progress line (--ndjson).

    Every number must be finite and within the bounds of Grammar/layout.md ("Bounds"):
    widths and spacings 0 to 100000, --size up to 10000, --hit coordinates within
    ±1e9, --tolerance up to 10000, a PNG at most 16384 pixels a side; anything else
    is a usage error naming the flag.

    Exit codes: 0 success; 1 the copy has errors (the layout is still printed);
    2 a usage, font or I/O error.

    """

    static let help = "USAGE: linkdoc help [COMMAND]\n\nShows help for COMMAND.\n"

    /// The overview's COMMANDS lines: each command's name and summary, in the table's order.
    private static var commandList: String {
        CommandLineTool.commands.map { "  " + $0.name + String(repeating: " ", count: max(1, 10 - $0.name.count)) + $0.summary + "\n" }.joined()
    }

    /// `linkdoc help [COMMAND]`: the overview, or the command's help from the command table.
    static func run(_ arguments: [String]) -> ExitStatus {
        guard let name = arguments.first else {
            StandardStreams.writeOutput(overview)
            return .success
        }
        guard let command = CommandLineTool.commands.first(where: { $0.name == name }) else {
            StandardStreams.writeError("linkdoc: error: no help for unknown command '\(name)'\nRun 'linkdoc --help' for the commands.\n")
            return .usage
        }
        StandardStreams.writeOutput(command.help)
        return .success
    }
}
