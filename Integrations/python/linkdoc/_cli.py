"""The `linkdoc` command a wheel installs: runs the linkdoc binary with the same arguments.

A platform wheel carries the static binary (build_wheel.sh), so `pip install` of it puts a working
`linkdoc` on PATH. Without one (a source install), $LINKDOC_BINARY or another `linkdoc` on PATH
is run instead, never this script itself.
"""
import os
import shutil
import sys

from ._binary import BUNDLED


def binary():
    """The executable to run, or None."""
    for candidate in (os.environ.get("LINKDOC_BINARY"), BUNDLED):
        if candidate and os.path.isfile(candidate):
            if not os.access(candidate, os.X_OK):
                os.chmod(candidate, os.stat(candidate).st_mode | 0o111)
            return candidate
    me = os.path.realpath(sys.argv[0]) if sys.argv and sys.argv[0] else None
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        found = shutil.which("linkdoc", path=folder) if folder else None
        if found and os.path.realpath(found) != me:
            return found
    return None


def main():
    executable = binary()
    if executable is None:
        sys.stderr.write("linkdoc: this Python package has no linkdoc binary (it was installed from source): install a "
                         "platform wheel (Integrations/python/build_wheel.sh), set $LINKDOC_BINARY, or put linkdoc on PATH\n")
        return 2
    os.execv(executable, [executable] + sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
