#!/usr/bin/env bash
# CI: real traffic across `mosaic cable` between two network namespaces (needs root, iproute2,
# iperf3, ping). Four runs of the daemon, each summary checked against schemas/cable.schema.json:
#   1. clean channels: ping and a short iperf3 TCP run;
#   1b. the same with the host FEC RS(528,514) (link.host_fec = "kr4", 660-byte codewords);
#   2. as many channel deaths as there are spares, at random moments of a 20 s iperf3 TCP run with
#      a ping alongside: no lost ping reply, no checksum error in either namespace, no frame
#      dropped or delivered corrupted by the cable, every death a swap in the summary;
#   3. more deaths than spares (and than the cross-channel ECC can mask) under UDP and ping:
#      frames dropped and counted, none delivered corrupted, no checksum error.
# About 70 s on 2 cores. Usage: scripts/ci_cable.sh [path/to/mosaic]
# TCP runs use cubic (iperf3 -C): the emulator carries more per marker period the more is queued,
# a rate that grows with the offered load; BBR (some hosts' default) paces at its estimate of the
# bottleneck and ramps up slowly against such a link.
set -euo pipefail
cd "$(dirname "$0")/.."
MOSAIC=${1:-build/apps/mosaic/mosaic}
IPERF_S=${CABLE_CI_IPERF_S:-20}

source scripts/cable_netns.sh

# TCP retransmission causes in one namespace: tail loss probes, timeouts, fast retransmits.
tcp_causes() {
  ip netns exec "$1" awk '/^TcpExt:/ { if (!h) { for (i = 2; i <= NF; i++) col[$i] = i; h = 1 }
    else print $col["TCPLossProbes"], $col["TCPTimeouts"], $col["TCPFastRetrans"] }' /proc/net/netstat
}
# Frames the kernel dropped on the cable's interfaces (TAP queue full, interface down).
tap_drops() {
  echo $(( $(ip netns exec "$nsa" cat /sys/class/net/"$ifa"/statistics/tx_dropped) +
           $(ip netns exec "$nsb" cat /sys/class/net/"$ifb"/statistics/tx_dropped) ))
}
csum_errors() {  # checksum errors the kernel counted in one namespace (IP, TCP, UDP)
  ip netns exec "$1" awk '/^(Tcp|Udp|Ip):/ { if (!h[$1]) { for (i = 2; i <= NF; i++) col[$1, $i] = i; h[$1] = 1 }
    else if (col[$1, "InCsumErrors"]) s += $col[$1, "InCsumErrors"] } END { print s + 0 }' /proc/net/snmp
}

# The summary against its schema (the session vocabulary shared with `mosaic relay --json`).
check_schema() {
  python3 - "$work/summary.json" <<'PY' || fail "summary does not match schemas/cable.schema.json"
import json, sys
sys.path.insert(0, "tests/schemas")
import check_schemas, jsonschema
schema = check_schemas.load(check_schemas.Path("schemas"), "cable")
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[1]))))
for e in errors[:5]:
    print("/".join(map(str, e.path)), e.message[:200], file=sys.stderr)
sys.exit(1 if errors else 0)
PY
}

t0=$SECONDS
# --- 0. without CAP_NET_ADMIN: one line, exit code 2 -----------------------------------------
set +e
ip netns exec "$nsa" setpriv --bounding-set=-net_admin --inh-caps=-all \
  "$MOSAIC" cable --a "$ifa" --b "$ifb" >/dev/null 2>"$work/denied.txt"
rc=$?
set -e
[[ $rc == 2 && $(wc -l <"$work/denied.txt") == 1 ]] || fail "TAP refused: exit $rc, $(cat "$work/denied.txt")"
grep -q "CAP_NET_ADMIN" "$work/denied.txt" || fail "TAP refused: $(cat "$work/denied.txt")"
echo "ci_cable: 0. without CAP_NET_ADMIN: $(cat "$work/denied.txt") (exit 2)"

