"""Design-space exploration from Python: sweeps into an SQLite store, their Pareto fronts and the
design search, through the same library calls as ``mosaic sweep``, ``mosaic pareto`` and
``mosaic design``."""

import json as _json
import os as _os
import pathlib as _pathlib
import re as _re
import shutil as _shutil
import sqlite3 as _sqlite3
import tempfile as _tempfile
import urllib.parse as _urlparse

import numpy as _np

from . import _mosaic
from . import _progress
from . import SimulateResult, _array, _frame, _render, _rows_to_columns


def _toml_key(key):
    return key if _re.fullmatch(r"[A-Za-z0-9_-]+", key) else _json.dumps(key)


def _toml_value(key, value):
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(key, v) for v in value) + "]"
    if isinstance(value, str):
        return _json.dumps(value)  # a TOML basic string: JSON's escapes are TOML's
    if isinstance(value, (bool, int, float, _np.integer, _np.floating)):
        return _render(key, value)
    raise TypeError(f"{key} must be a number, bool, str or a list of them, not "
                    f"{type(value).__name__}")


def sweep_toml(definition):
    """The sweep file text of a dict laid out like the file (docs/sweep.md): ``base``,
    ``evaluate`` and ``sampling`` tables, ``combine``, and ``axis`` a list of axis tables.
    ``base["set"]`` may also be a dict {key: value}. The C++ parser reads and checks the text."""
    if not isinstance(definition, dict):
        raise TypeError(f"sweep must be a path, or a dict laid out like a sweep file, not "
                        f"{type(definition).__name__}")
    scalars, tables, arrays = [], [], []
    for k, v in definition.items():
        if not isinstance(k, str):
            raise TypeError(f"sweep keys must be str, not {type(k).__name__}")
        if isinstance(v, dict):
            tables.append((k, v))
        elif isinstance(v, (list, tuple)) and v and all(isinstance(t, dict) for t in v):
            arrays.append((k, v))
        else:
            scalars.append(f"{_toml_key(k)} = {_toml_value(k, v)}")
    lines = scalars
    for name, entries in tables + [(k, t) for k, ts in arrays for t in ts]:
        is_array = any(name == k for k, _ in arrays)
        lines.append(f"[[{_toml_key(name)}]]" if is_array else f"[{_toml_key(name)}]")
        for k, v in entries.items():
            if name == "base" and k == "set" and isinstance(v, dict):
                v = [f"{sk}={_render(sk, sv)}" for sk, sv in v.items()]
            lines.append(f"{_toml_key(k)} = {_toml_value(f'{name}.{k}', v)}")
    return "\n".join(lines) + "\n"


def _connect(path):
    if not _os.path.isfile(path):
        raise ValueError(f"invalid value for 'store': \"{path}\" (allowed: an existing store made "
                         f"by `mosaic sweep`)")
    uri = "file:" + _urlparse.quote(str(_pathlib.Path(path).resolve())) + "?mode=ro"
    db = _sqlite3.connect(uri, uri=True)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db
    except _sqlite3.DatabaseError:
        db.close()
    # A store in write-ahead-log mode on a read-only volume (or in a folder this user may not
    # write) cannot get its -shm file: read it as immutable, as the C++ reader does.
    db = _sqlite3.connect(uri + "&immutable=1", uri=True)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except _sqlite3.DatabaseError as e:
        db.close()
        raise ValueError(f"invalid value for 'store': \"{path}\" (allowed: a readable store made "
                         f"by `mosaic sweep`; {e})") from None
    return db


def _query(path, sql, args=()):
    """Every row of one read of the store; a damaged store is a ValueError naming it."""
    db = _connect(path)
    try:
        return db.execute(sql, args).fetchall()
    except _sqlite3.DatabaseError as e:
        raise ValueError(f"invalid value for 'store': \"{path}\" (allowed: a readable store made "
                         f"by `mosaic sweep`; {e})") from None
    finally:
        db.close()


def _column_array(values, sql_type):
    if sql_type == "TEXT":
        return list(values)
    if sql_type == "INTEGER" and all(v is not None for v in values):
        return _np.array(values, dtype=_np.int64)
    return _np.array([_np.nan if v is None else v for v in values], dtype=_np.float64)


