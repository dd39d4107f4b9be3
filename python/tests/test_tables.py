"""Tables and representations of the results: to_pandas() of every tabular result (a pandas
DataFrame, or a dict of numpy arrays without pandas), the channels table against the
channels.csv that `mosaic simulate --out` writes for the same design and seed, the relay's
per-channel counters, timeline and host FEC histogram, and a repr for every result type naming
it with a headline figure. Needs the built module on PYTHONPATH and the CLI in MOSAIC_CLI."""

import math
import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

import mosaic

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("MOSAIC_CLI", str(ROOT / "build" / "apps" / "mosaic" / "mosaic"))
pd = pytest.importorskip("pandas")


@pytest.fixture(scope="module")
def simulated():
    return mosaic.simulate(preset="prototype", seed=5)


@pytest.fixture(scope="module")
def relayed():
    return mosaic.relay(gbits=0.2, ber=1e-4, fail_random=1, seed=2)


def test_channels_to_pandas_equals_the_cli_channels_csv(simulated, tmp_path):
    subprocess.run([CLI, "simulate", "--preset", "prototype", "--seed", "5", "--out",
                    str(tmp_path)], check=True, capture_output=True, text=True)
    csv = pd.read_csv(tmp_path / "channels.csv", keep_default_na=False)
    frame = pd.DataFrame(simulated.channels.to_pandas())
    assert list(frame.columns) == list(csv.columns)
    assert len(frame) == len(csv) == len(simulated.channels) > 0
    for name in csv.columns:
        got, want = frame[name].to_numpy(), csv[name].to_numpy()
        if got.dtype.kind == "f":
            # The CSV holds 6 significant digits ({:.6g}): equal to within half a unit of the 6th.
            np.testing.assert_allclose(got, want.astype(float), rtol=5e-6, atol=0, err_msg=name)
        elif got.dtype.kind == "b":
            assert [("true" if v else "false") for v in got] == [str(v).lower() for v in want], name
        else:
            assert [str(v) for v in got] == [str(v) for v in want], name
    # The result's own to_pandas is the channels table.
    assert simulated.to_pandas().equals(frame)


