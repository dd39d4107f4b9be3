#!/usr/bin/env bash
# iperf3 TCP throughput through `mosaic cable` between two network namespaces, with the daemon's
# CPU use (from its JSON summary: CPU seconds over wall seconds, both directions' threads).
# Needs root, iproute2, iperf3. Usage: bench/cable_iperf.sh [path/to/mosaic] [SECONDS]
# Each line: MTU, marker period, iperf3 receiver Gb/s, TCP retransmits, daemon CPU %, and the
# throughput per daemon core (Gb/s divided by cores used), the figure that does not depend on how
# many other processes share the machine.
# TCP runs use cubic (iperf3 -C): the emulator carries more per marker period the more is queued,
# a rate that grows with the offered load; BBR (some hosts' default) paces at its estimate of the
# bottleneck and ramps up slowly against such a link.
set -euo pipefail
cd "$(dirname "$0")/.."
MOSAIC=${1:-build/apps/mosaic/mosaic}
SECONDS_PER_RUN=${2:-10}
source scripts/cable_netns.sh

echo "cores: $(nproc), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-14s %10s %8s %8s %14s %16s\n' MTU marker_bits Gb/s retr cpu% Gb/s_per_core latency_p50_us
port=5300
for mtu in 1500 9000; do
  for period in 16384 4096; do
    CABLE_MTU=$mtu start_cable --set link.marker_period_bits=$period
    port=$((port + 1))
    ip netns exec "$nsb" iperf3 -s -D -1 -p $port --logfile "$work/iperf_s.log"
    sleep 0.3
    ip netns exec "$nsa" iperf3 -C cubic -c 10.77.0.2 -p $port -t "$SECONDS_PER_RUN" -J >"$work/iperf.json" ||
      fail "iperf3 (MTU $mtu, period $period)"
    stop_cable
    read -r gbps retr < <(python3 -c "import json; e=json.load(open('$work/iperf.json'))['end']; \
print('%.3f %d' % (e['sum_received']['bits_per_second']/1e9, e['sum_sent']['retransmits']))")
    cpu=$(summary "'%.0f' % d['cpu_percent']")
    per_core=$(summary "'%.2f' % ($gbps / max(d['cpu_percent'] / 100, 1e-9))")
    p50=$(summary "'%.0f' % d['directions']['ab']['latency_us']['p50']")
    printf '%-6s %-14s %10s %8s %8s %14s %16s\n' "$mtu" "$period" "$gbps" "$retr" "$cpu" "$per_core" "$p50"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
