"""mosaic.sweep, open_store and pareto against `mosaic sweep` and `mosaic pareto` on the same
sweep: the same rows (the timing column eval_s aside), the same reports, the same front; Ctrl-C
leaves a store that resumes to the same rows; bad input raises ValueError naming the argument or
key. Needs the built module on PYTHONPATH and the CLI in MOSAIC_CLI (ctest sets both)."""

import json
import math
import os
import pathlib
import shutil
import signal
import sqlite3
import subprocess
import threading

import numpy as np
import pytest

import mosaic

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("MOSAIC_CLI", str(ROOT / "build" / "apps" / "mosaic" / "mosaic"))

# 4 x 2 points of the prototype (about 0.1 s each), with the margin so that a NULL-able column
# is set.
SWEEP = {
    "base": {"preset": "prototype", "set": {"rx.threshold": "optimal"}, "seed": 3},
    "evaluate": {"margin": True},
    "axis": [
        {"key": "fiber.length_m", "values": [5, 20, 40, 60]},
        {"key": "environment.case_temperature_c", "values": [25.0, 85.0]},
    ],
}
SWEEP_TEXT = """[base]
preset = "prototype"
set = ["rx.threshold=optimal"]
seed = 3

[evaluate]
margin = true

[[axis]]
key = "fiber.length_m"
values = [5, 20, 40, 60]

[[axis]]
key = "environment.case_temperature_c"
values = [25.0, 85.0]
"""


def run_cli(*args):
    return subprocess.run([CLI, *args], check=True, capture_output=True, text=True).stdout


def table(path):
    """Every row of a store's points table (eval_s left out) and its meta table."""
    with sqlite3.connect(path) as db:
        cur = db.execute("SELECT * FROM points ORDER BY point")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r)) for r in cur.fetchall()]
        meta = dict(db.execute("SELECT key, value FROM meta"))
    for r in rows:
        del r["eval_s"]
    return rows, meta


@pytest.fixture(scope="module")
def cli_store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    (folder / "sweep.toml").write_text(SWEEP_TEXT)
    run_cli("sweep", str(folder / "sweep.toml"), "--store", str(folder / "cli.db"), "--threads", "2")
    return folder / "cli.db"


def assert_rows_equal_store(store, expected_rows):
    """A SweepStore's rows (numpy arrays, lists for text) against the CLI store's columns."""
    rows = store.rows
    assert set(rows) == set(expected_rows[0]) - {"report_json"} | {"eval_s"}
    for column, values in rows.items():
        if column == "eval_s":
            assert np.all(values >= 0.0)
            continue
        want = [r[column] for r in expected_rows]
        if isinstance(values, list):
            assert values == want, column
            continue
        assert isinstance(values, np.ndarray) and values.shape == (len(want),), column
        for got, w in zip(values.tolist(), want):
            if w is None:
                assert math.isnan(got), column
            else:
                assert got == w and (values.dtype != np.int64 or isinstance(w, int)), column


def test_sweep_rows_and_reports_match_cli_store(cli_store, tmp_path):
    # The dict form, built into the TOML text the C++ parser reads, and another thread count.
    s = mosaic.sweep(SWEEP, store=tmp_path / "py.db", threads=1)
    assert (s.total, s.evaluated, s.already) == (8, 8, 0)
    expected, cli_meta = table(cli_store)
    got, meta = table(s.path)
    assert got == expected  # every design key, output and report, bit for bit
    assert {k: v for k, v in meta.items() if k != "sweep_file"} == \
        {k: v for k, v in cli_meta.items() if k != "sweep_file"}  # the same fingerprint
    assert_rows_equal_store(s, expected)
    assert s.axes == ["fiber.length_m", "environment.case_temperature_c"]
    assert s.rows["channel.pattern"][0] == "random" and s.rows["link.meets_kp4"].dtype == np.int64
    for point in (0, 7):
        r = s.report(point)
        assert isinstance(r, mosaic.SimulateResult)
        assert r.json == json.loads(expected[point]["report_json"])
        assert r.power.per_end_w == expected[point]["power.per_end_w"]
        assert r.channels.log10_ber.tolist() == [c["log10_ber"] for c in r.json["channels"]]