class ParetoFront:
    """The non-dominated rows of a store (what ``mosaic pareto`` prints): ``columns`` (point,
    the sweep's axes, then the objectives), ``rows`` {column: numpy array, or a list for text
    columns}, ``text`` (the cells as the command formats them), ``considered`` (rows that passed
    ``where`` with every objective set) and :meth:`to_csv` (``mosaic pareto --csv``)."""

    def __init__(self, data, types):
        self.columns = list(data["columns"])
        self.text = [list(r) for r in data["text"]]
        self.considered = data["considered"]
        self._csv = data["csv"]
        self.rows = {}
        for k, c in enumerate(self.columns):
            if types.get(c) == "TEXT":
                self.rows[c] = [r[k] for r in self.text]
            else:
                self.rows[c] = _column_array([r[k] for r in data["numbers"]], types.get(c, "REAL"))

    def __len__(self):
        return len(self.text)

    def to_csv(self):
        return self._csv

    def to_pandas(self):
        """The front as a pandas DataFrame (one row per non-dominated point, ``columns`` in
        order), or the dict ``rows`` of numpy arrays without pandas."""
        return _frame(self.rows)

    def __repr__(self):
        objectives = ", ".join(self.columns[-2:]) if self.columns else ""
        return (f"ParetoFront({len(self)} non-dominated of {self.considered} points; "
                f"last columns {objectives})")


class SweepStore:
    """The results of a sweep (an SQLite store, one row per design point).

    ``rows`` {column: numpy array (NaN where not computed), or a list for text columns}: the
    point index, every design key (named as in ``mosaic.keys()``), the headline outputs
    (``mosaic.point_columns()`` gives their units) and ``eval_s`` (seconds the point took, the
    one column that differs between identical runs); :meth:`report` gives one point's full
    report; :meth:`pareto` the non-dominated points. ``total``, ``evaluated``, ``already`` and
    ``seconds`` describe the run that returned it (None for :func:`open_store`)."""

    def __init__(self, path, summary=None):
        self.path = str(path)
        summary = summary or {}
        self.total = summary.get("total")
        self.evaluated = summary.get("evaluated")
        self.already = summary.get("already")
        self.seconds = summary.get("seconds")
        db = _connect(self.path)
        try:
            self.meta = dict(db.execute("SELECT key, value FROM meta"))
            info = db.execute("PRAGMA table_info(points)").fetchall()
        except _sqlite3.DatabaseError as e:
            raise ValueError(f"invalid value for 'store': \"{self.path}\" (allowed: a store "
                             f"made by `mosaic sweep`; {e})") from None
        finally:
            db.close()
        if not info or self.meta.get("record_type") not in ("sweep point", "cluster point"):
            raise ValueError(f"invalid value for 'store': \"{self.path}\" (allowed: a store made "
                             f"by `mosaic sweep` (tables meta and points))")
        self._types = {name: sql_type for _, name, sql_type, *_ in info}
        self.columns = [c for c in self._types if c != "report_json"]
        self.axes = [a for a in self.meta.get("axes", "").split(",") if a]
        self._rows = None
        self._units = None

    @property
    def units(self):
        """{column: unit} for every column of ``rows`` ("" where dimensionless or unknown), as the
        store's own column table describes them (the one ``mosaic report`` labels the sweep
        page's axes with): design keys as ``mosaic.keys()``, outputs as
        ``mosaic.point_columns()``, ``eval_s`` in s."""
        if self._units is None:
            described = {name: unit for name, unit, _ in _mosaic.store_columns(self.path)}
            self._units = {c: described.get(c, "") for c in self.columns}
        return dict(self._units)

    @property
    def rows(self):
        if self._rows is None:
            names = ", ".join(_json.dumps(c) for c in self.columns)
            table = _query(self.path, f"SELECT {names} FROM points ORDER BY point")
            self._rows = {c: _column_array([r[k] for r in table], self._types[c])
                          for k, c in enumerate(self.columns)}
        return self._rows

    def __len__(self):
        return _query(self.path, "SELECT count(*) FROM points")[0][0]

    def to_pandas(self):
        """``rows`` as a pandas DataFrame (one row per point, ordered by point), or the dict of
        numpy arrays without pandas."""
        return _frame(self.rows)

    def report(self, point):
        """Point ``point``'s report as a :class:`SimulateResult`: the sweep-mode evaluation
        stored with it (every channel's BER, phase and threshold as ``mosaic simulate`` gives
        them; eye heights and bathtubs of the worst active channel only, the others None/NaN;
        no ``timing``)."""
        if isinstance(point, bool) or not isinstance(point, (int, _np.integer)):
            raise TypeError(f"point must be an integer, not {type(point).__name__}")
        if not 0 <= int(point) < 2**63:
            raise ValueError(f"invalid value for 'point': {point!r} (allowed: a point in the store)")
        rows = _query(self.path, "SELECT report_json FROM points WHERE point = ?", (int(point),))
        row = rows[0] if rows else None
        if row is None:
            raise ValueError(f"invalid value for 'point': {point!r} (allowed: a point in the "
                             f"store)")
        try:
            return SimulateResult(_json.loads(row[0]))
        except (ValueError, RecursionError, KeyError, TypeError):
            raise ValueError(f"invalid value for 'store': \"{self.path}\" (allowed: a store whose "
                             f"point {int(point)} holds a report written by mosaic)") from None

    def pareto(self, minimize=(), maximize=(), where=None):
        """The non-dominated points over the objectives (columns of the store), as
        ``mosaic pareto STORE --minimize A --minimize B --maximize C --where EXPR``: rows ordered by the first
        objective (the first of ``minimize``, else of ``maximize``), best first."""
        data = _mosaic.pareto({"store": self.path, "minimize": minimize, "maximize": maximize,
                               "where": "" if where is None else where})
        return ParetoFront(data, self._types)

    def __repr__(self):
        return (f"SweepStore({self.path!r}, {len(self)} points, axes {self.axes}"
                + (f", {self.seconds:.3g} s" if self.seconds is not None else "") + ")")


