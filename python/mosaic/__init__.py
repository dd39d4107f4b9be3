"""mosaic: simulate and design wide-and-slow microLED optical interconnects, from Python.

Every function runs the same C++ library as the ``mosaic`` command line and returns the same
figures as its ``--json`` report, for the same design and seed:

>>> import mosaic
>>> r = mosaic.simulate(preset="800g", overrides={"fiber.length_m": 30}, seed=1)
>>> r.channels.log10_ber          # numpy array, one value per pixel
>>> r.link.worst_ber, r.power.per_end_w, r.reliability.link_fit

Many designs: ``sweep`` (a sweep file or dict into an SQLite store, rows as numpy arrays, Pareto
fronts as ``mosaic pareto``), ``open_store`` and ``design`` (the fewest watts that meet a goal, as
``mosaic design``).

Designs: ``design`` (a TOML file), ``preset`` (800g, prototype, 1.6t, 3.2t) and ``overrides``
(``{"key": value}``, applied like ``--set``; ``mosaic.keys()`` lists every key with its unit and
range) and ``seed``. A wrong key or value raises ValueError naming the key.
"""

import json as _json
import math as _math
import os as _os
import pathlib as _pathlib

import numpy as _np

# An installed package carries its own baseline catalog; a build-tree import uses the source's.
_DATA = _pathlib.Path(__file__).resolve().parent / "data"
if not _os.environ.get("MOSAIC_DATA_DIR") and (_DATA / "baselines.toml").is_file():
    _os.environ["MOSAIC_DATA_DIR"] = str(_DATA)

from . import _mosaic  # noqa: E402
from . import _progress  # noqa: E402
from ._units import docstring as _docstring

__version__ = _mosaic.version
__all__ = ["Table", "simulate", "relay", "compare", "fleet", "cluster", "cluster_keys", "keys", "options", "sweep", "open_store", "design",
           "point_columns", "sweep_toml", "Section", "Channels", "SimulateResult", "RelayResult",
           "CompareResult", "FleetResult", "ClusterResult", "SweepStore", "ParetoFront", "DesignResult",
           "DesignCandidate"]


def _render(key, value):
    """An override's value as --set writes it: TypeError for a value of no design type,
    ValueError for a number that is not finite or a string that would not stay one value."""
    if isinstance(value, (bool, _np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, _np.integer)):
        return str(int(value))
    if isinstance(value, (float, _np.floating)):
        if not _math.isfinite(value):
            raise ValueError(f"invalid value for '{key}': {value} (allowed: a finite number)")
        return repr(float(value))
    if isinstance(value, str):
        return value
    if value is None:
        return "none"
    raise TypeError(f"{key} must be a number, bool, str or None, not {type(value).__name__}")


def _overrides(overrides):
    """{key: value} as KEY=VALUE strings; TypeError for anything but a dict with str keys."""
    if overrides is None:
        return []
    if not isinstance(overrides, dict):
        raise TypeError(f"overrides must be a dict {{key: value}}, not {type(overrides).__name__}")
    sets = []
    for k, v in overrides.items():
        if not isinstance(k, str):
            raise TypeError(f"overrides keys must be str design keys, not {type(k).__name__}")
        sets.append(f"{k}={_render(k, v)}")
    return sets


def _design(design, preset, overrides, seed):
    # Types and ranges of design, preset and seed are checked by the C++ half, as --seed is.
    return (design, preset, _overrides(overrides), seed)


def _value(key, v):
    """A JSON value as Python shows it: objects become Sections, number lists numpy arrays."""
    if isinstance(v, dict):
        return Section(v, key)
    if isinstance(v, list) and v and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
        return _np.asarray(v)
    if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
        return [Section(x, key) for x in v]
    return v


def _frame(columns):
    """{name: 1-D array} as a pandas DataFrame when pandas can be imported, else the dict of numpy
    arrays itself (the same columns, in the same order)."""
    try:
        import pandas as pd
    except ImportError:
        return {k: _np.asarray(v) for k, v in columns.items()}
    return pd.DataFrame({k: _np.asarray(v) for k, v in columns.items()})


def _array(values):
    """A column as numpy: int64 for integers, float64 for numbers, str for strings; object with
    NaN for what some rows lack."""
    if values and all(isinstance(v, bool) for v in values):
        return _np.array(values, dtype=bool)
    if values and all(isinstance(v, str) for v in values):
        return _np.array(values, dtype=str)
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return _np.array(values, dtype=_np.int64)
    if values and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return _np.array(values, dtype=_np.float64)
    # One object per row, lists included (numpy would make rows of lists a 2-D array).
    out = _np.empty(len(values), dtype=object)
    for i, v in enumerate(values):
        out[i] = _np.nan if v is None else v
    return out


