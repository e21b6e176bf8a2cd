"""Finding the linkdoc executable."""
import os
import shutil

#: Where a platform wheel carries the static binary (see build_wheel.sh).
BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "linkdoc")


def _on_path(skip):
    """The first `linkdoc` on PATH that is not the file `skip` (the package's own command)."""
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        found = shutil.which("linkdoc", path=folder) if folder else None
        if found and (skip is None or os.path.realpath(found) != os.path.realpath(skip)):
            return found
    return None


def find_binary(binary=None, skip=None):
    """The linkdoc executable: `binary` when given, else `$LINKDOC_BINARY`, else the one
    bundled in the wheel, else `linkdoc` on PATH (not the file `skip`: the `linkdoc` command this
    package installs must not run itself). Raises FileNotFoundError naming all four."""
    for candidate in (binary, os.environ.get("LINKDOC_BINARY"), BUNDLED):
        if candidate and os.path.isfile(candidate):
            if not os.access(candidate, os.X_OK):
                # SparkFiles and some unpackers drop the executable bit.
                os.chmod(candidate, os.stat(candidate).st_mode | 0o111)
            return candidate
        if candidate and candidate is not BUNDLED:
            raise FileNotFoundError("the linkdoc binary %s does not exist" % candidate)
    found = _on_path(skip)
    if found:
        return found
    raise FileNotFoundError(
        "no linkdoc binary: pass binary=, set $LINKDOC_BINARY, install a platform wheel "
        "(Integrations/python/build_wheel.sh), or put linkdoc on PATH")