def sweep(sweep=None, *, toml=None, base_dir=".", store=None, resume=False, wait=False,
          threads=None, progress=None):
    """Evaluates every point of a design sweep into an SQLite store, as ``mosaic sweep``.

    sweep: a sweep file (path), or a dict laid out like one (see :func:`sweep_toml`); toml: the
    file's text instead (relative design paths start at ``base_dir``); store: the SQLite file
    (default: a new file in a new temporary folder, kept; its path is ``.path``); resume:
    evaluate only the points missing from a store of the same sweep; threads: points at once
    (0 = all cores; the rows do not depend on it); wait: when another sweep is writing the
    store, wait for it to finish instead of raising ValueError (one writer per store);
    progress: a callable ``f(fraction, message)`` or a tqdm-like bar (``total`` and ``update(n)``;
    a bar without a total gets the number of points to evaluate), told after each point with the
    GIL held, fractions never decreasing, the last call at 1.0. Ctrl-C, or an exception raised by
    ``progress``, stops after the points in flight, each committed on its own, so the store can be
    resumed; the exception reaches the caller. Returns a :class:`SweepStore`.
    """
    if (sweep is None) == (toml is None):
        raise ValueError("invalid value for 'sweep': give a sweep file, a dict, or toml= text")
    path = None
    if isinstance(sweep, dict):
        toml = sweep_toml(sweep)
    elif sweep is not None:
        path = _os.fspath(sweep)
    elif not isinstance(toml, str):
        raise TypeError(f"mosaic.sweep(): toml must be a string, not {type(toml).__name__}")
    made = None  # a temporary folder made here, removed again if the sweep fails
    if store is None:
        made = _tempfile.mkdtemp(prefix="mosaic-sweep-")
        store = _os.path.join(made, "sweep.db")
    try:
        store = _os.fspath(store)
        reporter = _progress.adapter(progress, "mosaic.sweep")
        options = {"sweep": path if path is not None else "sweep text", "store": store,
                   "resume": resume, "wait": wait, "threads": threads}
        summary = _mosaic.run_sweep(toml, _os.fspath(base_dir), options, reporter)
        return SweepStore(store, summary)
    except BaseException:
        if made is not None:
            _shutil.rmtree(made, ignore_errors=True)
        raise


def open_store(path):
    """A store written by ``mosaic sweep``, ``mosaic design --store`` or :func:`sweep`, read
    only, as a :class:`SweepStore`."""
    return SweepStore(_os.fspath(path))


def point_columns():
    """The headline outputs of a sweep point: {column: {unit, doc, integer}}."""
    return {name: {"unit": unit, "doc": doc, "integer": integer}
            for name, unit, doc, integer in _mosaic.point_columns()}


