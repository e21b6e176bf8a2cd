"""The `linkdoc` command a wheel installs: runs the linkdoc binary with the same arguments.

A platform wheel carries the static binary (build_wheel.sh), so `pip install` of it puts a working
`linkdoc` on PATH. Without one (a source install), $LINKDOC_BINARY or another `linkdoc` on PATH
is run instead, never this script itself.
"""
import os
import sys

from ._binary import find_binary


def main():
    try:
        executable = find_binary(skip=sys.argv[0] if sys.argv and sys.argv[0] else None)
    except FileNotFoundError as error:
        sys.stderr.write("linkdoc: this Python package has no linkdoc binary (it was installed from source): %s\n" % error)
        return 2
    os.execv(executable, [executable] + sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
