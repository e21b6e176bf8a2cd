#!/usr/bin/env python3
"""Differential fuzzing of `linkdoc compile --ndjson`: the stream itself, not one record.

Generates random record sequences (good records, empty and blank lines, lone CR lines, CRLF,
bad JSON, invalid UTF-8, huge lines, lines over the record limit, inline manifests, no final
newline), pipes each one through the real binary with --jobs 1, 2 and 3 and checks that

  - no run crashes (a signal, a Swift trap, exit status other than 0 or 1) or hangs (timeout);
  - every run writes exactly one output line per input line, each a JSON object, and a line
    that reports a problem names its own line number;
  - the three runs give byte-identical output and the same exit status;
  - the exit status is 1 exactly when some line reports an error.

Each run gets its own small window (LINKDOC_NDJSON_WINDOW_BYTES, 1 byte to 16 KiB) and the
sequence its own record limit (LINKDOC_NDJSON_MAX_RECORD_BYTES), so that lines straddle
windows, reads and parts, and the too-long path runs, with inputs of a few kilobytes: the
output must not depend on either.

Processes rather than an in-process libFuzzer target: the stream pipeline (reader, windows,
parts, worker threads) lives in the `linkdoc` executable and reads file descriptor 0, and its
bugs are in how a real pipe's reads cut the stream and how threads split it. Sequences come
from a seeded generator, so a run with the same --seed replays the same inputs.

  stream_fuzz.py --binary .build/debug/linkdoc --sequences 40 --seed 1     # CI (FUZZ_RUNS set)
  stream_fuzz.py --binary .build/debug/linkdoc --seconds 15                 # run.sh SECONDS
  stream_fuzz.py --binary .build/debug/linkdoc --until 11:10 --seed 7       # a long run (UTC)

Failing inputs are written to --artifacts (crash-<seed>-<n>.ndjson with a .txt report).
"""
import argparse
import datetime
import json
import os
import random
import subprocess
import sys
import time

TEXTS = [
    "请阅读《用户协议》和《隐私政策》", "联系 @小明 或 @小红", "Visit https://example.com/help #话题# now",
    "拨打 400-820-8820 或 dpo@example.com", "<b>粗</b><i>斜</i> <a href=\"https://e.com\">链接</a>",
    "[这里](https://example.com/a)", "👨‍👩‍👧 e\u0301 🇨🇳", "tab\there", "line\nbreak\r\nthere",
    "&amp; &lt;b&gt; \\《不是》", "<img src=\"https://e.com/a.png\" alt=\"x\">", "#双十一#@天猫", "a" * 40,
    "\u200b\u2060\u202e", "<unclosed", "《", "@", "http://", "]", "",
]


def json_string(rng, text):
    """The text as a JSON string, sometimes with every non-ASCII character escaped."""
    return json.dumps(text, ensure_ascii=rng.random() < 0.3)


def good_record(rng, n, max_text):
    pieces = []
    while rng.random() < 0.7 and sum(map(len, pieces)) < max_text:
        pieces.append(rng.choice(TEXTS))
    text = " ".join(pieces)
    members = [f'"id": "r{n}"' if rng.random() < 0.9 else f'"id": {n}', f'"text": {json_string(rng, text)}']
    if rng.random() < 0.1:
        members.append('"manifest": ' + rng.choice([
            '{"agreements": {"用户协议": "https://e.com/terms"}}', '{"mentions": {"小明": "u1"}}',
            '{"agreement": {}}', '{"schemes": ["https"]}']))
    if rng.random() < 0.1:
        members.append('"extra": [1, {"a": null}, true]')
    rng.shuffle(members)
    return ("{" + ", ".join(members) + "}").encode()