def _flatten(row, prefix=""):
    """A record's row with nested objects as dotted names ({"power": {"w": 1}} -> "power.w")."""
    out = {}
    for k, v in row.items():
        if isinstance(v, dict):
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def _rows_to_columns(rows):
    """A list of JSON objects as {column: list}, columns in order of first appearance."""
    flat = [_flatten(r) for r in rows]
    names = []
    for r in flat:
        for k in r:
            if k not in names:
                names.append(k)
    return {k: [r.get(k) for r in flat] for k in names}


class Table:
    """A table of a result: one numpy array per column, all of one length (``len(table)``
    rows). ``to_pandas()`` gives a pandas DataFrame (a dict of the arrays without pandas),
    ``columns()`` the names. Scalars that describe the whole table (e.g. a timeline's
    ``periods_per_bin``) are in ``meta``."""

    def __init__(self, name, columns, meta=None, unit=""):
        self._name = name
        self._columns = {k: _array(list(v)) for k, v in columns.items()}
        lengths = {len(v) for v in self._columns.values()}
        if len(lengths) > 1:
            raise ValueError(f"table {name!r}: columns of different lengths {sorted(lengths)}")
        self._len = lengths.pop() if lengths else 0
        self.meta = dict(meta or {})
        self._unit = unit

    def columns(self):
        return list(self._columns)

    def __len__(self):
        return self._len

    def __getattr__(self, key):
        if key.startswith("_") or key not in self._columns:
            raise AttributeError(key)
        return self._columns[key]

    def __getitem__(self, key):
        return self._columns[key]

    def __dir__(self):
        return list(super().__dir__()) + list(self._columns)

    def to_pandas(self):
        """The table as a pandas DataFrame (one row per entry), or a dict of numpy arrays when
        pandas is not installed."""
        return _frame(self._columns)

    def __repr__(self):
        shown = ", ".join(list(self._columns)[:6]) + (", ..." if len(self._columns) > 6 else "")
        unit = f" ({self._unit})" if self._unit else ""
        return f"Table({self._name}: {self._len} rows{unit}; {shown})"


class Section:
    """One part of a report (link, power, reliability, ...): its fields are attributes whose
    docstrings carry their unit (``help(type(section))`` lists them). ``to_dict()`` gives the
    JSON object exactly as the command line prints it."""

    _classes = {}

    def __new__(cls, data, name="section"):
        keys = tuple(data.keys())
        sub = Section._classes.get((name, keys))
        if sub is None:
            attrs = {"__doc__": f"The `{name}` part of a mosaic report.", "__slots__": ()}
            for k in keys:
                attrs[k] = property(lambda self, k=k: _value(k, self._data[k]), doc=_docstring(k))
            sub = type(f"{name.title().replace('_', '')}Section", (Section,), attrs)
            Section._classes[(name, keys)] = sub
        obj = object.__new__(sub)
        object.__setattr__(obj, "_data", data)
        return obj

    __slots__ = ("_data", "__dict__")

    def __init__(self, data, name="section"):
        pass

    def keys(self):
        return list(self._data.keys())

    def to_dict(self):
        return self._data

    def __getitem__(self, key):
        return _value(key, self._data[key])

    def __repr__(self):
        inner = ", ".join(f"{k}={self._data[k]!r}" for k in list(self._data)[:6])
        more = ", ..." if len(self._data) > 6 else ""
        return f"{type(self).__name__}({inner}{more})"