# --- 1. clean ---------------------------------------------------------------------------------
start_cable
ip netns exec "$nsb" iperf3 -s -D -1 -p 5201 --logfile "$work/iperf_s1.log"
sleep 0.3
ip netns exec "$nsa" ping -q -c 10 -i 0.1 10.77.0.2 >"$work/ping1.txt" || fail "ping: $(cat "$work/ping1.txt")"
ip netns exec "$nsa" iperf3 -C cubic -c 10.77.0.2 -p 5201 -t 3 -J >"$work/iperf1.json" || fail "iperf3 clean run"
# Faults through the control socket: a death, background errors, a skew step.
[[ $(control "kill 7") == ok* ]] || fail "kill request"
[[ $(control "ber 1e-6") == ok* ]] || fail "ber request"
[[ $(control "skew 9 12 ab") == ok* ]] || fail "skew request"
[[ $(control "kill 99999") == error:* ]] || fail "bad request accepted"
ip netns exec "$nsa" ping -q -c 20 -i 0.05 10.77.0.2 >"$work/ping1b.txt" || fail "ping after faults"
stats=$(control stats)
[[ $stats == *'"frames_out"'* ]] || fail "stats request: $stats"
stop_cable
check_schema
for d in ab ba; do
  [[ $(summary "d['directions']['$d']['swap_count']") == 1 ]] || fail "$d: the killed channel was not swapped"
  [[ $(summary "d['directions']['$d']['swaps'][0]['reason']") == markers_lost ]] || fail "$d: swap reason"
  [[ $(summary "d['directions']['$d']['ecc_corrected_bits'] > 0") == True ]] || fail "$d: no ECC work at BER 1e-6"
  [[ $(summary "d['directions']['$d']['frames_dropped']") == 0 ]] || fail "$d: frames dropped"
done
spares=$(summary "d['link']['spare_channels']")
gbps=$(python3 -c "import json; print('%.3f' % (json.load(open('$work/iperf1.json'))['end']['sum_received']['bits_per_second']/1e9))")
echo "ci_cable: 1. clean: ping ok, iperf3 TCP $gbps Gb/s; control kill/ber/skew: 1 swap each way, 0 drops"

# --- 1b. host FEC RS(528,514) ------------------------------------------------------------------
start_cable --set link.host_fec=kr4
ip netns exec "$nsb" iperf3 -s -D -1 -p 5204 --logfile "$work/iperf_s1b.log"
sleep 0.3
ip netns exec "$nsa" ping -q -c 10 -i 0.1 10.77.0.2 >"$work/ping1c.txt" || fail "kr4 ping: $(cat "$work/ping1c.txt")"
ip netns exec "$nsa" iperf3 -C cubic -c 10.77.0.2 -p 5204 -t 3 -J >"$work/iperf1b.json" || fail "iperf3 kr4 run"
[[ $(control "kill 7") == ok* ]] || fail "kr4 kill request"
[[ $(control "ber 1e-6") == ok* ]] || fail "kr4 ber request"
ip netns exec "$nsa" ping -q -c 20 -i 0.05 10.77.0.2 >"$work/ping1d.txt" || fail "kr4 ping after faults"
stop_cable
check_schema
for d in ab ba; do
  [[ $(summary "d['directions']['$d']['host_fec']") == kr4 ]] || fail "$d: host FEC is not kr4"
  [[ $(summary "d['directions']['$d']['fec_codewords'] > 0") == True ]] || fail "$d: no kr4 codewords"
  [[ $(summary "d['directions']['$d']['fec_codewords_uncorrectable']") == 0 ]] || fail "$d: kr4 codewords lost"
  [[ $(summary "d['directions']['$d']['swap_count']") == 1 ]] || fail "$d: kr4: the killed channel was not swapped"
  [[ $(summary "d['directions']['$d']['frames_dropped']") == 0 ]] || fail "$d: kr4: frames dropped"
  [[ $(summary "d['directions']['$d']['frames_delivered_corrupt']") == 0 ]] || fail "$d: kr4: frames corrupt"
done
# One 5280-bit codeword at the host rate (5440 bits for kp4).
# The module's hardware latency is the design's one model, as `mosaic simulate` states it.
[[ $(summary "d['latency']['electronics_ns'] > 0 and d['latency']['host_fec_ns'] == 0") == True ]] ||
  fail "kr4: no latency model in the summary"
codewords=$(summary "d['directions']['ab']['fec_codewords']")
gbps=$(python3 -c "import json; print('%.3f' % (json.load(open('$work/iperf1b.json'))['end']['sum_received']['bits_per_second']/1e9))")
echo "ci_cable: 1b. kr4 (RS(528,514)): ping ok, iperf3 TCP $gbps Gb/s, $codewords codewords a to b, kill: 1 swap each way, 0 drops"

