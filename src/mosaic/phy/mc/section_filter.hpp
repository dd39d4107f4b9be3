#pragma once

#include <span>
#include <vector>

#include "mosaic/phy/biquad.hpp"

namespace mosaic::phy::mc {

// A cascade of second-order sections run on every lane (the receiver's TIA and CTLE from
// ReceiverFilter::sections), float coefficients and state, gain on the first section's
// numerator; with no sections it is the gain alone.
class SectionFilter {
 public:
  explicit SectionFilter(std::span<const Biquad> sections, float gain = 1.0f);

  // in and out: n samples x kLanes each, n the same for both; they may alias.
  void process(std::span<const float> in, std::span<float> out);
  void reset();

  int sections() const { return sections_; }

 private:
  int sections_;
  float gain_;
  std::vector<float> coef_;   // {b0, b1, b2, a1, a2} per section
  std::vector<float> state_;  // two per section and lane
};

}  // namespace mosaic::phy::mc