class Channels:
    """The per-channel table: every field is a numpy array with one entry per pixel of the
    array (row-major; ``index``, ``row``, ``col`` locate it). Units as in the field names:
    ``_ua`` microamperes, ``_dbm`` dBm, ``_ps`` picoseconds, ``_ui`` unit intervals, ``_ghz``
    GHz; ``eye_height`` is a fraction of the signal swing."""

    def __init__(self, rows):
        self._rows = rows
        # channels.csv's column order first, then any field it lacks (e.g. Monte Carlo's).
        fields = [k for k in _mosaic.channel_columns() if any(k in r for r in rows)]
        for r in rows:
            for k in r:
                if k not in fields:
                    fields.append(k)
        self._fields = fields
        self._arrays = {}

    def fields(self):
        return list(self._fields)

    def __len__(self):
        return len(self._rows)

    def __getattr__(self, key):
        if key.startswith("_") or key not in self._fields:
            raise AttributeError(key)
        if key not in self._arrays:
            values = [r.get(key) for r in self._rows]
            if all(isinstance(v, str) for v in values):
                self._arrays[key] = _np.array(values, dtype=str)
            elif all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                self._arrays[key] = _np.array(values, dtype=_np.int64)
            elif all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
                self._arrays[key] = _np.array(values, dtype=_np.float64)
            else:  # present on some channels only (e.g. Monte Carlo): NaN elsewhere
                self._arrays[key] = _np.array([_np.nan if v is None else v for v in values], dtype=object)
        return self._arrays[key]

    def __dir__(self):
        return list(super().__dir__()) + self._fields

    def to_pandas(self):
        """The table as a pandas DataFrame, one row per pixel and the columns of ``fields()``
        in that order (those of ``mosaic simulate --out``'s channels.csv); a dict of numpy
        arrays when pandas is not installed."""
        return _frame({k: getattr(self, k) for k in self._fields})

    def __repr__(self):
        worst = ""
        if "log10_ber" in self._fields and len(self._rows):
            worst = f", worst log10 BER {_np.nanmax(self.log10_ber.astype(float)):.3g}"
        return f"Channels({len(self._rows)} channels{worst}: {', '.join(self._fields[:8])}, ...)"


class SimulateResult:
    """Result of :func:`simulate`: the ``mosaic simulate --json`` report as Python objects."""

    def __init__(self, data):
        self.json = data
        self.schema_version = data["schema_version"]
        self.mosaic_version = data["mosaic_version"]
        self.command = data["command"]
        self.seed = data["seed"]
        self.spec = data["spec"]
        self.channels = Channels(data["channels"])
        self.link = Section(data["link"], "link")
        self.power = Section(data["power"], "power")
        self.reliability = Section(data["reliability"], "reliability")
        self.assumptions = list(data["assumptions"])
        self.timing = Section(data["timing"], "timing") if "timing" in data else None
        self.monte_carlo = Section(data["monte_carlo"], "monte_carlo") if "monte_carlo" in data else None
        self.degradation = Section(data["degradation"], "degradation") if "degradation" in data else None
        self.stat_eye = Section(data["stat_eye"], "stat_eye") if "stat_eye" in data else None
        self.calibration = (Section(data["calibration"], "calibration") if "calibration" in data
                            else None)

    link = None
    """Link summary: roles, median / mean / worst BER, count over KP4, optical margin (dB),
    line rate (Gb/s), latency (ns), the worst channel's bathtubs and its eye (openings at KP4
    and 1e-12, jitter budget, eye mask: worst_channel_eye)."""
    power = None
    """Power per end (W) and per link (W), pJ/bit, per-block breakdown (W)."""
    reliability = None
    """Link reliability over the service life: link FIT, AFR, MTTF (hours), R(T)."""
    calibration = None
    """The headline figures over the calibration ensemble (with calibration_ranges): members,
    the channels re-evaluated, kp4_reach_now_m with kp4_reach_now_m_range, per_member; the ranges themselves sit
    beside their figures (link.optical_margin_db_range, reliability.link_fit_range, ...)."""

    def to_html(self, path):
        """Writes the self-contained HTML report (what ``mosaic simulate --html`` writes)."""
        _mosaic.write_html(_json.dumps(self.json), path)

    def to_pandas(self):
        """The channels table (``channels.to_pandas()``): one row per pixel."""
        return self.channels.to_pandas()

    def __repr__(self):
        l = self.link
        return (f"SimulateResult({len(self.channels)} channels, worst BER {l.worst_ber:.3g}, "
                f"{l.over_threshold} over KP4, {self.power.per_end_w:.3g} W per end)")


