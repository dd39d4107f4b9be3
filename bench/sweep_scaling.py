#!/usr/bin/python3
"""Designs per second of `mosaic sweep` over the default 800G family (all 460 channels: statistical
eye, lanes, power, reliability), side by side: one process on 1 thread, one process on 2 threads,
and 2 MPI ranks (1 thread each), on the same sweep file. Prints each rate (wall clock, and per
CPU second of the whole process tree), whether the stores agree row for row, and the speed-ups.

    /usr/bin/python3 bench/sweep_scaling.py [--build build] [--points 24]
"""
import argparse
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time


def sweep_file(path, points):
    lengths = max(1, points // 4)
    with open(path, "w") as f:
        f.write('[base]\npreset = "800g"\n')
        f.write(f'[[axis]]\nkey = "fiber.length_m"\nstart = 20\nstop = 50\ncount = {lengths}\n')
        f.write('[[axis]]\nkey = "environment.case_temperature_c"\nvalues = [25, 45, 65, 85]\n')
    return lengths * 4


def rows(db):
    con = sqlite3.connect(db)
    cur = con.execute("SELECT * FROM points ORDER BY point")
    names = [d[0] for d in cur.description]
    keep = [i for i, n in enumerate(names) if n != "eval_s"]
    out = [tuple(r[i] for i in keep) for r in cur]
    con.close()
    return out


def run(cmd, db):
    """Wall-clock seconds and CPU seconds (user + system of the whole process tree)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--points", type=int, default=24)
    args = ap.parse_args()
    mosaic = os.path.join(args.build, "apps", "mosaic", "mosaic")
    tmp = tempfile.mkdtemp(prefix="mosaic_sweep_bench_")
    try:
        sweep = os.path.join(tmp, "sweep.toml")
        n = sweep_file(sweep, args.points)
        cases = [("1 process, 1 thread", [mosaic, "sweep", sweep, "--threads", "1"]),
                 ("1 process, 2 threads", [mosaic, "sweep", sweep, "--threads", "2"])]
        mpirun = shutil.which("mpirun")
        if mpirun:
            launcher = [mpirun, "-np", "2", "--oversubscribe"]
            if os.geteuid() == 0:
                launcher.append("--allow-run-as-root")
            cases.append(("MPI, 2 ranks x 1 thread", launcher + [mosaic, "sweep", sweep, "--threads", "1"]))
        results = []
        reference = None
        for name, cmd in cases:
            db = os.path.join(tmp, f"store{len(results)}.db")
            seconds, cpu = run(cmd + ["--store", db], db)
            r = rows(db)
            if reference is None:
                reference = r
            same = "same rows" if r == reference else "ROWS DIFFER"
            results.append((name, seconds))
            print(f"{name:26s} {n} designs in {seconds:7.2f} s = {n / seconds:6.2f} designs/s; "
                  f"{cpu:6.2f} CPU s = {n / cpu:5.2f} designs per CPU second  ({same})")
        base = results[0][1]
        for name, seconds in results[1:]:
            print(f"speed-up of {name}: {base / seconds:.2f}x")
        if not mpirun:
            print("MPI: mpirun not found (build without MPI)")
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
              "(wall-clock rates are only meaningful on an otherwise idle machine)")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
