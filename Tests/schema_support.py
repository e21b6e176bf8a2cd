"""What the schema checks (validate_schemas.py, validate_bundles.py, validate_layout.py,
validate_sarif.py) share: jsonschema, imported with the exact install command for this platform
when it is missing, a tally of the instances checked (`Tally`; not in validate_sarif.py), and
validators for schemas that refer to others by $id, with jsonschema 4.18+ (`referencing`) or older
ones (Debian 12's python3-jsonschema is 4.10, which has RefResolver and no `referencing`).
"""
import sys


def install_command():
    """The command that installs jsonschema for this Python: the distribution's package for
    Debian's or Ubuntu's own Python (which refuses pip, PEP 668), pip elsewhere (other systems,
    or a Python of one's own, such as pyenv's or a virtual environment's)."""
    if sys.prefix != "/usr":
        return "pip install jsonschema"
    try:
        with open("/etc/os-release", encoding="utf-8") as f:
            fields = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
    except OSError:
        fields = {}
    ids = (fields.get("ID", "") + " " + fields.get("ID_LIKE", "")).replace('"', "").split()
    if "debian" in ids or "ubuntu" in ids:
        return "apt-get install python3-jsonschema"
    return "pip install jsonschema"


def jsonschema():
    try:
        import jsonschema as module
    except ImportError:
        print("Python's jsonschema is not installed (%s); install it with: %s" % (sys.executable, install_command()))
        sys.exit(3)
    return module


def validator(cls, schema, others=()):
    """A `cls` validator for `schema`, with the schemas `others` reachable by their $id."""
    try:
        from referencing import Registry, Resource
    except ImportError:
        from jsonschema import RefResolver
        store = {other["$id"]: other for other in others}
        return cls(schema, resolver=RefResolver.from_schema(schema, store=store))
    registry = Registry().with_resources((other["$id"], Resource.from_contents(other)) for other in others)
    return cls(schema, registry=registry)


class Tally:
    """Instances checked against validators: each failing one printed with its first three
    errors, then one line `LABEL: N passed, M failed`."""

    def __init__(self, label):
        self.label, self.passed, self.failed = label, 0, 0

    def check(self, validator, value, where):
        errors = sorted(validator.iter_errors(value), key=lambda e: list(e.path))
        if errors:
            self.failed += 1
            for e in errors[:3]:
                print("%s: %s at %s" % (where, e.message, "/".join(map(str, e.path))))
        else:
            self.passed += 1

    def finish(self, require_some=False):
        """Prints the tally and exits: 1 when any failed (or, with `require_some`, none passed)."""
        print("%s: %d passed, %d failed" % (self.label, self.passed, self.failed))
        sys.exit(1 if self.failed or (require_some and not self.passed) else 0)
