#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace mosaic::link {

// What a scheduled fault does to a channel.
enum class FaultKind {
  kDeath,  // the channel goes dark (no light: the receiver sees zeros) for good
  kBer,    // the channel's BER becomes `value` (every channel's when channel is -1)
  kSkew,   // the channel's skew becomes `value` UI (0..link.max_skew_ui)
};

// One channel event at a time. The relay and the cable schedule faults with this one type; only
// their clocks differ: a Session takes link time (seconds from the start of its run, training
// included), the cable's schedule holds wall-clock seconds after link-up and hands each event to
// its Session when that time has come (Session::inject).
struct FaultEvent {
  double time_s = 0.0;
  FaultKind kind = FaultKind::kDeath;
  int channel = 0;  // physical channel (-1: every channel, kBer only)
  double value = 0.0;
};

using FaultSchedule = std::vector<FaultEvent>;

// The deaths of `count` distinct channels of `pool` (taken in ascending order) at times drawn
// uniformly in [from_s, to_s), in the order drawn. One keyed stream, Rng(seed, kLinkFaults,
// 0xFA11): a partial Fisher-Yates pick of the channel, then its time, death by death, so the
// first k deaths of a longer draw are the deaths of a draw of k. Throws ConfigError (field
// --fail-random) when the pool has fewer than `count` channels.
FaultSchedule draw_random_deaths(std::uint64_t seed, std::span<const int> pool, int count,
                                 double from_s, double to_s);

}  // namespace mosaic::link