class _Wrapped:
    _table = None  # the record's list of rows that to_pandas() gives by default

    def __init__(self, data, name):
        self.json = data
        self._section = Section(data, name)

    def table(self, name=None):
        """A list of rows of the record (``name``; default the result's main table) as a
        :class:`Table`, nested objects flattened to dotted column names."""
        name = name or self._table
        rows = self.json.get(name) if name else None
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            tables = [k for k, v in self.json.items()
                      if isinstance(v, list) and v and all(isinstance(r, dict) for r in v)]
            raise ValueError(f"invalid value for 'name': {name!r} (allowed: one of "
                             f"{', '.join(tables) or 'none'})")
        return Table(name, _rows_to_columns(rows))

    def to_pandas(self, name=None):
        """``table(name).to_pandas()``: a pandas DataFrame, or a dict of numpy arrays without
        pandas."""
        return self.table(name).to_pandas()

    def __getattr__(self, key):
        if key.startswith("_"):
            raise AttributeError(key)
        return getattr(self._section, key)

    def __dir__(self):
        return list(super().__dir__()) + self._section.keys()

    def keys(self):
        return self._section.keys()

    def to_html(self, path):
        """Writes the self-contained HTML report of this result."""
        _mosaic.write_html(_json.dumps(self.json), path)


class RelayResult(_Wrapped):
    """Result of :func:`relay`: the ``mosaic relay --json`` report (bits in/out, bit-exact,
    ECC corrections, spare swaps, host FEC codewords, frame loss). Tables: ``channels`` (one row
    per physical channel: bits carried, bit errors injected, ECC-corrected bits, lock and swap
    counts), ``timeline_table`` (link state and corrections per bin of ``meta["periods_per_bin"]``
    marker periods, ``start_s`` in seconds of link time) and ``fec_histogram`` (codewords by
    their symbol errors at the host FEC's input, the last row the codewords beyond t)."""

    _table = "swaps"

    @property
    def channels(self):
        """Per-physical-channel counters as a :class:`Table` (``channel`` = index)."""
        return Table("channels", self.json["channel_counters"], unit="bits, counts")

    @property
    def timeline_table(self):
        """Link state and ECC corrections over time (the record's ``timeline``, which stays the
        JSON object as an attribute) as a :class:`Table`; ``meta`` holds ``periods_per_bin``,
        ``max_bins`` and ``period_s`` (s)."""
        t = self.json["timeline"]
        cols = {k: v for k, v in t.items() if isinstance(v, list)}
        meta = {k: v for k, v in t.items() if not isinstance(v, list)}
        return Table("timeline", cols, meta, unit="periods, bits")

    @property
    def fec_histogram(self):
        """Host FEC codewords by symbol errors: ``symbol_errors`` 0..t then t+1 standing for
        "more than t" (``beyond_t`` True), ``codewords`` the count."""
        h = list(self.json["fec_symbol_error_histogram"])
        t = self.json["host_fec_t"]
        return Table("fec_histogram",
                     {"symbol_errors": list(range(t + 2)),
                      "beyond_t": [False] * (t + 1) + [True],
                      "codewords": h + [self.json["fec_codewords_beyond_t"]]},
                     {"t": t, "host_fec": self.json["host_fec"]}, unit="codewords")

    def to_pandas(self, name=None):
        """The per-channel counters (``channels.to_pandas()``) by default; ``name`` "timeline",
        "fec_histogram" or a list of the record ("swaps", "lock_events", ...)."""
        if name in (None, "channels", "channel_counters"):
            return self.channels.to_pandas()
        if name == "timeline":
            return self.timeline_table.to_pandas()
        if name == "fec_histogram":
            return self.fec_histogram.to_pandas()
        return super().to_pandas(name)

    def __repr__(self):
        j = self.json
        return (f"RelayResult({j['bits_out']} bits, {j['bit_errors']} bit errors before the host "
                f"FEC, {j['fec_codewords_uncorrectable'] + j['fec_codewords_miscorrected']} "
                f"codewords lost after it of {j['fec_codewords']}, {j['swap_count']} swaps, "
                f"link {j['link_state']}, {j['simulated_s'] * 1e3:.4g} ms simulated)")


class CompareResult(_Wrapped):
    """Result of :func:`compare`: the design beside every baseline (W per end, pJ/bit, link FIT,
    latency in ns) at a cable length in m. ``to_pandas()``: one row per technology."""

    _table = "rows"

    def __repr__(self):
        rows = self.json["rows"]
        design = next((r for r in rows if r.get("is_design")), {})
        return (f"CompareResult({len(rows)} technologies at {self.json['cable_m']:.4g} m, "
                f"design {design.get('pj_per_bit', float('nan')):.3g} pJ/bit)")


class FleetResult(_Wrapped):
    """Result of :func:`fleet`: fleet Monte Carlo over years, with intervals, and the closed
    form under ``closed_form``. ``to_pandas()``: one row per year (``per_year``)."""

    _table = "per_year"

    def __repr__(self):
        j = self.json
        return (f"FleetResult({j['links']} links over {j['years']:.4g} years, {j['failures']} "
                f"failures, fleet FIT {j['fleet_fit']:.4g})")


