#!/usr/bin/env python3
"""Runs every command that writes JSON and checks its output against schemas/<command>.schema.json.

Usage: check_schemas.py MOSAIC_BINARY SCHEMA_DIR

`mosaic cable` needs TAP devices: it runs in a network namespace of its own (unshare, as root or
in a user namespace) with raw frames sent through it, and is skipped, saying so, where neither is
allowed. scripts/ci_cable.sh checks the summaries of its runs with real traffic too.
"""
import json
import os
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
# Documents whose figures are the sentinels ("certain", "undefined"), never null.
SENTINEL_RUNS = [
    ("compare", ["compare", "--preset", "prototype", "--set", "reliability.channel_fit=1e6",
                 "--set", "reliability.common_fit=1e7", "--json"]),
    ("fleet", ["fleet", "--links", "100", "--set", "reliability.weibull_scale_years=10",
               "--json"]),
    ("simulate", ["simulate", "--preset", "prototype", "--no-margin", "--set",
                  "reliability.weibull_scale_years=10", "--json"]),
]


def first_null(node, path="") -> str:
    """The path of the first null in a document, "" when there is none."""
    if node is None:
        return path or "/"
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        if found := first_null(value, f"{path}/{key}"):
            return found
    return ""


def load(schema_dir: Path, name: str) -> dict:
    """A schema with every {"$ref": "<name>.schema.json"} inlined, so no resolver is needed."""
    def inline(node):
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            if len(node) == 1 and ref.endswith(".schema.json"):
                part = json.loads((schema_dir / ref).read_text())
                part.pop("$id", None)
                part.pop("$schema", None)
                return inline(part)
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node
    return inline(json.loads((schema_dir / f"{name}.schema.json").read_text()))


# Inside a network namespace of its own: the cable between two TAP interfaces, a death at link-up
# and two random ones, raw broadcast frames sent into A (they come out of B), then SIGTERM.
CABLE_RUN = r"""
set -e
"$0" cable --a schk0 --b schk1 --failures ab:3@0 --fail-random 2 --fail-random-over-s 0.3 --stats-socket "$OUT.sock" "$@" >"$OUT" 2>"$OUT.err" &
pid=$!
for i in $(seq 200); do ip link show schk1 >/dev/null 2>&1 && break; sleep 0.05; done
ip link set schk0 up && ip link set schk1 up
python3 -c '
import socket, time
s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
s.bind(("schk0", 0))
frame = b"\xff" * 6 + b"\x02\x00\x00\x00\x00\x01" + b"\x88\xb5" + bytes(range(256)) * 4
for i in range(50):
    s.send(frame)
    time.sleep(0.01)
'
sleep 0.3
# A live snapshot: the record so far, which `mosaic report` must draw as it draws the summary.
python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b"snapshot\n")
open(sys.argv[2], "w").write(s.makefile().readline())
' "$OUT.sock" "$OUT.snap"
kill -TERM $pid
wait $pid
"""


def run_cable(binary: str, extra: list[str]) -> tuple[int, str, str, str]:
    """(exit code, stdout, why, live snapshot) of the cable run; exit code None when it cannot run
    here."""
    out = Path(os.environ.get("TMPDIR", "/tmp")) / f"check_schemas_cable_{os.getpid()}.json"
    unshare = ["unshare", "--net"] if os.geteuid() == 0 else ["unshare", "--user", "--map-root-user", "--net"]
    try:
        probe = subprocess.run([*unshare, "sh", "-c", "exec 3<>/dev/net/tun"], capture_output=True,
                               text=True, timeout=30)
        if probe.returncode != 0:
            return None, "", f"no network namespace with TAP devices here ({probe.stderr.strip()})", ""
        r = subprocess.run([*unshare, "bash", "-c", CABLE_RUN, binary, *extra],
                           capture_output=True, text=True, timeout=120,
                           env={**os.environ, "OUT": str(out)})
        text = out.read_text() if out.exists() else ""
        err = Path(f"{out}.err")
        why = (err.read_text().strip() if err.exists() else "") + r.stderr.strip()
        snap = Path(f"{out}.snap")
        return r.returncode, text, why, snap.read_text() if snap.exists() else ""
    except FileNotFoundError as e:
        return None, "", f"cannot run {e.filename}", ""
    finally:
        for p in (out, Path(f"{out}.err"), Path(f"{out}.snap")):
            p.unlink(missing_ok=True)


