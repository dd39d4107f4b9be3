#pragma once

#include <array>
#include <cstdint>

namespace mosaic::cable {

// Per-frame latency through the emulator (TAP read to TAP write), log-binned.
struct LatencyHistogram {
  static constexpr int kBins = 256;  // 8 per octave from 1 us
  std::uint64_t count = 0;
  double sum_us = 0.0;
  double max_us = 0.0;
  std::array<std::uint64_t, kBins> bins{};
  void add(double us);
  double quantile_us(double q) const;  // upper edge of the bin holding quantile q
};

}  // namespace mosaic::cable