class ClusterResult(_Wrapped):
    """Result of :func:`cluster`: the ``mosaic cluster --json`` record. ``specified`` is the
    cluster as described (power per rack in kW, link failures, goodput, collectives), ``cables``
    the length of every fabric tier's cables and their histogram (m), ``choices`` the
    technologies side by side (with ``compare=True``), ``fleet`` the Monte Carlo over the
    service life, ``fleet_savings`` the fleet-wide MW and homes. ``to_pandas()``: one row per
    technology (``technologies``); ``to_pandas("choices")`` the side-by-side choices."""

    _table = "technologies"

    def __repr__(self):
        p = self.json["specified"]["power"]
        return (f"ClusterResult({self.json['counts']['gpus']} GPUs, {self.json['cables']['total']} "
                f"cables, {p['total_kw']:.4g} kW, {p['modules']} module ends)")


def _options(given):
    """The keyword arguments of a study as its options table names them (None: the default)."""
    return {k: v for k, v in given.items() if v is not None}


def simulate(design=None, *, preset=None, overrides=None, seed=None, method="stat", margin=True,
             link_budget=True, link_budget_every=False, degradation=False, all_bathtubs=False,
             mc_channels=(),
             eye_channels=(), eye_stat=None, threads=0, calibration_ranges=True, progress=None):
    """Evaluates every channel of a design, as ``mosaic simulate --json`` does.

    design: TOML file; preset: 800g (default), prototype, 1.6t, 3.2t; overrides: {key: value};
    seed: integer. The options are those of ``mosaic simulate`` under the same names
    (``mosaic.options("simulate")`` lists them with unit, range and default): method "stat" or
    "mc" (Monte Carlo after the statistical eye, stop rules from the design's mc.* keys);
    margin: compute the optical margin (dB); link_budget: the link budget of the median and
    weakest channels (``result.report["link_budget"]``); link_budget_every: the same for every
    active channel (each channel's ``limiting`` and ``budget_margin_db``, a few seconds more);
    degradation: age the LEDs over the
    service life;
    all_bathtubs: bathtubs for every channel; mc_channels / eye_channels: Monte Carlo channels
    and eye diagrams (channels or "A-B" ranges); eye_stat: channel whose statistical-eye grid to
    add; threads: 0 = all cores (results do not depend on it); calibration_ranges: the headline
    figures' ranges over the calibration ensemble (``result.link.optical_margin_db_range``,
    ``result.calibration``); progress: a callable ``f(fraction, message)`` or a tqdm-like bar
    (a bar without a total counts percent) told how far the channels and the Monte Carlo are,
    with the GIL held, fractions never decreasing, the last call at 1.0; an exception it raises
    stops the run and reaches the caller.
    """
    reporter = _progress.adapter(progress, "mosaic.simulate")
    d, p, sets, s = _design(design, preset, overrides, seed)
    options = _options(dict(method=method, margin=margin, link_budget=link_budget,
                            link_budget_every=link_budget_every, degradation=degradation,
                            all_bathtubs=all_bathtubs, mc_channels=mc_channels,
                            eye_channels=eye_channels, eye_stat=eye_stat, threads=threads,
                            calibration_ranges=calibration_ranges))
    args = (["simulate"] + ([_os.fspath(d)] if isinstance(d, (str, _os.PathLike)) else [])
            + (["--preset", p] if isinstance(p, str) else []) + [f"--set {x}" for x in sets])
    text = _mosaic.simulate_json(d, p, sets, s, options, "python: mosaic." + " ".join(args),
                                 reporter)
    return SimulateResult(_json.loads(text))