def test_to_pandas_without_pandas_is_a_dict_of_columns(simulated, relayed, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` now raises ImportError
    columns = simulated.channels.to_pandas()
    assert isinstance(columns, dict)
    assert list(columns) == simulated.channels.fields()
    assert all(isinstance(v, np.ndarray) and len(v) == len(simulated.channels)
               for v in columns.values())
    counters = relayed.to_pandas()
    assert isinstance(counters, dict) and "bits_carried" in counters


def test_relay_counters_timeline_and_histogram(relayed):
    j = relayed.json
    frame = relayed.to_pandas()
    assert len(frame) == len(j["channel_counters"]["channel"]) > 100
    assert frame["channel"].tolist() == list(range(len(frame)))
    assert frame["bits_carried"].dtype == np.int64
    assert int(frame["ecc_corrected_bits"].sum()) == j["ecc_corrected_bits"]
    assert (frame["role"] == "lane").sum() == j["data_lanes"] + j["ecc_lanes"]
    assert int(frame["swapped_out"].sum()) == int(frame["swapped_in"].sum()) == j["swap_count"] == 1
    # At BER 1e-4 on every channel the model flipped about 1e-4 of the bits it carried.
    assert frame["bit_errors_injected"].sum() > 1e-4 * frame["bits_carried"].sum() * 0.9

    timeline = relayed.timeline_table
    assert timeline.meta["periods_per_bin"] >= 1
    assert len(timeline) <= timeline.meta["max_bins"]
    t = relayed.to_pandas("timeline")
    assert t.equals(timeline.to_pandas())
    assert int(t["periods"].sum()) == j["periods"]
    assert int(t["ecc_corrected_bits"].sum()) == j["ecc_corrected_bits"]
    assert set(t["worst_link_state"]) <= {"up", "degraded", "down"}
    assert t["start_s"].iloc[0] == pytest.approx(j["link_up_s"])

    h = relayed.to_pandas("fec_histogram")
    assert len(h) == j["host_fec_t"] + 2 == 17
    assert int(h["codewords"].sum()) == j["fec_codewords"] > 0
    assert int(h[h["beyond_t"]]["codewords"].sum()) == (j["fec_codewords_uncorrectable"]
                                                         + j["fec_codewords_miscorrected"])
    swaps = relayed.to_pandas("swaps")
    assert len(swaps) == 1 and swaps["reason"].iloc[0] in ("markers_lost", "no_lock", "ber")
    with pytest.raises(ValueError, match="'name'.*swaps"):
        relayed.to_pandas("no_such_table")


def test_study_tables_to_pandas():
    c = mosaic.compare(preset="prototype")
    rows = c.to_pandas()
    assert len(rows) == len(c.json["rows"]) > 1
    assert rows["pj_per_bit"].tolist() == [r["pj_per_bit"] for r in c.json["rows"]]
    f = mosaic.fleet(preset="prototype", links=500, years=2, seed=1)
    years = f.to_pandas()
    assert years["year"].tolist() == [r["year"] for r in f.json["per_year"]]


def test_sweep_store_and_front_to_pandas(tmp_path):
    sweep = {"base": {"preset": "prototype", "seed": 3},
             "axis": [{"key": "fiber.length_m", "values": [5, 20, 40]}]}
    store = mosaic.sweep(sweep, store=tmp_path / "s.db", threads=1)
    frame = store.to_pandas()
    assert list(frame.columns) == store.columns
    assert frame["fiber.length_m"].tolist() == [5.0, 20.0, 40.0]
    np.testing.assert_array_equal(frame["point"].to_numpy(), store.rows["point"])
    front = store.pareto(minimize=["fiber.length_m"])
    f = front.to_pandas()
    assert list(f.columns) == front.columns and len(f) == len(front) >= 1


def _has_figure(text, value, digits=3):
    """Whether `text` shows `value` (an int as is, a float to `digits` significant digits)."""
    if isinstance(value, int):
        return re.search(rf"(?<![\d.]){value}(?![\d])", text) is not None
    shown = f"{value:.{digits}g}"
    return shown in text


def test_every_result_repr_names_its_type_and_a_headline_figure(simulated, relayed, tmp_path):
    s = simulated
    assert repr(s).startswith("SimulateResult(")
    assert _has_figure(repr(s), s.link.worst_ber) and "W per end" in repr(s)
    assert repr(s.channels).startswith("Channels(")
    assert _has_figure(repr(s.channels), len(s.channels))
    assert repr(s.link).startswith("LinkSection(")

    r = repr(relayed)
    assert r.startswith("RelayResult(") and "bits" in r
    assert _has_figure(r, relayed.json["bits_out"]) and _has_figure(r, relayed.json["swap_count"])
    assert repr(relayed.channels).startswith("Table(channels:")
    assert _has_figure(repr(relayed.channels), len(relayed.channels))

    c = mosaic.compare(preset="prototype")
    design = next(x for x in c.json["rows"] if x["is_design"])
    assert repr(c).startswith("CompareResult(") and _has_figure(repr(c), design["pj_per_bit"])
    f = mosaic.fleet(preset="prototype", links=500, years=2, seed=1)
    assert repr(f).startswith("FleetResult(") and _has_figure(repr(f), f.json["links"])
    cl = mosaic.cluster(preset="nvl72-copper")
    assert repr(cl).startswith("ClusterResult(") and _has_figure(repr(cl), cl.json["counts"]["gpus"])

    store = mosaic.sweep({"base": {"preset": "prototype", "seed": 3},
                          "axis": [{"key": "fiber.length_m", "values": [5, 20]}]},
                         store=tmp_path / "r.db", threads=1)
    assert repr(store).startswith("SweepStore(") and "2 points" in repr(store)
    front = store.pareto(minimize=["fiber.length_m"])
    assert repr(front).startswith("ParetoFront(") and _has_figure(repr(front), len(front))

    # A design search takes seconds (test_design_search runs one); its result types are built
    # from a record of the same shape, which is all their repr reads.
    cand = {"stage": "coarse", "feasible": True, "violation": "", "per_end_w": 1.234,
            "data_channels": 400, "ecc_channels": 10, "spare_channels": 8, "rows": 21,
            "cols": 21, "rate_gbps": 2.0, "outputs": {}, "design_toml": ""}
    d = mosaic.DesignResult({"text": "", "binding": "power", "method": "grid", "winner": cand,
                             "reference": cand, "runners_up": [], "evaluated": [cand, cand]},
                            None)
    assert repr(d).startswith("DesignResult(") and "1.234 W/end" in repr(d)
    assert "2 designs evaluated" in repr(d)
    assert len(d.to_pandas()) == 2
    assert repr(d.winner).startswith("DesignCandidate(") and "400 data" in repr(d.winner)


def test_repr_figures_are_finite(relayed):
    # No NaN where a headline should be: the relay's simulated time is a positive number.
    ms = float(re.search(r"([\d.e+-]+) ms simulated", repr(relayed)).group(1))
    assert math.isfinite(ms) and ms > 0