def test_sweep_from_text_resumes_the_cli_store(cli_store, tmp_path):
    copy = tmp_path / "resumed.db"
    shutil.copy(cli_store, copy)
    with sqlite3.connect(copy) as db:
        db.execute("DELETE FROM points WHERE point IN (2, 5)")
    s = mosaic.sweep(toml=SWEEP_TEXT, store=copy, resume=True, threads=2)
    assert (s.total, s.already, s.evaluated) == (8, 6, 2)
    assert table(copy)[0] == table(cli_store)[0]


WHERE = "fiber.length_m >= 20 AND environment.case_temperature_c > 30"


@pytest.mark.parametrize(
    "cli_args, kwargs",
    [
        (["--minimize", "power.per_end_w", "--maximize", "link.optical_margin_db"],
         dict(minimize="power.per_end_w", maximize="link.optical_margin_db")),
        # Objectives go minimize first, then maximize: the CLI gets them in that order.
        (["--minimize", "link.log10_worst_ber", "--maximize", "link.optical_margin_db", "--maximize",
          "fiber.length_m", "--where", WHERE],
         dict(minimize=["link.log10_worst_ber"],
              maximize=["link.optical_margin_db", "fiber.length_m"], where=WHERE)),
    ],
)
def test_open_store_and_pareto_match_cli_csv(cli_store, cli_args, kwargs):
    s = mosaic.open_store(cli_store)
    assert s.total is None and len(s) == 8
    front = s.pareto(**kwargs)
    csv = run_cli("pareto", str(cli_store), *cli_args, "--csv")
    assert front.to_csv() == csv
    assert front.columns == csv.splitlines()[0].split(",")
    assert len(front) == len(csv.splitlines()) - 1 >= 1
    # The numbers are the store's, unrounded.
    points = front.rows["point"]
    assert points.dtype == np.int64
    for column in front.columns:
        assert np.array_equal(front.rows[column], s.rows[column][points]), column


def test_ctrl_c_leaves_a_store_that_resumes_to_the_same_rows(cli_store, tmp_path):
    store = tmp_path / "interrupted.db"
    done = threading.Event()
    timer = threading.Timer(0.15, lambda: os.kill(os.getpid(), signal.SIGINT))
    with pytest.raises(KeyboardInterrupt):
        timer.start()
        try:
            mosaic.sweep(SWEEP, store=store, threads=1)
            done.wait(10)  # finished first (a fast machine): the signal lands here instead
        finally:
            timer.join()
    rows, _ = table(store)
    assert len(rows) <= 8
    s = mosaic.sweep(SWEEP, store=store, resume=True, threads=2)
    assert s.already == len(rows) and s.evaluated == 8 - len(rows)
    assert table(store)[0] == table(cli_store)[0]


def test_relay_fail_random_matches_cli():
    expected = json.loads(run_cli("relay", "--preset", "800g", "--gbits", "0.05", "--fail-random",
                                  "3", "--seed", "4", "--json"))
    r = mosaic.relay(preset="800g", gbits=0.05, fail_random=3, seed=4)
    volatile = {"command", "wall_s"}
    assert {k: v for k, v in r.json.items() if k not in volatile} == \
        {k: v for k, v in expected.items() if k not in volatile}
    assert [d.channel for d in r.random_deaths] == [d["channel"] for d in expected["random_deaths"]]
    assert len(r.random_deaths) == 3 and r.swap_count == 3 and r.bit_exact is True


def test_sweep_toml_of_a_dict_is_the_file_text():
    text = mosaic.sweep_toml(SWEEP)
    assert text.splitlines()[:3] == ["[base]", 'preset = "prototype"', 'set = ["rx.threshold=optimal"]']
    assert "[[axis]]" in text and 'key = "fiber.length_m"' in text


