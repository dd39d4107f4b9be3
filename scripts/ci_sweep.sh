#!/usr/bin/env bash
# Sweep acceptance (docs/sweep.md):
#  1. a 500-point sweep killed with SIGKILL at 5 random moments and resumed each time ends with
#     every point exactly once, and its store equals an uninterrupted run's (timing aside);
#  2. `mpirun -np 2` gives the same rows as one process, and the same cluster record (skipped,
#     and said so, without MPI).
# The base design is a 4x4 array (16 channels) so that 500 full evaluations fit the CI budget;
# the sweep code path is the one the 460-channel designs take.
# Needs ./build/apps/mosaic/mosaic (scripts/build.sh). About 50 s on 2 cores; MOSAIC_CI_SEED=N
# replays the kill moments of a run (as fractions of the uninterrupted run's time).
set -euo pipefail
cd "$(dirname "$0")/.."
mosaic=$PWD/build/apps/mosaic/mosaic
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS

cat >"$tmp/sweep.toml" <<'TOML'
[base]
preset = "prototype"
set = ["array.rows=4", "array.cols=4", "array.data_channels=12", "array.spare_channels=4",
       "link.host_lanes=1", "link.host_lane_rate_gbps=20"]

[[axis]]
key = "fiber.length_m"
start = 2
stop = 50
count = 25

[[axis]]
key = "channel.rate_gbps"
values = [1.25, 1.5, 2.0, 2.5]

[[axis]]
key = "environment.case_temperature_c"
values = [25, 45, 65, 85, 105]
TOML

rows() {  # every row of a store but the timing column, in point order
  python3 - "$1" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
cur = con.execute("SELECT * FROM points ORDER BY point")
keep = [i for i, d in enumerate(cur.description) if d[0] != "eval_s"]
for r in cur:
    print("|".join(repr(r[i]) for i in keep))
PY
}
count() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*), count(DISTINCT point) FROM points").fetchone()[0])' "$1" 2>/dev/null || echo 0; }

echo "== uninterrupted 500-point sweep"
t0=$(date +%s%N)
"$mosaic" sweep "$tmp/sweep.toml" --store "$tmp/reference.db" --threads 2
full_ms=$((($(date +%s%N) - t0) / 1000000))
rows "$tmp/reference.db" >"$tmp/reference.txt"
test "$(wc -l <"$tmp/reference.txt")" -eq 500

echo "== the same sweep killed with SIGKILL at 5 random moments, resumed each time"
seed=${MOSAIC_CI_SEED:-$RANDOM}
echo "kill moments drawn with seed $seed"
RANDOM=$seed
resume=""
for kill in 1 2 3 4 5; do
  "$mosaic" sweep "$tmp/sweep.toml" --store "$tmp/killed.db" --threads 2 $resume >/dev/null &
  pid=$!
  # uniform in [4 %, 18 %) of the uninterrupted run's time: five kills add up to at most 90 % of
  # it, so each lands while points are still missing, at a different stage of the run
  ms=$((full_ms * (4 + RANDOM % 14) / 100))
  delay=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
  sleep "$delay"
  if kill -KILL "$pid" 2>/dev/null; then
    wait "$pid" 2>/dev/null || true
    stored=$(count "$tmp/killed.db")
    echo "kill $kill after ${delay} s: $stored points stored"
  else
    wait "$pid"
    echo "kill $kill after ${delay} s: the run had already finished (a kill that tests nothing)"
    exit 1
  fi
  resume="--resume"
done
"$mosaic" sweep "$tmp/sweep.toml" --store "$tmp/killed.db" --threads 2 --resume
python3 - "$tmp/killed.db" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
n, distinct, lo, hi = con.execute("SELECT count(*), count(DISTINCT point), min(point), max(point) FROM points").fetchone()
assert (n, distinct, lo, hi) == (500, 500, 0, 499), (n, distinct, lo, hi)
print("every point exactly once:", n, "rows")
PY
rows "$tmp/killed.db" | cmp - "$tmp/reference.txt"
echo "killed-and-resumed store equals the uninterrupted one"

echo "== 2 MPI ranks against one process"
if command -v mpirun >/dev/null && "$mosaic" sweep --help | grep -q "MPI: available"; then
  as_root=""
  if [ "$(id -u)" -eq 0 ]; then as_root="--allow-run-as-root"; fi
  mpirun -np 2 --oversubscribe $as_root "$mosaic" sweep "$tmp/sweep.toml" --store "$tmp/mpi.db"
  rows "$tmp/mpi.db" | cmp - "$tmp/reference.txt"
  echo "2 MPI ranks: same rows as one process"
  # The cluster study spreads its fleet Monte Carlo over the ranks: the record is the same but
  # for its timing.
  cluster_record() { python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("timing"); print(json.dumps(d, sort_keys=True))'; }
  "$mosaic" cluster --preset fat-tree-100k --set links.technologies=mosaic,smf-dsp --json | cluster_record > "$tmp/cluster1.json"
  mpirun -np 2 --oversubscribe $as_root "$mosaic" cluster --preset fat-tree-100k \
    --set links.technologies=mosaic,smf-dsp --json | cluster_record | cmp - "$tmp/cluster1.json"
  echo "2 MPI ranks: same cluster record as one process"
else
  echo "MPI not available in this build: skipped"
fi
echo "== sweep checks passed in $((SECONDS - start)) s"
