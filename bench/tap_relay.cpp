// The floor under any user-space cable: two TAP interfaces (the cable's own, TapDevice) joined
// by a relay with no link model, each packet written out as soon as it is read. bench/all.py
// pings through it beside a veth pair and `mosaic cable`: what it adds to the veth's round trip
// is what waking user-space threads and crossing the TAP devices cost on the machine, which no
// emulator can go below.
//
//     tap_relay IF_A IF_B      (needs root; SIGTERM or SIGINT stops it)
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>
#include <vector>

#include "mosaic/cable/tap_device.hpp"

namespace {

std::atomic<bool> stop{false};

void on_signal(int) {
  stop = true;
}

// One direction: wait for the input to be readable, then pass on everything queued there. The
// descriptors are non-blocking (TapDevice), so the wait is a poll, woken by the kernel as a
// blocking read would be; its timeout only lets the thread see `stop`.
void relay(int in, int out) {
  std::vector<char> buffer(1 << 17);
  while (!stop.load(std::memory_order_relaxed)) {
    pollfd p{in, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    for (ssize_t got; (got = ::read(in, buffer.data(), buffer.size())) > 0;)
      if (::write(out, buffer.data(), std::size_t(got)) != got) break;  // an interface went down
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: tap_relay IF_A IF_B\n");
    return 2;
  }
  try {
    const mosaic::cable::TapDevice a(argv[1], "a");
    const mosaic::cable::TapDevice b(argv[2], "b");
    std::signal(SIGTERM, on_signal);
    std::signal(SIGINT, on_signal);
    std::thread ab(relay, a.fd(), b.fd());
    relay(b.fd(), a.fd());
    ab.join();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tap_relay: %s\n", e.what());
    return 1;
  }
  return 0;
}
