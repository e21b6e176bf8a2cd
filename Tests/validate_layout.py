#!/usr/bin/env python3
"""Validates `linkdoc layout` outputs against Grammar/layout.schema.json.

Usage: validate_layout.py LAYOUTS.ndjson   Each line is one layout. Prints 'layout schema: N passed, M failed'.
"""
import json, pathlib, sys
from schema_support import Tally, jsonschema

Draft202012Validator = jsonschema().Draft202012Validator
schema = json.loads((pathlib.Path(__file__).resolve().parent.parent / "Grammar" / "layout.schema.json").read_text())
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)

tally = Tally("layout schema")
with open(sys.argv[1], encoding="utf-8") as f:
    for number, line in enumerate(f, 1):
        tally.check(validator, json.loads(line), "layout %d" % number)
tally.finish(require_some=True)
