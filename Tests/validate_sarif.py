#!/usr/bin/env python3
"""Validates a SARIF log against the OASIS SARIF 2.1.0 schema (Draft 4).

Usage: validate_sarif.py SCHEMA.json LOG.sarif   Prints 'sarif schema: N errors'.
"""
import json, sys
from schema_support import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
errors = list(jsonschema().Draft4Validator(schema).iter_errors(json.load(open(sys.argv[2], encoding="utf-8"))))
for e in errors[:5]:
    print(e.message, list(e.path))
print("sarif schema: %d errors" % len(errors))
sys.exit(1 if errors else 0)
