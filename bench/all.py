#!/usr/bin/python3
"""Every speed figure of mosaic beside its anchor, measured in one run, with the ratios.

    /usr/bin/python3 bench/all.py [--build build] [--quick] [--no-cable] [--json FILE]

Runs, one after the other on an otherwise idle machine (the load average is printed before and
after: a figure measured under load is not a figure):
  relay pipeline       bench_link BM_Pipeline (host Gb/s per core, the default striping)
  RS(544,514) decode   bench_link BM_Rs544Decode_Mosaic beside BM_Rs544Decode_Libfec, 0 and 15
                       symbol errors per codeword (libfec's decode_rs_char, same codewords)
  Monte Carlo          bench_mc BM_SingleChannel: symbol rate (the channel's own ISI, crosstalk
                       off) and waveform (16 samples per symbol), one thread;
                       BM_SymbolWithAggressors: symbol rate with the 8 neighbours' pulses
                       superposed (9 sources per decision); bench/mc_vs_numpy.py for the waveform
                       chain beside its vectorised numpy version
  importance sampling  bench_mc BM_ImportanceEstimateAt1e12 (one estimate, one core)
  sweep                bench_sweep BM_Sweep800g (40 points of the 800G design, all channels,
                       on 1 and 2 threads; the median of 3 runs of each)
  cable                bench/cable_iperf.sh's set-up: iperf3 TCP through `mosaic cable` at MTU
                       1500, beside iperf3 over a plain veth pair (the TAP ceiling); ping RTT
                       through the idle cable beside the veth's and beside a bare TAP relay
                       (bench/tap_relay.cpp: the cable's TAP devices joined with no link model,
                       the floor under any user-space cable) (needs root, iproute2, iperf3)
Each line: the figure, the target of the speed issue, the anchor, and the ratio to the anchor.
Anchors that are published numbers rather than runs here (AFF3CT's AWGN loop) say so.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# numpy comes from Debian's python3-numpy: the system interpreter, whatever runs this script.
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
ROOT = os.path.dirname(HERE)


def load_average() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def gbench(exe: str, pattern: str, repetitions: int = 1) -> dict:
    """name -> the benchmark's JSON entry (counters included), from one run of `exe`; with
    repetitions, each benchmark's median over them (its name ends in _median)."""
    extra = [] if repetitions == 1 else [f"--benchmark_repetitions={repetitions}",
                                         "--benchmark_report_aggregates_only=true"]
    out = subprocess.run([exe, f"--benchmark_filter={pattern}", "--benchmark_format=json", *extra],
                         check=True, capture_output=True, text=True).stdout
    return {b["name"]: b for b in json.loads(out)["benchmarks"]}


def find_aggregate(results: dict, prefix: str, aggregate: str) -> dict:
    for name, entry in results.items():
        if name.startswith(prefix) and entry.get("aggregate_name") == aggregate:
            return entry
    raise KeyError(f"no {aggregate} of {prefix} in {sorted(results)}")


def find(results: dict, prefix: str) -> dict:
    for name, entry in results.items():
        if name.startswith(prefix):
            return entry
    raise KeyError(f"no benchmark {prefix} in {sorted(results)}")


def seconds(entry: dict) -> float:
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[entry.get("time_unit", "ns")]
    return entry["real_time"] * scale