def relay(design=None, *, preset=None, overrides=None, seed=None, gbits=1.0, ber=None, phy=None,
          physics=False, failures=(), fail_random=0, threads=0):
    """Runs the bit-exact link layer on ``gbits`` Gb of host traffic, as ``mosaic relay --json``.

    The options are those of ``mosaic relay`` (``mosaic.options("relay")``): ber: background BER
    on every channel; phy: a simulate report (a path, or a :class:`SimulateResult`) whose
    per-channel BERs and dead pixels to use; physics: evaluate the design's own physics first;
    failures: [(channel, seconds), ...] or ["CH@SECONDS", ...] channel deaths; fail_random: K
    channels in service at link-up die at random times (drawn from the seed), early enough for
    their spare swaps to complete within the run; threads: for physics.
    """
    d, p, sets, s = _design(design, preset, overrides, seed)
    phy_text = None
    if hasattr(phy, "json"):  # a SimulateResult (or anything holding a simulate record)
        phy_text, phy = _json.dumps(phy.json), "SimulateResult"
    options = _options(dict(gbits=gbits, ber=ber, phy=phy, physics=physics, failures=failures,
                            fail_random=fail_random, threads=threads))
    text = _mosaic.relay_json(d, p, sets, s, options, phy_text)
    return RelayResult(_json.loads(text), "relay")


def compare(design=None, *, preset=None, overrides=None, seed=None, reach_m=None, catalog=None,
            threads=0):
    """The design beside every baseline technology at ``reach_m`` metres (default: the design's
    fiber length), as ``mosaic compare --json``; catalog: a baselines TOML file (default: the
    bundled one)."""
    d, p, sets, s = _design(design, preset, overrides, seed)
    options = _options(dict(reach_m=reach_m, catalog=catalog, threads=threads))
    return CompareResult(_json.loads(_mosaic.compare_json(d, p, sets, s, options)), "compare")


def fleet(design=None, *, preset=None, overrides=None, seed=None, links=600000, years=None,
          confidence=0.99, threads=0):
    """Fleet Monte Carlo of ``links`` links over ``years`` years (default: the service life), as
    ``mosaic fleet --json``."""
    d, p, sets, s = _design(design, preset, overrides, seed)
    options = _options(dict(links=links, years=years, confidence=confidence, threads=threads))
    return FleetResult(_json.loads(_mosaic.fleet_json(d, p, sets, s, options)), "fleet")


def _cluster_value(key, value):
    if isinstance(value, (list, tuple)):
        return ",".join(_render(key, v) for v in value)
    return _render(key, value)


def cluster(cluster=None, *, preset=None, overrides=None, compare=False, catalog=None,
            histogram_bin_m=1.0, threads=0):
    """What the link technologies do to an AI cluster, as ``mosaic cluster --json``.

    cluster: a cluster file (TOML); preset: nvl72-copper (default), nvl72-optical,
    nvl576-mosaic, fat-tree-100k; overrides: {key: value} over the cluster keys
    (``mosaic.cluster_keys()``; lists as Python lists, e.g. {"links.technologies": ["dac",
    "mosaic"]}). The options are those of ``mosaic cluster`` (``mosaic.options("cluster")``):
    compare: every technology of links.compare side by side; catalog: a baselines TOML file;
    histogram_bin_m: bin width of the cable-length histogram (m); threads: 0 = all cores
    (results do not depend on it). A wrong key or value raises ValueError naming the key.
    """
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise TypeError(f"overrides must be a dict {{key: value}}, not {type(overrides).__name__}")
    for k in overrides:
        if not isinstance(k, str):
            raise TypeError(f"overrides keys must be str cluster keys, not {type(k).__name__}")
    sets = [f"{k}={_cluster_value(k, v)}" for k, v in overrides.items()]
    options = _options(dict(compare=compare, catalog=catalog, histogram_bin_m=histogram_bin_m,
                            threads=threads))
    text = _mosaic.cluster_json(cluster, preset, sets, options)
    return ClusterResult(_json.loads(text), "cluster")


def cluster_keys():
    """Every cluster key: {key: {unit, doc, allowed, default (nvl72-copper), min, max}}."""
    return {k["key"]: k for k in _json.loads(_mosaic.cluster_keys_json())}


def options(study=None):
    """Every command's options as the tables define them, the names this module's keyword
    arguments take: {study: {doc, options: [{name, kind, unit, doc, allowed, default, min, max,
    choices}]}}, or one study's."""
    tables = _json.loads(_mosaic.options_json())
    if study is None:
        return tables
    if study not in tables:
        raise ValueError(f"invalid value for 'study': {study!r} (allowed: one of {', '.join(tables)})")
    return tables[study]


def keys():
    """Every design key: {key: {unit, doc, allowed, default (800g), min, max, choices}}."""
    return {k["key"]: k for k in _json.loads(_mosaic.keys_json())}


from ._sweep import (DesignCandidate, DesignResult, ParetoFront, SweepStore, design,  # noqa: E402
                     open_store, point_columns, sweep, sweep_toml)