def main() -> int:
    binary, schema_dir = sys.argv[1], Path(sys.argv[2])
    failures = 0
    runs = [(name, args) for name, args in RUNS.items()]
    runs += SENTINEL_RUNS
    runs += [("cable", []), ("cable", ["--set", "link.host_fec=kr4"])]
    snapshots = []
    for name, args in runs:
        if name == "cable":
            rc, stdout, why, snapshot = run_cable(binary, args)
            if rc is None:
                print(f"cable: skipped: {why}")
                continue
            snapshots.append(snapshot)
        else:
            out = subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)
            rc, stdout, why = out.returncode, out.stdout, out.stderr.strip()
        if rc != 0:
            print(f"{name}: exit {rc}: {why}")
            failures += 1
            continue
        document = json.loads(stdout)
        if null := first_null(document):
            print(f"{name}: null at {null} (a sentinel is owed: never, certain, undefined, refused)")
            failures += 1
        schema = load(schema_dir, name)
        jsonschema.Draft202012Validator.check_schema(schema)
        errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(document),
                        key=lambda e: list(e.path))
        for e in errors[:10]:
            print(f"{name}: {'/'.join(map(str, e.path))}: {e.message[:200]}")
        failures += bool(errors)
        # A schema that accepts anything proves nothing: a document without its header must fail.
        label = " ".join([name, *args]) if name == "cable" else name
        broken = dict(document)
        broken.pop("schema_version")
        if jsonschema.Draft202012Validator(schema).is_valid(broken):
            print(f"{label}: schema accepts a document without schema_version")
            failures += 1
        if name == "cable":
            # The run must have carried frames and swapped the dead channel, and the direction's
            # schema must look into the events.
            ab = document["directions"]["ab"]
            if not (ab["fec_codewords"] > 0 and ab["swap_count"] >= 1 and ab["frames_out"] > 0):
                print(f"{label}: the cable carried nothing or swapped nothing")
                failures += 1
            else:
                broken = json.loads(json.dumps(document))
                del broken["directions"]["ab"]["swaps"][0]["reason"]
                if jsonschema.Draft202012Validator(schema).is_valid(broken):
                    print(f"{label}: schema accepts a swap without its reason")
                    failures += 1
        # Every record a command writes, `mosaic report` draws (the reader checks its members).
        failures += not report_draws(binary, stdout, name, label)
        print(f"{label}: {'ok' if not errors else 'INVALID'}")
    failures += check_snapshots(binary, schema_dir, snapshots)
    return 1 if failures else 0


def report_draws(binary: str, text: str, kind: str, label: str) -> bool:
    """Whether `mosaic report` draws the record `text` into a page of its kind (says why not)."""
    saved = Path(os.environ.get("TMPDIR", "/tmp")) / f"check_schemas_{kind}_{os.getpid()}.json"
    page = saved.with_suffix(".html")
    try:
        saved.write_text(text)
        drawn = subprocess.run([binary, "report", str(saved), "-o", str(page)],
                               capture_output=True, text=True, timeout=300)
        if drawn.returncode != 0 or f'"kind":"{kind}"' not in page.read_text():
            print(f"{label}: mosaic report refuses it: {drawn.stderr.strip()}")
            return False
        return True
    finally:
        saved.unlink(missing_ok=True)
        page.unlink(missing_ok=True)


def check_snapshots(binary: str, schema_dir: Path, snapshots: list[str]) -> int:
    """A live `snapshot` is a cable record: its schema, a timeline, and `mosaic report` draws it."""
    failures = 0
    schema = load(schema_dir, "cable")
    for i, text in enumerate(snapshots):
        if not text.strip():
            print(f"cable snapshot {i}: no reply on the control socket")
            failures += 1
            continue
        document = json.loads(text)
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(document))
        for e in errors[:5]:
            print(f"cable snapshot {i}: {'/'.join(map(str, e.path))}: {e.message[:200]}")
        failures += bool(errors)
        bins = len(document["directions"]["ab"]["timeline"]["first_period"])
        if bins == 0:
            print(f"cable snapshot {i}: an empty timeline")
            failures += 1
        failures += not report_draws(binary, text, "cable", f"cable snapshot {i}")
        print(f"cable snapshot {i}: {'ok' if not errors and bins else 'INVALID'} ({bins} timeline bins)")
    return failures


if __name__ == "__main__":
    sys.exit(main())