def cable_figures(mosaic: str, tap_relay: str, seconds_per_run: int) -> dict:
    """iperf3 and ping through the cable, over a plain veth pair and through a bare TAP relay,
    in one shell run."""
    script = f"""
set -euo pipefail
cd {ROOT}
MOSAIC={mosaic}
source scripts/cable_netns.sh
# The ceiling: the same two namespaces over a veth pair.
ip link add {{v}}a type veth peer name {{v}}b
ip link set {{v}}a netns "$nsa"; ip link set {{v}}b netns "$nsb"
ip -n "$nsa" addr add 10.78.0.1/24 dev {{v}}a; ip -n "$nsb" addr add 10.78.0.2/24 dev {{v}}b
ip -n "$nsa" link set {{v}}a up; ip -n "$nsb" link set {{v}}b up
ip netns exec "$nsb" iperf3 -s -D -p 5410 --logfile "$work/veth_s.log"
sleep 0.3
ip netns exec "$nsa" ping -q -c 200 -i 0.01 10.78.0.2 | tail -1 | sed 's/^/veth_ping /'
ip netns exec "$nsa" iperf3 -C cubic -c 10.78.0.2 -p 5410 -t {seconds_per_run} -J >"$work/veth.json"
python3 -c "import json; print('veth_gbps', json.load(open('$work/veth.json'))['end']['sum_received']['bits_per_second']/1e9)"
# The floor under any user-space cable: the same TAP interfaces relayed with no link model.
# (Its pid in the cable's `pid`: cable_netns.sh's clean-up stops it should a step fail.)
{tap_relay} ${{tag}}RA ${{tag}}RB 2>"$work/relay.log" & pid=$!
for _ in $(seq 100); do ip link show ${{tag}}RB >/dev/null 2>&1 && break; sleep 0.05; done
ip link set ${{tag}}RA netns "$nsa"; ip link set ${{tag}}RB netns "$nsb"
ip -n "$nsa" addr add 10.79.0.1/24 dev ${{tag}}RA; ip -n "$nsb" addr add 10.79.0.2/24 dev ${{tag}}RB
ip -n "$nsa" link set ${{tag}}RA up; ip -n "$nsb" link set ${{tag}}RB up
ip netns exec "$nsa" ping -q -c 1 -W 5 10.79.0.2 >/dev/null
ip netns exec "$nsa" ping -q -c 200 -i 0.01 10.79.0.2 | tail -1 | sed 's/^/relay_floor_ping /'
kill "$pid"; wait "$pid" || true; pid=
start_cable
ip netns exec "$nsa" ping -q -c 200 -i 0.01 10.77.0.2 | tail -1 | sed 's/^/cable_ping /'
ip netns exec "$nsb" iperf3 -s -D -1 -p 5411 --logfile "$work/cable_s.log"
sleep 0.3
# A ping beside the transfer: the whole delay a frame sees under load, the kernel's queues and
# the emulator's together (the summary's p50 counts from the emulator's read of a frame).
(sleep 1; ip netns exec "$nsa" ping -q -c {{loaded_pings}} -i 0.02 10.77.0.2 | tail -1 |
  sed 's/^/cable_loaded_ping /' >"$work/loaded_ping.txt") &
pinger=$!
ip netns exec "$nsa" iperf3 -C cubic -c 10.77.0.2 -p 5411 -t {seconds_per_run} -J >"$work/cable.json"
wait $pinger
cat "$work/loaded_ping.txt"
stop_cable
python3 -c "import json; print('cable_gbps', json.load(open('$work/cable.json'))['end']['sum_received']['bits_per_second']/1e9)"
summary "'cable_p50_us %f' % d['directions']['ab']['latency_us']['p50']"
summary "'cable_p99_us %f' % d['directions']['ab']['latency_us']['p99']"
summary "'cable_cpu_percent %f' % d['cpu_percent']"
summary "'hardware_ns %f' % d['latency']['total_ns']"
""".replace("{v}", "mcv").replace("{loaded_pings}", str(max(20, int((seconds_per_run - 1.5) / 0.02))))
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip()[-400:])
    figures = {}
    for line in out.stdout.splitlines():
        key, _, rest = line.partition(" ")
        if key.endswith("_ping"):
            # rtt min/avg/max/mdev = 0.031/0.045/0.090/0.010 ms
            m = re.search(r"= ([\d.]+)/([\d.]+)/", rest)
            if m:
                figures[key + "_avg_us"] = float(m.group(2)) * 1e3
        elif rest:
            figures[key] = float(rest)
    return figures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--quick", action="store_true", help="shorter runs (cable 3 s, fewer bits)")
    ap.add_argument("--no-cable", action="store_true", help="skip the cable (no root or iperf3)")
    ap.add_argument("--json", help="also write every figure to this file")
    args = ap.parse_args()
    bench = os.path.join(args.build, "bench")
    mosaic = os.path.join(args.build, "apps", "mosaic", "mosaic")
    for exe in ("bench_link", "bench_mc", "bench_sweep", "tap_relay"):
        if not os.path.exists(os.path.join(bench, exe)):
            sys.exit(f"{bench}/{exe} not found: build with -DMOSAIC_BENCH=ON (the default)")
    print(f"cores: {os.cpu_count()}, load average before: {load_average()}", flush=True)
    rows = []  # (engine, figure, unit, target, anchor name, anchor figure or None)
    fig = {}

    link = gbench(os.path.join(bench, "bench_link"), "BM_Pipeline|BM_Rs544Decode")
    fig["relay_gbps_per_core"] = find(link, "BM_Pipeline/word_striping:1")["host_Gbps"]
    rows.append(("relay pipeline, host Gb/s per core", fig["relay_gbps_per_core"], "Gb/s",
                 ">= 12", "goal of the speed issue", 12.0))
    for errors in (0, 15):
        ours = find(link, f"BM_Rs544Decode_Mosaic/errors:{errors}")["Gbps"]
        theirs = find(link, f"BM_Rs544Decode_Libfec/errors:{errors}")["Gbps"]
        fig[f"rs_decode_gbps_{errors}"] = ours
        fig[f"libfec_decode_gbps_{errors}"] = theirs
        rows.append((f"RS(544,514) decode, {errors} errors", ours, "Gb/s", ">= 4x libfec",
                     "libfec decode_rs_char (run here)", theirs))
    print(f"link layer done (load {load_average()})", flush=True)

    mc = gbench(os.path.join(bench, "bench_mc"),
                "BM_SingleChannel|BM_SymbolWithAggressors|BM_ImportanceEstimateAt1e12")
    fig["mc_symbol_bits_per_s"] = find(mc, "BM_SingleChannel/symbol:1/bits:20000000")["bits_per_s"]
    fig["mc_symbol_aggressors_bits_per_s"] = find(mc, "BM_SymbolWithAggressors")["bits_per_s"]
    fig["mc_waveform_bits_per_s"] = find(mc, "BM_SingleChannel/symbol:0")["bits_per_s"]
    fig["importance_1e12_s"] = seconds(find(mc, "BM_ImportanceEstimateAt1e12"))
    rows.append(("Monte Carlo symbol rate, own ISI, 1 thread", fig["mc_symbol_bits_per_s"] / 1e6,
                 "Mbit/s", ">= 100", "AFF3CT bare AWGN loop (published, not run)", 450.0))
    rows.append(("Monte Carlo symbol rate, ISI + 8 aggressors, 1 thread",
                 fig["mc_symbol_aggressors_bits_per_s"] / 1e6, "Mbit/s", ">= 100", "", None))
    rows.append(("Monte Carlo waveform 16 samples/symbol, 1 thread",
                 fig["mc_waveform_bits_per_s"] / 1e6, "Mbit/s", ">= 25", "", None))
    rows.append(("importance sampling to 1e-12", fig["importance_1e12_s"], "s", "<= 0.3", "", None))
    bits = "1e6" if args.quick else "4e6"
    out = subprocess.run([PYTHON, os.path.join(HERE, "mc_vs_numpy.py"), "--build",
                          args.build, "--bits", bits, "--numpy-bits", "5e5" if args.quick else "1e6"],
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r"mosaic \(1 thread\)\s+([\d.e+]+) bits/s.*\nnumpy\s+([\d.e+]+) bits/s", out)
    fig["waveform_chain_bits_per_s"], fig["numpy_chain_bits_per_s"] = float(m.group(1)), float(m.group(2))
    rows.append(("waveform chain beside numpy (prototype 30 m)", fig["waveform_chain_bits_per_s"] / 1e6,
                 "Mbit/s", ">= 40x numpy", "vectorised numpy chain (run here)",
                 fig["numpy_chain_bits_per_s"] / 1e6))
    print(f"Monte Carlo done (load {load_average()})", flush=True)

    # One 40-point sweep takes 2-4 s: the median of three, so that a second of the host's noise
    # does not decide the figure.
    sweep = gbench(os.path.join(bench, "bench_sweep"), "BM_Sweep800g", repetitions=3)
    for threads in (1, 2):
        fig[f"sweep_designs_per_s_{threads}"] = find_aggregate(
            sweep, f"BM_Sweep800g/{threads}/", "median")["designs/s"]
    rows.append(("sweep 800G, all channels, 2 threads", fig["sweep_designs_per_s_2"], "designs/s",
                 ">= 20", "the same on 1 thread", fig["sweep_designs_per_s_1"]))
    print(f"sweep done (load {load_average()})", flush=True)

    if not args.no_cable:
        if os.geteuid() != 0 or not shutil.which("iperf3"):
            print("cable: skipped (needs root and iperf3)")
        else:
            c = cable_figures(mosaic, os.path.join(bench, "tap_relay"), 3 if args.quick else 10)
            fig.update({f"cable_{k}" if not k.startswith(("cable", "veth", "relay")) else k: v
                        for k, v in c.items()})
            rows.append(("cable iperf3 TCP, MTU 1500", c["cable_gbps"], "Gb/s", ">= 5",
                         "plain veth pair (run here)", c["veth_gbps"]))
            rows.append(("cable added latency p50 under that load", c["cable_p50_us"], "us",
                         "<= 200", "modelled hardware, one way", c["hardware_ns"] / 1e3))
            rows.append(("ping RTT through the idle cable", c.get("cable_ping_avg_us", float("nan")),
                         "us", "<= veth + 100", "veth RTT", c.get("veth_ping_avg_us")))
            rows.append(("ping RTT through a bare TAP relay (floor)",
                         c.get("relay_floor_ping_avg_us", float("nan")), "us", "-", "veth RTT",
                         c.get("veth_ping_avg_us")))
            rows.append(("ping RTT through the idle cable, over the floor",
                         c.get("cable_ping_avg_us", float("nan")), "us", "-", "bare TAP relay",
                         c.get("relay_floor_ping_avg_us")))
            rows.append(("ping RTT through the cable under that load",
                         c.get("cable_loaded_ping_avg_us", float("nan")), "us", "-",
                         "idle cable", c.get("cable_ping_avg_us")))
    print(f"load average after: {load_average()}\n")

    print(f"{'engine':50} {'measured':>12} {'unit':10} {'target':14} {'ratio':>8}  anchor")
    for engine, value, unit, target, anchor, anchor_value in rows:
        ratio = f"{value / anchor_value:.2f}x" if anchor_value else ""
        shown = f"{anchor} = {anchor_value:.4g}" if anchor_value is not None and anchor else anchor
        print(f"{engine:50} {value:12.4g} {unit:10} {target:14} {ratio:>8}  {shown}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(fig, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
