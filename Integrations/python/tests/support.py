"""What the tests share: the linkdoc binary, linkdoc run directly, records, crashing wrappers."""
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
MANIFEST = os.path.join(PACKAGE_ROOT, "Examples", "linkdoc.json")
sys.path.insert(0, os.path.dirname(HERE))   # the package under test, not an installed one

from linkdoc import find_binary  # noqa: E402

BINARY = find_binary()  # $LINKDOC_BINARY (the XCTest that runs these sets it), else PATH


def direct(data, first_line=1, manifest=MANIFEST, jobs=1, binary=BINARY):
    """What `linkdoc compile --ndjson` prints for `data`, and its exit status."""
    argv = [binary, "compile", "--ndjson", "--quiet", "--jobs", str(jobs), "--first-line", str(first_line)]
    if manifest:
        argv += ["--manifest", manifest]
    done = subprocess.run(argv, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode in (0, 1), done.stderr.decode()
    return done.stdout


def record(i, text=None):
    text = text if text is not None else "请阅读《用户协议》和《隐私政策》，联系 @小明 或访问 https://example.com/%d 拨打 400-820-8820" % i
    return ('{"id": "r%d", "text": "%s"}' % (i, text)).encode("utf-8")


#: Records linkdoc rejects or warns about, each as it must reach linkdoc: not JSON, an empty
#: line, invalid UTF-8, a bare CR inside a record, a CRLF line end, no text, a blank line.
BAD_RECORDS = [b"oops, not JSON", b"", b'{"id": "bad-utf8", "text": "\xff\xfe caf\xc3"}',
               b'{"id": "bare-cr",\r"text": "one\\rtwo"}', b'{"id": "raw-cr", "text": "a\rb"}', b'{"id": "crlf", "text": "x"}\r',
               b'{"id": "no-text"}', b" \t", b"\r"]


def corpus(count, bad_every=0):
    """`count` NDJSON lines (bytes with line breaks): records, and a bad one every `bad_every`."""
    lines = []
    for i in range(count):
        if bad_every and i % bad_every == bad_every - 1:
            lines.append(BAD_RECORDS[(i // bad_every) % len(BAD_RECORDS)])
        else:
            lines.append(record(i))
    return b"\n".join(lines) + b"\n"


def crashing_wrapper(directory, after=None, marker=None):
    """An executable that runs linkdoc and kills it and itself (SIGKILL) when it reads input line
    `after` + 1, or a line holding `marker`: linkdoc killed mid-partition."""
    path = os.path.join(directory, "crashing-linkdoc-%s" % ("after-%d" % after if after is not None else "marker"))
    with open(path, "w") as f:
        f.write("""#!%s
import os, signal, subprocess, sys
child = subprocess.Popen([%r] + sys.argv[1:], stdin=subprocess.PIPE)
for seen, line in enumerate(sys.stdin.buffer):
    if seen == %r or (%r is not None and %r in line):
        child.kill()
        child.wait()
        os.kill(os.getpid(), signal.SIGKILL)
    child.stdin.write(line)
child.stdin.close()
sys.exit(child.wait())
""" % (sys.executable, BINARY, after, marker, marker))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def stand_in(directory, name, script):
    """An executable named `name` in `directory` that runs the Python `script` in place of linkdoc
    (it is given linkdoc's arguments and ignores them)."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write("#!%s\n%s" % (sys.executable, script))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def echoing_binary(directory):
    """A stand-in for linkdoc that answers every input line with the line itself (`cat`): the
    wrapper's work on a long line, both ways, without linkdoc's own."""
    return stand_in(directory, "echoing-linkdoc", """import shutil, sys
shutil.copyfileobj(sys.stdin.buffer, sys.stdout.buffer)
""")


def dying_binary(directory, answers, read=None):
    """A stand-in for linkdoc that reads all its input (or, with `read`, that many lines, more
    waiting unread in its buffer and the pipe), writes `answers` whole lines and the start of
    one more, and kills itself (SIGKILL): linkdoc killed at a known point."""
    return stand_in(directory, "dying-linkdoc-%d-%s" % (answers, read), """import os, signal, sys
read, answers = %r, %r
if read is None:
    sys.stdin.buffer.read()
else:
    for _ in range(read):
        sys.stdin.buffer.readline()
for number in range(answers):
    sys.stdout.buffer.write(b'{"answer": %%d}\\n' %% number)
sys.stdout.buffer.write(b'{"cut off by the kill')
sys.stdout.buffer.flush()
os.kill(os.getpid(), signal.SIGKILL)
""" % (read, answers))


def temporary_directory(test):
    directory = tempfile.TemporaryDirectory(prefix="linkdoc-python-")
    test.addCleanup(directory.cleanup)
    return directory.name


def input_file(test, data, output_name):
    """`data` written to records.ndjson in a temporary directory of `test`'s; returns its path and
    the path `output_name` beside it (not created), for the output of a run over it."""
    directory = temporary_directory(test)
    path = os.path.join(directory, "records.ndjson")
    with open(path, "wb") as f:
        f.write(data)
    return path, os.path.join(directory, output_name)
