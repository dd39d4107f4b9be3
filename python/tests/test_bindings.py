"""The Python module against the command line: for the same design and seed every bound result
must equal the CLI's --json report, field for field; bad keys and values raise ValueError naming
the key. Needs the built module on PYTHONPATH and the CLI in MOSAIC_CLI (ctest sets both)."""

import json
import os
import pathlib
import subprocess
import types

import numpy as np

import pytest

import mosaic

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("MOSAIC_CLI", str(ROOT / "build" / "apps" / "mosaic" / "mosaic"))
# Wall-clock figures and the command line are the only fields allowed to differ between runs.
VOLATILE = {"timing", "command", "wall_s", "link_lifetimes_per_s"}


def cli(*args):
    out = subprocess.run([CLI, *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def assert_same(bound, expected, path="report"):
    """Compares a bound value (Section, numpy array, list, scalar) with the CLI's JSON value."""
    if isinstance(expected, dict):
        keys = bound.keys() if hasattr(bound, "keys") else None
        assert keys is not None, f"{path}: expected an object"
        assert set(keys) - VOLATILE == set(expected) - VOLATILE, f"{path}: fields differ"
        for k in expected:
            if k in VOLATILE:
                continue
            value = bound[k] if isinstance(bound, dict) else getattr(bound, k)
            assert_same(value, expected[k], f"{path}.{k}")
    elif isinstance(bound, np.ndarray):
        assert bound.tolist() == expected, f"{path}: arrays differ"
    elif isinstance(expected, list):
        assert len(bound) == len(expected), f"{path}: lengths differ"
        for i, (b, e) in enumerate(zip(bound, expected)):
            assert_same(b, e, f"{path}[{i}]")
    else:
        assert bound == expected and type(bound) is type(expected), f"{path}: {bound!r} != {expected!r}"


def assert_simulate_same(r, expected):
    assert set(r.json) - VOLATILE == set(expected) - VOLATILE
    for k in ("schema_version", "mosaic_version", "seed", "spec", "assumptions"):
        assert_same(getattr(r, k), expected[k], k)
    for k in ("link", "power", "reliability"):
        assert_same(getattr(r, k), expected[k], k)
    for k in ("monte_carlo", "degradation", "stat_eye"):
        if k in expected:
            assert_same(getattr(r, k), expected[k], k)
        else:
            assert getattr(r, k) is None
    # Per channel: one numpy array per field, one entry per pixel.
    rows = expected["channels"]
    assert len(r.channels) == len(rows)
    fields = {k for row in rows for k in row}
    assert set(r.channels.fields()) == fields
    for f in fields:
        array = getattr(r.channels, f)
        assert isinstance(array, np.ndarray), f
        assert array.shape == (len(rows),), f
        # Fields some channels lack (Monte Carlo on live channels only) are NaN there.
        expected_values = [row.get(f, "absent") for row in rows]
        for i, (got, want) in enumerate(zip(array.tolist(), expected_values)):
            if want == "absent":
                assert got != got, f"channels.{f}[{i}] should be NaN"
            else:
                assert got == want, f"channels.{f}[{i}]: {got!r} != {want!r}"


def test_simulate_800g_matches_cli():
    expected = cli("simulate", "--preset", "800g", "--set", "fiber.length_m=30",
                   "--set", "environment.case_temperature_c=85", "--seed", "7", "--threads", "2")
    r = mosaic.simulate(preset="800g", overrides={"fiber.length_m": 30,
                                                  "environment.case_temperature_c": 85.0},
                        seed=7, threads=2)
    assert_simulate_same(r, expected)
    # The headline figures carry their calibration ranges, the nominal value inside.
    lo, hi = r.link.optical_margin_db_range
    assert lo <= r.link.optical_margin_db <= hi
    assert r.calibration is not None and r.calibration.members >= 1
    lo, hi = r.reliability.link_fit_range
    assert lo <= r.reliability.link_fit <= hi
    off = mosaic.simulate(preset="800g", overrides={"fiber.length_m": 30,
                                                    "environment.case_temperature_c": 85.0},
                          seed=7, threads=2, calibration_ranges=False)
    assert off.calibration is None and "optical_margin_db_range" not in off.json["link"]
    assert r.channels.log10_ber.dtype == np.float64
    assert r.channels.index.dtype == np.int64
    assert r.channels.role.dtype.kind == "U"


def test_simulate_monte_carlo_eyes_and_degradation_match_cli():
    expected = cli("simulate", "--preset", "prototype", "--set", "fiber.length_m=20",
                   "--set", "mc.max_bits=20000", "--method", "mc", "--eye-channels", "12",
                   "--eye-stat", "5", "--degradation", "--all-bathtubs", "--seed", "3",
                   "--threads", "2")
    r = mosaic.simulate(preset="prototype", overrides={"fiber.length_m": 20, "mc.max_bits": 20000},
                        method="mc", eye_channels=[12], eye_stat=5, degradation=True, all_bathtubs=True,
                        seed=3, threads=2)
    assert r.monte_carlo is not None and r.stat_eye is not None and r.degradation is not None
    assert_simulate_same(r, expected)


def test_simulate_from_toml_design_matches_cli():
    design = ROOT / "examples" / "800g_30m_85c.toml"
    if not design.exists():
        pytest.skip("example design not shipped")
    expected = cli("simulate", str(design), "--no-margin", "--threads", "2")
    r = mosaic.simulate(design, margin=False, threads=2)
    assert_simulate_same(r, expected)


def test_relay_matches_cli():
    expected = cli("relay", "--preset", "800g", "--gbits", "0.05", "--ber", "1e-6",
                   "--failures", "3@1e-05", "--seed", "11")
    r = mosaic.relay(preset="800g", gbits=0.05, ber=1e-6, failures=[(3, 1e-5)], seed=11)
    assert_same(r, expected, "relay")
    assert r.bit_exact is True


def test_relay_with_phy_report_matches_cli(tmp_path):
    sim = mosaic.simulate(preset="prototype", overrides={"fiber.length_m": 30}, seed=2,
                          margin=False, threads=2)
    path = tmp_path / "phy.json"
    path.write_text(json.dumps(sim.json))
    expected = cli("relay", "--preset", "prototype", "--set", "fiber.length_m=30", "--seed", "2",
                   "--gbits", "0.02", "--phy", str(path))
    r = mosaic.relay(preset="prototype", overrides={"fiber.length_m": 30}, seed=2, gbits=0.02,
                     phy=sim)
    assert_same(r, expected, "relay")


def test_compare_matches_cli():
    expected = cli("compare", "--preset", "1.6t", "--reach-m", "10")
    r = mosaic.compare(preset="1.6t", reach_m=10)
    assert_same(r, expected, "compare")
    assert isinstance(r.rows[0], mosaic.Section)


def test_fleet_matches_cli():
    expected = cli("fleet", "--links", "5000", "--years", "3", "--seed", "5", "--threads", "2")
    r = mosaic.fleet(links=5000, years=3, seed=5, threads=2)
    assert_same(r, expected, "fleet")


def test_keys_match_cli_listing():
    keys = mosaic.keys()
    listing = subprocess.run([CLI, "keys"], check=True, capture_output=True, text=True).stdout
    listed = [line.split()[0] for line in listing.splitlines() if line and not line.startswith(" ")]
    assert list(keys) == listed
    assert keys["fiber.length_m"]["unit"] == "m"
    assert keys["fiber.length_m"]["min"] == 0.0 and keys["fiber.length_m"]["max"] > 0.0
    assert all("allowed" in k and "default" in k and "doc" in k for k in keys.values())


def test_section_docstrings_carry_units():
    r = mosaic.simulate(preset="prototype", seed=1, margin=False, threads=2)
    for section in (r.link, r.power, r.reliability):
        for k in section.keys():
            doc = getattr(type(section), k).__doc__
            assert doc and "unit:" in doc, k
    assert "W" in type(r.power).per_end_w.__doc__
    assert "FIT" in type(r.reliability).link_fit.__doc__


@pytest.mark.parametrize(
    "call, key",
    [
        (lambda: mosaic.simulate(overrides={"fiber.lenght_m": 3}), "fiber.lenght_m"),
        (lambda: mosaic.simulate(overrides={"fiber.length_m": -1}), "fiber.length_m"),
        (lambda: mosaic.simulate(overrides={"rx.threshold": "sideways"}), "rx.threshold"),
        (lambda: mosaic.simulate(overrides={"fiber.length_m": float("nan")}), "fiber.length_m"),
        (lambda: mosaic.simulate(preset="9t"), "preset"),
        (lambda: mosaic.simulate(seed=-1), "seed"),
        (lambda: mosaic.simulate(method="exact"), "method"),
        (lambda: mosaic.simulate(preset="prototype", eye_stat=10**6, margin=False), "eye_stat"),
        (lambda: mosaic.relay(gbits=0), "gbits"),
        (lambda: mosaic.relay(ber=0.7), "ber"),
        (lambda: mosaic.relay(gbits=0.01, failures=[(10**6, 0.0)]), "failures"),
        (lambda: mosaic.relay(gbits=0.01, failures=[(-1, 0.0)]), "failures"),
        (lambda: mosaic.relay(gbits=0.01, failures=[(3, 10.0)]), "failures"),
        (lambda: mosaic.relay(gbits=0.01, failures=[(3, float("nan"))]), "failures"),
        (lambda: mosaic.relay(gbits=0.01, phy=types.SimpleNamespace(
            json={"channels": [{"index": 0, "ber": 0.9}]})), r"phy channels\[0\]\.ber"),
        (lambda: mosaic.compare(reach_m=-5), "reach_m"),
        (lambda: mosaic.fleet(links=0), "links"),
        (lambda: mosaic.fleet(confidence=0.2), "confidence"),
    ],
)
def test_bad_input_raises_value_error_naming_the_key(call, key):
    with pytest.raises(ValueError, match=key if "\\" in key else key.replace(".", r"\.")):
        call()


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: mosaic.simulate(overrides={"array.rows": [1, 2]}), "array.rows"),
        (lambda: mosaic.simulate(overrides=["fiber.length_m=3"]), "overrides"),
        (lambda: mosaic.simulate(preset=5), "preset"),
        (lambda: mosaic.simulate(7), "design"),
        (lambda: mosaic.simulate(seed=1.5), "seed"),
        (lambda: mosaic.simulate(seed=True), "seed"),
        (lambda: mosaic.cluster(preset=3), "preset"),
    ],
)
def test_bad_types_raise_one_line_type_errors(call, name):
    # One line naming the argument, not pybind11's list of the overloads it could not match.
    with pytest.raises(TypeError, match=name) as e:
        call()
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("seed", [-1, 2**53, 2**64, 2**200])
def test_seeds_beyond_the_seed_keys_range_are_value_errors(seed):
    with pytest.raises(ValueError, match="'seed'") as e:
        mosaic.simulate(preset="prototype", seed=seed, margin=False)
    assert "\n" not in str(e.value)


def test_to_html_writes_a_self_contained_page(tmp_path):
    r = mosaic.simulate(preset="prototype", seed=1, margin=False, threads=2)
    out = tmp_path / "r.html"
    r.to_html(out)
    text = out.read_text()
    assert text.startswith("<!DOCTYPE html>") and 'id="mosaic-data"' in text
    assert "<script src" not in text and "<link " not in text
