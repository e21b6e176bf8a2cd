#!/usr/bin/env python3
"""Validates linkdoc bundles (and split files) against Grammar/bundle.schema.json.

Usage: validate_bundles.py BUNDLE.json…   Prints 'bundle schema: N passed, M failed'.
"""
import json, pathlib, sys
from schema_support import Tally, jsonschema, validator as make_validator

Draft202012Validator = jsonschema().Draft202012Validator

grammar = pathlib.Path(__file__).resolve().parent.parent / "Grammar"
document = json.loads((grammar / "document.schema.json").read_text())
bundle = json.loads((grammar / "bundle.schema.json").read_text())
Draft202012Validator.check_schema(bundle)
validator = make_validator(Draft202012Validator, bundle, [document])

tally = Tally("bundle schema")
for path in sys.argv[1:]:
    tally.check(validator, json.loads(pathlib.Path(path).read_text(encoding="utf-8")), path)
tally.finish()
