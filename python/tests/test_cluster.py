"""mosaic.cluster against `mosaic cluster --json`: the same record for the same cluster, bad keys
and values raising ValueError naming the key."""

import inspect
import subprocess

import pytest

import mosaic
from test_bindings import CLI, assert_same, cli


def test_cluster_matches_cli():
    expected = cli("cluster", "--preset", "nvl576-mosaic", "--set", "floor.rack_pitch_m=2",
                   "--set", "links.technologies=dac,mosaic,smf-dsp", "--compare")
    r = mosaic.cluster(preset="nvl576-mosaic", compare=True,
                       overrides={"floor.rack_pitch_m": 2,
                                  "links.technologies": ["dac", "mosaic", "smf-dsp"]})
    assert_same(r, expected, "cluster")
    assert r.kind == "cluster"
    assert len(r.choices) == 1 + len(expected["cluster"]["links"]["compare"])


def test_cluster_from_a_file_matches_cli(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('preset = "nvl72-optical"\n[rack]\npower_limit_kw = 150\n')
    expected = cli("cluster", str(path))
    r = mosaic.cluster(path)
    assert_same(r, expected, "cluster")
    assert r.specified.power.modules == 1296
    assert r.specified.power.racks_over_limit == 0


def test_cluster_keyword_arguments_are_the_options_table():
    names = [o["name"] for o in mosaic.options("cluster")["options"]]
    params = inspect.signature(mosaic.cluster).parameters
    assert set(names) <= set(params)


def test_cluster_keys_match_cli_listing():
    keys = mosaic.cluster_keys()
    listing = subprocess.run([CLI, "keys", "--cluster"], check=True, capture_output=True,
                             text=True).stdout
    listed = [line.split()[0] for line in listing.splitlines() if line and not line.startswith(" ")]
    assert list(keys) == listed
    assert keys["floor.rack_pitch_m"]["unit"] == "m"


@pytest.mark.parametrize(
    "call, key",
    [
        (lambda: mosaic.cluster(overrides={"floor.rack_pich_m": 1}), "floor.rack_pich_m"),
        (lambda: mosaic.cluster(overrides={"cluster.gpus": 0}), "cluster.gpus"),
        (lambda: mosaic.cluster(preset="nvl576-mosaic", overrides={"links.technologies": ["dac"]}),
         "links.technologies"),
        (lambda: mosaic.cluster(preset="nvl1"), "preset"),
        (lambda: mosaic.cluster(histogram_bin_m=0), "histogram_bin_m"),
    ],
)
def test_bad_cluster_input_raises_value_error_naming_the_key(call, key):
    with pytest.raises(ValueError, match=key.replace(".", r"\.")):
        call()


def test_cluster_to_html(tmp_path):
    r = mosaic.cluster(preset="nvl72-copper")
    out = tmp_path / "c.html"
    r.to_html(out)
    assert '"kind":"cluster"' in out.read_text()
