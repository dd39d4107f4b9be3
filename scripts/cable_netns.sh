# Sourced by scripts/ci_cable.sh and bench/cable_iperf.sh: two network namespaces joined by
# `mosaic cable` (A = 10.77.0.1 in $nsa, B = 10.77.0.2 in $nsb). Needs root and iproute2.
# The caller sets MOSAIC (the binary) and may set CABLE_MTU; everything is removed on exit.
tag=mc$$
nsa=${tag}a nsb=${tag}b ifa=${tag}A ifb=${tag}B
work=$(mktemp -d)
pid=
cable_cleanup() {
  if [[ -n $pid ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  for ns in "$nsa" "$nsb"; do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill 2>/dev/null || true
    ip netns del "$ns" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cable_cleanup EXIT
fail() {
  echo "${0##*/}: FAIL: $*" >&2
  [[ -f $work/cable.log ]] && tail -5 "$work/cable.log" >&2
  exit 1
}
ip netns add "$nsa"
ip netns add "$nsb"
ip -n "$nsa" link set lo up
ip -n "$nsb" link set lo up

# Starts the cable with extra options, moves its interfaces into the namespaces, addresses them
# and waits until A reaches B. The summary JSON goes to $work/summary.json.
start_cable() {
  "$MOSAIC" cable --a "$ifa" --b "$ifb" --stats-socket "$work/ctl.sock" "$@" \
    >"$work/summary.json" 2>"$work/cable.log" &
  pid=$!
  for _ in $(seq 200); do
    [[ -S $work/ctl.sock ]] && ip link show "$ifb" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || fail "cable did not start: $(cat "$work/cable.log")"
    sleep 0.1
  done
  ip link set "$ifa" netns "$nsa"
  ip link set "$ifb" netns "$nsb"
  ip -n "$nsa" addr add 10.77.0.1/24 dev "$ifa"
  ip -n "$nsb" addr add 10.77.0.2/24 dev "$ifb"
  ip -n "$nsa" link set "$ifa" mtu "${CABLE_MTU:-1500}" up
  ip -n "$nsb" link set "$ifb" mtu "${CABLE_MTU:-1500}" up
  ip netns exec "$nsa" ping -q -c 1 -W 5 10.77.0.2 >/dev/null || fail "no link"
}
stop_cable() {
  kill -TERM "$pid"
  wait "$pid" || fail "cable exited with $?"
  pid=
}
# One request on the control socket; prints the one-line reply.
control() {
  python3 - "$work/ctl.sock" "$1" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall((sys.argv[2] + "\n").encode())
print(s.makefile().readline().strip())
PY
}
# A Python expression over the summary `d`, printed.
summary() { python3 -c "import json,sys; d=json.load(open('$work/summary.json')); print(eval(sys.argv[1]))" "$1"; }
