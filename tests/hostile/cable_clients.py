"""The cable's control socket under hostile clients, for tests/hostile/test_cable_clients.cpp.

    unshare --net python3 cable_clients.py MOSAIC WORKDIR

Runs `mosaic cable` (two TAP interfaces in this network namespace) with a control socket and
checks: a client that sends and never reads does not stop another client from being answered
within a second; a request longer than the limit is refused; clients beyond the limit are told so;
and SIGTERM ends the daemon within a second while a client that never reads is connected. Exit 0
when all hold, 77 when the cable cannot run here (no TAP device), 1 with a message otherwise.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time

mosaic, work = sys.argv[1], sys.argv[2]
sock_path = os.path.join(work, "ctl.sock")


def fail(why):
    print(f"FAIL: {why}", file=sys.stderr)
    sys.exit(1)


try:
    os.close(os.open("/dev/net/tun", os.O_RDWR))
except OSError as e:
    print(f"skipped: no TAP device here ({e})", file=sys.stderr)
    sys.exit(77)

err = open(os.path.join(work, "cable.err"), "w")
daemon = subprocess.Popen([mosaic, "cable", "--a", "hcA", "--b", "hcB", "--preset", "prototype",
                           "--stats-socket", sock_path], stdout=subprocess.PIPE, stderr=err)
try:
    for _ in range(200):
        if os.path.exists(sock_path):
            break
        if daemon.poll() is not None:
            fail(f"the cable did not start: {open(err.name).read()}")
        time.sleep(0.05)
    else:
        fail("no control socket after 10 s")

    def ask(request, timeout=1.0):
        c = socket.socket(socket.AF_UNIX)
        c.settimeout(timeout)
        c.connect(sock_path)
        t0 = time.monotonic()
        c.sendall(request.encode() + b"\n")
        line = c.makefile("rb").readline()
        c.close()
        return line.decode(), time.monotonic() - t0

    def flood():
        """A client that sends requests as fast as the socket takes them and never reads."""
        f = socket.socket(socket.AF_UNIX)
        f.connect(sock_path)
        f.setblocking(False)
        sent = 0
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            try:
                sent += f.send(b"stats\n" * 512)
            except BlockingIOError:
                time.sleep(0.01)
            except OSError:
                break  # dropped by the daemon: what it should do
        return f, sent

    reader, sent = flood()
    if sent < 6 * 1000:
        fail(f"the flooding client could only send {sent} bytes")
    for i in range(5):
        line, took = ask("stats")
        if not line.startswith("{"):
            fail(f"stats while a client floods: {line!r}")
        json.loads(line)
        if took > 1.0:
            fail(f"another client answered after {took:.2f} s")
    line, _ = ask("kill 999999")
    if not line.startswith("error: ") or line.count("\n") != 1:
        fail(f"bad channel: {line!r}")
    line, _ = ask("frob\x01\x1b[31m")
    if "\\x01" not in line or "\x1b" in line:
        fail(f"control characters reached the reply raw: {line!r}")
    line, _ = ask("x" * 10000)
    if "at most 4096 bytes" not in line:
        fail(f"an overlong request: {line!r}")

    idle = []
    for _ in range(20):
        c = socket.socket(socket.AF_UNIX)
        c.connect(sock_path)
        idle.append(c)
    time.sleep(0.5)
    refused = 0
    for c in idle:
        c.settimeout(0.2)
        try:
            if c.recv(200).startswith(b"error: too many"):
                refused += 1
        except (socket.timeout, OSError):
            pass
    if refused < 4:
        fail(f"{refused} of 20 idle clients were refused (the limit is 16, one client floods)")
    for c in idle:
        c.close()
    time.sleep(0.3)
    line, _ = ask("stats")
    if not line.startswith("{"):
        fail(f"stats after the idle clients left: {line!r}")

    # SIGTERM with a client connected that never reads.
    stuck, _ = flood()
    t0 = time.monotonic()
    daemon.send_signal(signal.SIGTERM)
    try:
        out, _ = daemon.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        fail("SIGTERM did not end the daemon within 5 s")
    took = time.monotonic() - t0
    if took > 1.0:
        fail(f"SIGTERM took {took:.2f} s to end the daemon")
    if daemon.returncode != 0:
        fail(f"exit code {daemon.returncode}: {open(err.name).read()}")
    json.loads(out)
    stuck.close()
    reader.close()
finally:
    if daemon.poll() is None:
        daemon.kill()
print(f"ok: flood of {sent} bytes, {refused} idle clients refused, SIGTERM in {took:.2f} s")