def huge_record(rng, n, size):
    unit = rng.choice(["a", "《协议》", "@小明 ", "https://e.com/x ", "\\n", "é"])
    text = unit * max(1, size // len(unit.encode()))
    return ('{"id": "huge%d", "text": "%s"}' % (n, text)).encode()


def bad_line(rng):
    choices = [
        b"not json", b"{", b'{"id": "x"}', b'{"text": 1}', b'{"id": "a", "text": "unterminated',
        b'{"id": "a", "text": "x"} trailing', b'{"id": "a", "text": "\\ud800"}', b"[1, 2]", b'"text"',
        b'{"id": "a", "id": "b", "text": "x"}', b'{"id": "\xff", "text": "x"}', b'{"id": "a", "text": "\xc3("}',
        b'{"id": "a", "text": "x", "deep": ' + b"[" * 200 + b"]" * 200 + b"}", b"\x00\x01\x02", b"{}",
    ]
    line = rng.choice(choices)
    if rng.random() < 0.3:  # random bytes, no LF (a LF would make two lines)
        line = bytes(rng.choice([b for b in range(256) if b != 0x0A]) for _ in range(rng.randint(1, 60)))
    return line


def sequence(rng, max_record):
    """A list of (line bytes, terminator) and the record limit used."""
    lines = []
    for n in range(rng.randint(0, 120)):
        r = rng.random()
        if r < 0.12:
            body = rng.choice([b"", b" ", b"\t", b"  \t "])
        elif r < 0.2:
            body = b"\r"  # a lone CR line: empty once its CR is dropped
        elif r < 0.32:
            body = bad_line(rng)
        elif r < 0.36:
            body = huge_record(rng, n, rng.choice([max_record - 40, max_record + 1, 2 * max_record, rng.randint(1000, 40000)]))
        elif r < 0.38:
            body = b"x" * rng.choice([max_record, max_record + 1, max_record - 1])  # right at the limit
        else:
            body = good_record(rng, n, rng.choice([40, 400, 4000]))
        lines.append([body, rng.choice([b"\n"] * 6 + [b"\r\n", b"\r\r\n"])])
    if lines and rng.random() < 0.3:
        lines[-1][1] = b""  # no final newline
    if rng.random() < 0.02:  # now and then a 1 MB record, as in the issue
        lines.insert(rng.randint(0, len(lines)), [huge_record(rng, 0, 1 << 20), b"\n"])
    return b"".join(body + end for body, end in lines)


def input_line_count(data):
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def run(binary, data, jobs, window, max_record, timeout):
    env = dict(os.environ, LINKDOC_NDJSON_WINDOW_BYTES=str(window), LINKDOC_NDJSON_MAX_RECORD_BYTES=str(max_record),
               SWIFT_BACKTRACE="enable=no")
    start = time.monotonic()
    try:
        p = subprocess.run([binary, "compile", "--ndjson", "--jobs", str(jobs)], input=data, capture_output=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, b"", b"timeout", timeout
    return p.returncode, p.stdout, p.stderr, time.monotonic() - start


def check(binary, data, rng, max_record, timeout):
    """Problems found (a list of strings, empty when all is well)."""
    expected = input_line_count(data)
    results = []
    for jobs in (1, 2, 3):
        window = rng.choice([1, 2, 7, 64, 100, 1000, 4096, 16384])
        status, out, err, seconds = run(binary, data, jobs, window, max_record, timeout)
        results.append((jobs, window, status, out, err, seconds))
    problems = []
    for jobs, window, status, out, err, seconds in results:
        where = f"--jobs {jobs} (window {window} B)"
        if status is None:
            problems.append(f"{where}: no answer within {timeout} s (hang)")
            continue
        if status not in (0, 1):
            problems.append(f"{where}: exit status {status}: {err[-2000:].decode('utf-8', 'replace')}")
            continue
        lines = out.split(b"\n")
        if out and not out.endswith(b"\n"):
            problems.append(f"{where}: output does not end with a line break")
        got = len(lines) - 1
        if got != expected:
            problems.append(f"{where}: {got} output lines for {expected} input lines")
        errors = False
        for number, line in enumerate(lines[:-1], 1):
            try:
                obj = json.loads(line)
            except ValueError as e:
                problems.append(f"{where}: output line {number} is not JSON ({e})")
                break
            if "line" in obj and obj["line"] != number:
                problems.append(f"{where}: output line {number} answers line {obj['line']}")
                break
            errors = errors or any(d["severity"] == "error" for d in obj["diagnostics"])
        if errors != (status == 1):
            problems.append(f"{where}: exit status {status} but {'some' if errors else 'no'} line reports an error")
    finished = [r for r in results if r[2] in (0, 1)]
    for jobs, window, status, out, err, seconds in finished[1:]:
        first = finished[0]
        if out != first[3] or status != first[2]:
            differ = next((i for i, (a, b) in enumerate(zip(out.split(b"\n"), first[3].split(b"\n"))) if a != b), None)
            problems.append(f"--jobs {jobs} (window {window} B) differs from --jobs {first[0]} (window {first[1]} B)"
                            f" (status {status} vs {first[2]}, first differing line {None if differ is None else differ + 1})")
    return problems, max(r[5] for r in results)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sequences", type=int, help="how many sequences (default: until --until or forever)")
    parser.add_argument("--until", help="stop at this UTC time, HH:MM")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    parser.add_argument("--timeout", type=float, default=60, help="seconds one run may take")
    parser.add_argument("--artifacts", default="Tests/Fuzz/.build/artifacts/stream")
    parser.add_argument("--progress", type=int, default=0, help="print a line every N sequences")
    args = parser.parse_args()
    deadline = None
    if args.until:
        now = datetime.datetime.now(datetime.timezone.utc)
        h, m = map(int, args.until.split(":"))
        deadline = now.replace(hour=h, minute=m, second=0, microsecond=0)
    if args.seconds is not None:
        deadline = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=args.seconds)
    rng = random.Random(args.seed)
    done = failures = records = total_bytes = 0
    slowest = 0.0
    started = time.monotonic()
    while True:
        if args.sequences is not None and done >= args.sequences:
            break
        if deadline and datetime.datetime.now(datetime.timezone.utc) >= deadline:
            break
        max_record = rng.choice([16, 100, 1000, 5000, 64 << 20])
        data = sequence(rng, max_record if max_record < 64 << 20 else 50000)
        problems, seconds = check(args.binary, data, rng, max_record, args.timeout)
        slowest = max(slowest, seconds)
        done += 1
        records += input_line_count(data)
        total_bytes += len(data)
        if problems:
            failures += 1
            os.makedirs(args.artifacts, exist_ok=True)
            stem = os.path.join(args.artifacts, f"crash-{args.seed}-{done}")
            with open(stem + ".ndjson", "wb") as f:
                f.write(data)
            with open(stem + ".txt", "w") as f:
                f.write(f"LINKDOC_NDJSON_MAX_RECORD_BYTES={max_record}\n" + "\n".join(problems) + "\n")
            print(f"stream: sequence {done} FAILED ({stem}.ndjson, record limit {max_record}):", file=sys.stderr)
            for p in problems[:5]:
                print("  " + p[:500], file=sys.stderr)
            if failures >= 5:
                break
        if args.progress and done % args.progress == 0:
            print(f"stream: {done} sequences, {records} records, {total_bytes} bytes, {failures} failed, "
                  f"slowest run {slowest:.1f} s, {time.monotonic() - started:.0f} s", flush=True)
    print(f"stream: {'ok' if failures == 0 else 'FAILED'}, {done} sequences ({records} records, {total_bytes} bytes, "
          f"3 runs each), {failures} failed, slowest run {slowest:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
