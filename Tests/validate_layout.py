#!/usr/bin/env python3
"""Validates `linkdoc layout` outputs against Grammar/layout.schema.json.

Usage: validate_layout.py LAYOUTS.ndjson   Each line is one layout. Prints 'layout schema: N passed, M failed'.
"""
import json, pathlib, sys
from schema_support import jsonschema

Draft202012Validator = jsonschema().Draft202012Validator
schema = json.loads((pathlib.Path(__file__).resolve().parent.parent / "Grammar" / "layout.schema.json").read_text())
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)

passed = failed = 0
with open(sys.argv[1], encoding="utf-8") as f:
    for number, line in enumerate(f, 1):
        errors = sorted(validator.iter_errors(json.loads(line)), key=lambda e: list(e.path))
        if errors:
            failed += 1
            for e in errors[:3]:
                print("layout %d: %s at %s" % (number, e.message, "/".join(map(str, e.path))))
        else:
            passed += 1
print("layout schema: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
