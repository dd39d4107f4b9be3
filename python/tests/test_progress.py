"""progress= on mosaic.sweep, mosaic.design and mosaic.simulate: a callable or a tqdm-like bar is
told on the calling thread, fractions never decreasing, the last call at 1.0; an exception raised
in it stops the work and reaches the caller unchanged, leaving a sweep's store resumable to the
same rows. Needs the built module on PYTHONPATH (ctest sets it)."""

import io
import sqlite3
import threading

import pytest

import mosaic

# 6 points of the prototype, about 0.1 s each.
SWEEP = {
    "base": {"preset": "prototype", "seed": 5},
    "axis": [
        {"key": "fiber.length_m", "values": [5, 15, 25]},
        {"key": "environment.case_temperature_c", "values": [25.0, 85.0]},
    ],
}


class Recorder:
    """A callable progress that notes each call and the thread it came on."""

    def __init__(self):
        self.calls = []
        self.threads = set()

    def __call__(self, fraction, message):
        self.calls.append((fraction, message))
        self.threads.add(threading.get_ident())


class Stop(Exception):
    pass


def assert_well_formed(calls):
    fractions = [f for f, _ in calls]
    assert fractions, "no progress call"
    assert all(0.0 <= f <= 1.0 for f in fractions), fractions
    assert fractions == sorted(fractions), f"fractions decrease: {fractions}"
    assert fractions[-1] == 1.0 and fractions.count(1.0) == 1, fractions
    assert all(isinstance(m, str) and m for _, m in calls), calls


def rows(path):
    with sqlite3.connect(path) as db:
        cur = db.execute("SELECT * FROM points ORDER BY point")
        names = [d[0] for d in cur.description]
        out = [dict(zip(names, r)) for r in cur.fetchall()]
    for r in out:
        del r["eval_s"]
    return out


@pytest.mark.parametrize("threads", [1, 2])
def test_sweep_progress_callable_on_the_calling_thread(tmp_path, threads):
    seen = Recorder()
    s = mosaic.sweep(SWEEP, store=tmp_path / "s.db", threads=threads, progress=seen)
    assert s.evaluated == 6
    assert_well_formed(seen.calls)
    assert seen.threads == {threading.get_ident()}
    assert seen.calls[-1][1].startswith("6/6 points")


class FakeBar:
    """tqdm's interface as mosaic uses it: total, update(n), and nothing else."""

    def __init__(self, total=None):
        self.total = total
        self.n = 0
        self.steps = []

    def update(self, n):
        assert n > 0
        self.steps.append(n)
        self.n += n


def test_sweep_progress_bar_gets_the_points_as_its_total(tmp_path):
    bar = FakeBar()
    mosaic.sweep(SWEEP, store=tmp_path / "s.db", threads=2, progress=bar)
    assert bar.total == 6 and bar.n == 6 and all(isinstance(k, int) for k in bar.steps)
    # A bar with a total of its own is filled to it; resuming counts only the points left.
    with sqlite3.connect(tmp_path / "s.db") as db:
        db.execute("DELETE FROM points WHERE point IN (1, 4)")
    again = FakeBar()
    s = mosaic.sweep(SWEEP, store=tmp_path / "s.db", resume=True, progress=again)
    assert s.evaluated == 2 and again.total == 2 and again.n == 2
    scaled = FakeBar(total=1000)
    mosaic.sweep(SWEEP, store=tmp_path / "t.db", threads=1, progress=scaled)
    assert scaled.total == 1000 and scaled.n == 1000


def test_sweep_progress_with_a_real_tqdm(tmp_path):
    tqdm = pytest.importorskip("tqdm")
    text = io.StringIO()
    with tqdm.tqdm(file=text, mininterval=0) as bar:
        mosaic.sweep(SWEEP, store=tmp_path / "s.db", threads=2, progress=bar)
        assert bar.total == 6 and bar.n == 6
    assert "6/6" in text.getvalue()


@pytest.mark.parametrize("threads", [1, 2])
def test_an_exception_in_the_callback_stops_the_sweep_and_reaches_the_caller(tmp_path, threads):
    full = mosaic.sweep(SWEEP, store=tmp_path / "full.db", threads=2)
    store = tmp_path / "stopped.db"
    calls = []

    def stop_at_first(fraction, message):
        calls.append(fraction)
        raise Stop(f"stop at {fraction}")

    with pytest.raises(Stop, match="stop at"):
        mosaic.sweep(SWEEP, store=store, threads=threads, progress=stop_at_first)
    assert len(calls) == 1
    stored = rows(store)
    assert 1 <= len(stored) < 6  # stopped early, the points in flight committed
    s = mosaic.sweep(SWEEP, store=store, resume=True, threads=2)
    assert s.already == len(stored) and s.evaluated == 6 - len(stored)
    assert rows(store) == rows(full.path)


def test_an_exception_in_the_last_call_reaches_the_caller_with_the_work_done(tmp_path):
    def stop_at_end(fraction, message):
        if fraction == 1.0:
            raise Stop("at the end")

    with pytest.raises(Stop, match="at the end"):
        mosaic.sweep(SWEEP, store=tmp_path / "s.db", threads=2, progress=stop_at_end)
    assert len(rows(tmp_path / "s.db")) == 6
    with pytest.raises(Stop, match="at the end"):
        mosaic.simulate(preset="prototype", margin=False, calibration_ranges=False,
                        progress=stop_at_end)


def test_simulate_progress_and_its_exception():
    seen = Recorder()
    r = mosaic.simulate(preset="prototype", margin=False, calibration_ranges=False, threads=2,
                        progress=seen)
    assert_well_formed(seen.calls)
    assert len(seen.calls) >= 2 and seen.threads == {threading.get_ident()}
    assert any("channels" in m for _, m in seen.calls) and seen.calls[-1] == (1.0, "done")
    bar = FakeBar()
    mosaic.simulate(preset="prototype", margin=False, calibration_ranges=False, progress=bar)
    assert bar.total == 100 and bar.n == 100
    # The same figures as without a callback.
    assert r.json["link"] == mosaic.simulate(preset="prototype", margin=False,
                                             calibration_ranges=False).json["link"]

    def stop(fraction, message):
        raise Stop("no more")

    with pytest.raises(Stop, match="no more"):
        mosaic.simulate(preset="prototype", margin=False, calibration_ranges=False, progress=stop)


def test_design_progress_exception_stops_the_search():
    calls = []

    def stop(fraction, message):
        calls.append((fraction, message))
        raise Stop("enough")

    with pytest.raises(Stop, match="enough"):
        mosaic.design(payload_gbps=800, reach_m=30, threads=2, progress=stop)
    assert len(calls) == 1 and 0.0 <= calls[0][0] < 1.0


@pytest.mark.parametrize("call", [
    lambda: mosaic.sweep(SWEEP, progress=3),
    lambda: mosaic.design(progress="bar"),
    lambda: mosaic.simulate(preset="prototype", progress=object()),
])
def test_progress_of_the_wrong_type_is_a_type_error(call):
    with pytest.raises(TypeError, match=r"progress must be a callable f\(fraction, message\)"):
        call()
