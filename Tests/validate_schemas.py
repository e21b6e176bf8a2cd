#!/usr/bin/env python3
"""Validates link documents and manifests against the JSON Schemas in Grammar/.

Usage: validate_schemas.py DOCUMENTS.ndjson MANIFEST.json…
Each line of DOCUMENTS.ndjson is a link document. Prints 'schema: N passed, M failed'.
"""
import json, pathlib, sys
from schema_support import Tally, jsonschema

Draft202012Validator = jsonschema().Draft202012Validator

grammar = pathlib.Path(__file__).resolve().parent.parent / "Grammar"
documents = Draft202012Validator(json.loads((grammar / "document.schema.json").read_text()))
manifests = Draft202012Validator(json.loads((grammar / "manifest.schema.json").read_text()))
Draft202012Validator.check_schema(documents.schema)
Draft202012Validator.check_schema(manifests.schema)

tally = Tally("schema")
with open(sys.argv[1], encoding="utf-8") as f:
    for number, line in enumerate(f, 1):
        tally.check(documents, json.loads(line), "document %d" % number)
for path in sys.argv[2:]:
    tally.check(manifests, json.loads(pathlib.Path(path).read_text(encoding="utf-8")), path)
tally.finish()