@pytest.mark.parametrize(
    "call, key",
    [
        (lambda p: mosaic.sweep({"axis": [{"key": "fiber.lenght_m", "values": [1]}]}, store=p),
         "fiber.lenght_m"),
        (lambda p: mosaic.sweep({"axis": [{"key": "fiber.length_m", "values": [-1]}]}, store=p),
         "fiber.length_m"),
        (lambda p: mosaic.sweep({"axis": [{"key": "fiber.length_m", "values": [float("inf")]}]},
                                store=p), "axis.values"),
        (lambda p: mosaic.sweep(toml="[evaluate]\nmargin = 3\n", store=p), "evaluate.margin"),
        (lambda p: mosaic.sweep(str(p) + ".missing.toml", store=p), "sweep"),
        (lambda p: mosaic.sweep(SWEEP, store=p, threads=-1), "threads"),
        (lambda p: mosaic.sweep(store=p), "sweep"),
        (lambda p: (p.write_text("not a store"), mosaic.sweep(SWEEP, store=p)), "store"),
        (lambda p: mosaic.open_store(p), "store"),
        (lambda p: mosaic.design(payload_gbps=900), "payload_gbps"),
        (lambda p: mosaic.design(reach_m=-3), "reach_m"),
        (lambda p: mosaic.design(temp_c=500), "temp_c"),
        (lambda p: mosaic.design(max_fit=0), "max_fit"),
        (lambda p: mosaic.design(max_fit=float("inf")), "max_fit"),
        (lambda p: mosaic.design(min_margin_db=float("nan")), "min_margin_db"),
        (lambda p: mosaic.design(store=p / "no" / "such" / "dir.db"), "store"),
        (lambda p: mosaic.relay(preset="prototype", fail_random=101), "fail_random"),
        (lambda p: mosaic.relay(preset="prototype", fail_random=-1), "fail_random"),
    ],
)
def test_bad_input_raises_value_error_naming_the_key(call, key, tmp_path):
    with pytest.raises(ValueError, match=key.replace(".", r"\.")):
        call(tmp_path / "s.db")


def test_bad_store_queries_raise_value_error_naming_the_argument(cli_store, tmp_path):
    s = mosaic.open_store(cli_store)
    with pytest.raises(ValueError, match="minimize"):
        s.pareto(minimize="power.per_end_watts")
    with pytest.raises(ValueError, match="maximize"):
        s.pareto(maximize="nothing")
    with pytest.raises(ValueError, match="minimize"):
        s.pareto()
    with pytest.raises(ValueError, match="where"):
        s.pareto(minimize="power.per_end_w", where="fiber.length_m >>> 3")
    with pytest.raises(ValueError, match="point"):
        s.report(99)
    # A store of this sweep that already holds points, without resume.
    with pytest.raises(ValueError, match="store"):
        mosaic.sweep(SWEEP, store=shutil.copy(cli_store, tmp_path / "full.db"))


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: mosaic.design(reach_m="far"), "reach_m must be a number, not str"),
        (lambda: mosaic.design(threads=2.5), "threads must be an integer, not float"),
        (lambda: mosaic.relay(physics=1), "physics must be a bool, not int"),
        (lambda: mosaic.relay(fail_random=True), "fail_random must be an integer, not bool"),
        (lambda: mosaic.simulate(method=3), "method must be a string, not int"),
        (lambda: mosaic.simulate(mc_channels=[1.5j]), "mc_channels must be a list of"),
    ],
)
def test_bad_types_raise_type_error_naming_the_option(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_store_units_come_from_the_store_column_table(cli_store):
    s = mosaic.open_store(cli_store)
    units = s.units
    assert list(units) == s.columns  # one entry per column of rows, in order
    keys = mosaic.keys()
    outputs = mosaic.point_columns()
    for column, unit in units.items():
        if column in keys:
            assert unit == keys[column]["unit"], column
        elif column in outputs:
            assert unit == outputs[column]["unit"], column
    assert units["fiber.length_m"] == "m" and units["environment.case_temperature_c"] == "degC"
    assert units["power.per_end_w"] == "W" and units["eval_s"] == "s" and units["point"] == ""
    # The sweep page labels its axes with the same table (what `mosaic report` embeds).
    page = pathlib.Path(cli_store).with_suffix(".html")
    run_cli("report", str(cli_store), "-o", str(page), "--point-pages", "none")
    html = page.read_text()
    data = json.loads(html.split('<script id="mosaic-data" type="application/json">', 1)[1]
                      .split("</script>", 1)[0])
    assert {c["name"]: c["unit"] for c in data["columns"]} == \
        {k: v for k, v in units.items() if k not in ("point", "eval_s")}
    units["fiber.length_m"] = "km"  # a copy: the store's own map is not changed
    assert s.units["fiber.length_m"] == "m"
