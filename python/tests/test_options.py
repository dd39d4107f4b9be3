"""One options table per study: the command line's flags, Python's keyword arguments and the table
agree on every option's name, range and default. The table is the library's (mosaic.options(),
the same as `mosaic keys --options --json`); the CLI is read from its --help and its errors; Python
from each function's signature and its errors."""

import inspect
import json
import math
import os
import pathlib
import re
import subprocess

import pytest

import mosaic

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("MOSAIC_CLI", str(ROOT / "build" / "apps" / "mosaic" / "mosaic"))
TABLES = mosaic.options()

# The Python function of each study that has one; the CLI-only studies (validate runs the
# published points, calibrate writes the calibration ensemble, cable is a daemon of TAP devices,
# report writes pages) have none.
PYTHON = {
    "simulate": mosaic.simulate,
    "relay": mosaic.relay,
    "compare": mosaic.compare,
    "fleet": mosaic.fleet,
    "design": mosaic.design,
    "sweep": mosaic.sweep,
    "pareto": mosaic.SweepStore.pareto,
    "cluster": mosaic.cluster,
}
# Arguments a Python function takes beside its study's options: the design request
# (preset, --set, --seed on the CLI), the alternatives to a sweep file, the store object itself,
# and the progress callback (the front end's, as the CLI's bar on a terminal is).
PYTHON_EXTRAS = {"design", "preset", "overrides", "seed", "toml", "base_dir", "self", "cluster",
                 "progress"}
# Options whose Python argument is the object rather than a path (SweepStore.pareto is a method
# of the store).
PYTHON_IMPLIED = {("pareto", "store")}


def flag(option):
    name = option["name"].replace("_", "-")
    return name if option["positional"] else "--" + name


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60)


def python_default(option):
    """The table's default as a Python argument's default: unset, empty text and empty lists are
    None, (), or ""."""
    d = option["default"]
    if d == "none" and option["kind"] in ("optional_real", "optional_integer"):
        return {None}
    if option["kind"] == "text" and d == "":
        return {None, ""}
    if option["kind"] == "list" and d == []:
        return {(), None}
    return {d}


def test_the_cli_lists_the_same_tables():
    listed = json.loads(run("keys", "--options", "--json").stdout)
    assert listed == TABLES
    assert set(TABLES) >= set(PYTHON) | {"validate", "calibrate", "cable", "report"}


@pytest.mark.parametrize("study", sorted(TABLES))
def test_cli_help_shows_every_option_with_its_range_and_default(study):
    help_text = run(study, "--help").stdout
    lines = help_text.splitlines()
    for option in TABLES[study]["options"]:
        name = flag(option)
        at = [i for i, line in enumerate(lines)
              if re.match(r"\s+(\S+,)?" + re.escape(name) + r"(\s|,|$)", line)]
        assert at, f"{study}: {name} missing from --help"
        text = " ".join(lines[at[0]:at[0] + 3])
        if option["kind"] != "bool":
            assert f"[{option['allowed']}]" in text, f"{study} {name}: range not shown: {text}"
        default = option["default"]
        if default not in ("none", "", [], False):
            shown = json.dumps(default) if isinstance(default, str) else str(default).lower()
            if isinstance(default, float):
                shown = format_number(default)
            assert f"(default {shown})" in text, f"{study} {name}: default not shown: {text}"


def format_number(v):
    return str(int(v)) if v == math.floor(v) and abs(v) < 1e17 else f"{v:.10g}"


@pytest.mark.parametrize("study", sorted(PYTHON))
def test_python_arguments_are_the_table_with_its_defaults(study):
    params = inspect.signature(PYTHON[study]).parameters
    table = {o["name"]: o for o in TABLES[study]["options"]}
    taken = {n for n in params if n not in PYTHON_EXTRAS}
    implied = {name for s, name in PYTHON_IMPLIED if s == study}
    assert taken == set(table) - implied, f"{study}: Python {sorted(taken)} vs table {sorted(table)}"
    for name in taken:
        option = table[name]
        if option["positional"]:
            continue
        assert params[name].default in python_default(option), \
            f"{study}.{name}: Python default {params[name].default!r}, table {option['default']!r}"


def out_of_range(option):
    """A value beyond the option's range as the CLI and Python spell it."""
    if option["kind"] in ("integer", "optional_integer"):
        v = int(option["max"]) + 1
        return str(v), v
    v = option["max"] * 10 + 1
    return repr(v), v


def python_call(study, name, value):
    fn = PYTHON[study]
    if study == "pareto":
        return lambda: mosaic.SweepStore.pareto(types_store(), **{name: value})
    if study == "sweep":
        return lambda: fn("no-such-sweep.toml", **{name: value})
    return lambda: fn(**{name: value})


def types_store():
    class Store:  # the method only reads the path of its store
        path = "no-such-store.db"
        _types = {}
    return Store()


RANGED = [(s, o) for s in sorted(TABLES) for o in TABLES[s]["options"]
          if o["kind"] in ("real", "optional_real", "integer", "optional_integer")
          and math.isfinite(o["max"]) and o["max"] < 1e15]
CHOICES = [(s, o) for s in sorted(TABLES) for o in TABLES[s]["options"] if o["kind"] == "choice"]


@pytest.mark.parametrize("study, option", RANGED + CHOICES,
                         ids=[f"{s}.{o['name']}" for s, o in RANGED + CHOICES])
def test_cli_and_python_refuse_the_same_values_with_the_same_message(study, option):
    if option["kind"] == "choice":
        text = value = "no_such_choice"
    else:
        text, value = out_of_range(option)
    cli = run(study, flag(option), text) if not option["positional"] else run(study, text)
    assert cli.returncode == 2, cli.stderr
    message = cli.stderr.strip().removeprefix("mosaic: error: ")
    assert f"invalid value for '{option['name']}'" in message
    assert f"(allowed: {option['allowed']})" in message, message
    if study in PYTHON and (study, option["name"]) not in PYTHON_IMPLIED:
        with pytest.raises(ValueError) as e:
            python_call(study, option["name"], value)()
        assert str(e.value) == message
