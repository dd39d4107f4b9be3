#pragma once

#include <array>
#include <cassert>
#include <span>

#include "mosaic/phy/mc/segment.hpp"

namespace mosaic::phy::mc {

// Wrong decisions per lane: decided against sent bits (both 0/1, lane-interleaved, one segment).
class ErrorCounter {
 public:
  void process(std::span<const float> decided, std::span<const float> sent) {
    assert(decided.size() == sent.size() && sent.size() == std::size_t{kSegmentBits} * kLanes);
    // Whole counts, so the order they are summed in does not matter: lanes innermost vectorize.
    std::array<int, kLanes> wrong{};
    for (int j = 0; j < kSegmentBits; ++j)
      for (int l = 0; l < kLanes; ++l)
        wrong[l] += (decided[j * kLanes + l] > 0.5f) != (sent[j * kLanes + l] > 0.5f);
    for (int l = 0; l < kLanes; ++l) errors_[l] += wrong[l];
  }
  void reset() { errors_.fill(0.0); }

  // All lanes' errors, summed in lane order.
  double errors() const {
    double e = 0.0;
    for (double v : errors_) e += v;
    return e;
  }

 private:
  std::array<double, kLanes> errors_{};
};

}  // namespace mosaic::phy::mc
