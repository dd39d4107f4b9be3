"""mosaic.design against `mosaic design` for the same goal: the same design file (the line naming
the invocation aside), the same designs tried with the same figures, the same store. The 800G
search evaluates about 50 designs (about 6 s on two free cores per run, twice), so ctest runs it
apart from the other Python tests (test `python_design`, label `slow`)."""

import json
import os
import pathlib
import sqlite3
import subprocess

import mosaic

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("MOSAIC_CLI", str(ROOT / "build" / "apps" / "mosaic" / "mosaic"))
KEYS = {"data_channels": "array.data_channels", "ecc_channels": "array.ecc_channels",
        "spare_channels": "array.spare_channels", "rows": "array.rows", "cols": "array.cols",
        "rate_gbps": "channel.rate_gbps"}


def points(path):
    with sqlite3.connect(path) as db:
        cur = db.execute("SELECT * FROM points ORDER BY point")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r)) for r in cur.fetchall()]
    for r in rows:
        del r["eval_s"]
    return rows


def test_design_matches_cli(tmp_path):
    cli_text = subprocess.run(
        [CLI, "design", "--payload-gbps", "800", "--reach-m", "30", "--temp-c", "45",
         "--store", str(tmp_path / "cli.db")],
        check=True, capture_output=True, text=True).stdout
    calls = []
    r = mosaic.design(payload_gbps=800, reach_m=30, temp_c=45, store=tmp_path / "py.db",
                      progress=lambda fraction, message: calls.append((fraction, message)))
    # Told how far the search is, never backwards, done once at the end; nothing else changes.
    fractions = [f for f, _ in calls]
    assert len(calls) >= 2 and fractions == sorted(fractions) and 0.0 <= fractions[0]
    assert fractions[-1] == 1.0 and fractions.count(1.0) == 1

    # The printed design file, line for line; the second line names the invocation.
    got, want = r.text.splitlines(), cli_text.splitlines()
    assert got[1] == "# python: mosaic.design(payload_gbps=800, reach_m=30, temp_c=45)"
    assert got[:1] + got[2:] == want[:1] + want[2:]
    assert f"# binding    {r.binding}" in want
    assert r.winner.toml == cli_text.split("THIS_FILE.toml\n\n", 1)[1]

    # Every design tried, with its figures, as the CLI stored it.
    rows = points(tmp_path / "cli.db")
    assert points(tmp_path / "py.db") == rows
    assert r.store is not None and len(r.store) == len(rows) == len(r.evaluated)
    for c, row in zip(r.evaluated, rows):
        assert c.outputs == {k: row[k] for k in c.outputs}
        assert {k: getattr(c, k) for k in KEYS} == {k: row[v] for k, v in KEYS.items()}
        assert c.per_end_w == row["power.per_end_w"] and c.report is None
    assert r.reference.stage == "reference" and r.reference.json["report"] is not None
    winner = next(row for row in rows
                  if all(row[v] == getattr(r.winner, k) for k, v in KEYS.items()))
    assert r.winner.report.json == json.loads(winner["report_json"])
    assert r.winner.feasible and all(c.feasible for c in r.runners_up)
    assert [c.per_end_w for c in r.runners_up] == sorted(c.per_end_w for c in r.runners_up)

    # The file loads unchanged and gives the winner's figures.
    path = r.save(tmp_path / "winner.toml")
    sim = mosaic.simulate(path, margin=False, threads=2)
    assert sim.power.per_end_w == r.winner.per_end_w
    assert sim.link.over_threshold == 0
