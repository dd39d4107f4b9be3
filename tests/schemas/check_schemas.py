#!/usr/bin/env python3
"""Runs every command that writes JSON and checks its output against schemas/<command>.schema.json.

Usage: check_schemas.py MOSAIC_BINARY SCHEMA_DIR
"""
import json
import subprocess
import sys
from pathlib import Path

import jsonschema

RUNS = {
    "simulate": ["simulate", "--preset", "prototype", "--json"],
    "relay": ["relay", "--gbits", "0.01", "--ber", "1e-5", "--fail-random", "2", "--json"],
    "compare": ["compare", "--reach-m", "30", "--json"],
    "fleet": ["fleet", "--links", "2000", "--years", "2", "--json"],
    "cluster": ["cluster", "--preset", "nvl576-mosaic", "--compare", "--json"],
}


def load(schema_dir: Path, name: str) -> dict:
    """A schema with its header inlined, so no reference resolver is needed."""
    schema = json.loads((schema_dir / f"{name}.schema.json").read_text())
    header = json.loads((schema_dir / "header.schema.json").read_text())
    header.pop("$id", None)
    header.pop("$schema", None)
    schema["allOf"] = [header if part == {"$ref": "header.schema.json"} else part
                       for part in schema.get("allOf", [])]
    return schema


def main() -> int:
    binary, schema_dir = sys.argv[1], Path(sys.argv[2])
    failures = 0
    for name, args in RUNS.items():
        out = subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)
        if out.returncode != 0:
            print(f"{name}: exit {out.returncode}: {out.stderr.strip()}")
            failures += 1
            continue
        document = json.loads(out.stdout)
        schema = load(schema_dir, name)
        jsonschema.Draft202012Validator.check_schema(schema)
        errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(document),
                        key=lambda e: list(e.path))
        for e in errors[:10]:
            print(f"{name}: {'/'.join(map(str, e.path))}: {e.message[:200]}")
        failures += bool(errors)
        # A schema that accepts anything proves nothing: a document without its header must fail.
        broken = dict(document)
        broken.pop("schema_version")
        if jsonschema.Draft202012Validator(schema).is_valid(broken):
            print(f"{name}: schema accepts a document without schema_version")
            failures += 1
        print(f"{name}: {'ok' if not errors else 'INVALID'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
