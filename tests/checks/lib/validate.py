"""Validate a CSL-JSON file against the CSL 1.0.2 data schema.

usage: validate.py SCHEMA FILE...   (exit 1 and print every violation)"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
cls = jsonschema.validators.validator_for(schema)
validator = cls(schema)
bad = 0
for path in sys.argv[2:]:
    try:
        data = json.load(open(path, encoding="utf-8"))
    except ValueError as e:
        print(f"{path}: not JSON: {e}")
        bad += 1
        continue
    for err in validator.iter_errors(data):
        where = "/".join(str(p) for p in err.absolute_path)
        print(f"{path}: {where}: {err.message[:300]}")
        bad += 1
        if bad > 20:
            break
sys.exit(1 if bad else 0)