# --- 2. deaths up to the spare count during iperf3 ----------------------------------------------
before_a=$(csum_errors "$nsa") before_b=$(csum_errors "$nsb")
read -r probes0 timeouts0 fast0 < <(tcp_causes "$nsa")
# Deaths in [3, IPERF_S - 3) s after link-up: inside the iperf3 run, which starts about 1 s in.
start_cable --fail-random "$spares" --fail-random-start-s 3 --fail-random-over-s "$((IPERF_S - 6))"
ip netns exec "$nsb" iperf3 -s -D -1 -p 5202 --logfile "$work/iperf_s2.log"
sleep 0.3
pings=$((IPERF_S * 10))
ip netns exec "$nsa" ping -q -c "$pings" -i 0.1 -W 2 10.77.0.2 >"$work/ping2.txt" &
ping_pid=$!
ip netns exec "$nsa" iperf3 -C cubic -c 10.77.0.2 -p 5202 -t "$IPERF_S" -J >"$work/iperf2.json" || fail "iperf3 with deaths"
wait "$ping_pid" || fail "ping replies lost: $(tail -2 "$work/ping2.txt")"
read -r probes timeouts fast < <(tcp_causes "$nsa")
causes="loss probes $((probes - probes0)), timeouts $((timeouts - timeouts0)), fast $((fast - fast0)), "
drops=$(tap_drops)
stop_cable
check_schema
csum=$(( $(csum_errors "$nsa") - before_a + $(csum_errors "$nsb") - before_b ))
retr=$(python3 -c "import json; print(json.load(open('$work/iperf2.json'))['end']['sum_sent']['retransmits'])")
gbps=$(python3 -c "import json; print('%.3f' % (json.load(open('$work/iperf2.json'))['end']['sum_received']['bits_per_second']/1e9))")
loss=$(grep -o '[0-9.]*% packet loss' "$work/ping2.txt")
for d in ab ba; do
  swaps=$(summary "d['directions']['$d']['swap_count']")
  failed=$(summary "d['directions']['$d']['channels_failed']")
  dropped=$(summary "d['directions']['$d']['frames_dropped']")
  corrupt=$(summary "d['directions']['$d']['frames_delivered_corrupt']")
  [[ $failed == "$spares" ]] || fail "$d: $failed of $spares deaths happened"
  [[ $swaps == "$spares" ]] || fail "$d: $swaps swaps for $spares deaths"
  [[ $dropped == 0 && $corrupt == 0 ]] || fail "$d: $dropped frames dropped, $corrupt delivered corrupt"
done
[[ $csum == 0 ]] || fail "$csum checksum errors in the namespaces"
echo "ci_cable: 2. $spares deaths per direction in ${IPERF_S} s: $spares swaps each way, ping $loss," \
  "iperf3 TCP $gbps Gb/s ($retr retransmits: ${causes}TAP queue drops $drops)," \
  "0 frames dropped, 0 corrupt, 0 checksum errors"

# --- 3. more deaths than spares ------------------------------------------------------------------
before_a=$(csum_errors "$nsa") before_b=$(csum_errors "$nsb")
start_cable --fail-random "$((spares + 12))" --fail-random-over-s 4
ip netns exec "$nsb" iperf3 -s -D -1 -p 5203 --logfile "$work/iperf_s3.log"
sleep 0.3
ip netns exec "$nsa" ping -q -c 60 -i 0.1 -W 1 10.77.0.2 >"$work/ping3.txt" || true
timeout 15 ip netns exec "$nsa" iperf3 -c 10.77.0.2 -p 5203 -u -b 300M -t 3 -J >"$work/iperf3.json" || true
stop_cable
check_schema
csum=$(( $(csum_errors "$nsa") - before_a + $(csum_errors "$nsb") - before_b ))
dropped=$(summary "d['directions']['ab']['frames_dropped'] + d['directions']['ba']['frames_dropped']")
corrupt=$(summary "d['directions']['ab']['frames_delivered_corrupt'] + d['directions']['ba']['frames_delivered_corrupt']")
exhausted=$(summary "d['directions']['ab']['spares_exhausted_count']")
[[ $dropped -gt 0 ]] || fail "no frame dropped with $((spares + 12)) deaths"
[[ $corrupt == 0 ]] || fail "$corrupt frames delivered corrupt"
[[ $csum == 0 ]] || fail "$csum checksum errors in the namespaces"
echo "ci_cable: 3. $((spares + 12)) deaths: $dropped frames dropped and counted, 0 corrupt," \
  "0 checksum errors, $exhausted lanes without a spare"
echo "ci_cable: PASS in $((SECONDS - t0)) s"