class DesignCandidate:
    """One design tried by :func:`design`: ``per_end_w`` (W), ``feasible``, ``violation`` (the
    first constraint missed, "" when feasible), ``stage`` (reference, coarse, refine),
    ``data_channels``, ``ecc_channels``, ``spare_channels``, ``rows``, ``cols``, ``rate_gbps``
    (Gb/s per channel), ``outputs`` (the sweep columns of ``mosaic.point_columns()``; None where
    not computed) and ``toml`` (every design key, loadable by ``mosaic.simulate``)."""

    def __init__(self, data):
        self.json = data
        for k in ("stage", "feasible", "violation", "per_end_w", "data_channels", "ecc_channels",
                  "spare_channels", "rows", "cols", "rate_gbps", "outputs"):
            setattr(self, k, data[k])
        self.toml = data["design_toml"]

    @property
    def report(self):
        """The design's sweep-mode report as a :class:`SimulateResult` (winner, reference and
        runners-up only; None for the other designs tried)."""
        return SimulateResult(self.json["report"]) if "report" in self.json else None

    def __repr__(self):
        return (f"DesignCandidate({self.per_end_w:.3f} W/end, {self.data_channels} data + "
                f"{self.ecc_channels} ECC + {self.spare_channels} spare, {self.rate_gbps} Gb/s, "
                f"{'feasible' if self.feasible else self.violation})")


class DesignResult:
    """Result of :func:`design`: ``winner``, ``reference`` (the payload's preset at the goal's
    reach and temperature), ``runners_up`` and ``evaluated`` (every design tried) as
    :class:`DesignCandidate`; ``binding`` (the constraint that stops a cheaper design),
    ``method`` (the search, in words) and ``text`` (the design file ``mosaic design`` prints:
    comment header then the winner's keys). :meth:`save` writes it."""

    def __init__(self, data, store):
        self.text = data["text"]
        self.binding = data["binding"]
        self.method = data["method"]
        self.winner = DesignCandidate(data["winner"])
        self.reference = DesignCandidate(data["reference"])
        self.runners_up = [DesignCandidate(c) for c in data["runners_up"]]
        self.evaluated = [DesignCandidate(c) for c in data["evaluated"]]
        self.store = None if store is None else SweepStore(store)

    def save(self, path):
        """Writes the design file (what ``mosaic design --out`` writes); returns its path, which
        ``mosaic.simulate(path)`` loads unchanged."""
        _mosaic.write_text_file(self.text, path)
        return path

    def to_pandas(self):
        """Every design tried (``evaluated``), one row each: stage, feasible, violation,
        per_end_w (W), the channel counts, rate_gbps (Gb/s) and ``outputs.*`` (the sweep
        columns); a dict of numpy arrays without pandas."""
        rows = [{k: v for k, v in c.json.items() if k not in ("design_toml", "report")}
                for c in self.evaluated]
        return _frame({k: _array(v) for k, v in _rows_to_columns(rows).items()})

    def __repr__(self):
        return (f"DesignResult(winner {self.winner!r}, binding {self.binding!r}, "
                f"{len(self.evaluated)} designs evaluated)")


def design(*, payload_gbps=800, reach_m=50, temp_c=None, max_fit=None, min_margin_db=2.0,
           store=None, out=None, threads=0, progress=None):
    """The fewest watts per end that meet the goal, as ``mosaic design`` (docs/sweep.md); the
    options are those of ``mosaic design`` (``mosaic.options("design")``).

    payload_gbps: 800, 1600 or 3200 (the host interface of a preset); reach_m: fiber length (m);
    temp_c: case temperature (degC; default the preset's); max_fit: link FIT at most this
    (default twice the preset's at the same reach and temperature); min_margin_db: optical
    margin at least this (dB), besides the verdict over the service life every design must
    meet; store: also store every design tried (SQLite, as a sweep; see
    :func:`open_store`); out: also write the winning design file; threads: designs at once
    (0 = all cores); progress: a callable ``f(fraction, message)`` or a tqdm-like bar (as for
    :func:`sweep`; a bar without a total counts percent), the last call at 1.0; an exception it
    raises stops the search and reaches the caller. Returns a :class:`DesignResult`.
    """
    args = {"payload_gbps": payload_gbps, "reach_m": reach_m, "temp_c": temp_c,
            "max_fit": max_fit, "min_margin_db": min_margin_db}
    # The invocation names what was asked for: options left at their defaults are not shown.
    defaults = {"min_margin_db": 2.0}
    shown = ", ".join(f"{k}={v!r}" for k, v in args.items()
                      if v is not None and not (k in defaults and v == defaults[k]))
    options = {k: v for k, v in dict(args, store=store, out=out, threads=threads).items()
               if v is not None}
    reporter = _progress.adapter(progress, "mosaic.design")
    text = _mosaic.design_json(options, f"python: mosaic.design({shown})", reporter)
    return DesignResult(_json.loads(text), None if store is None else _os.fspath(store))
