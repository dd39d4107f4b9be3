#pragma once

#include <span>
#include <vector>

namespace mosaic::phy::mc {

// The photodiode of a channel: its own photocurrent plus kappa times each live neighbour's (the
// incoherent leakage through the fiber), at the same instants. Stateless.
class Photodiode {
 public:
  explicit Photodiode(std::vector<float> kappas) : kappas_(std::move(kappas)) {}

  // own, neighbours[k] (in the order of the kappas) and out: the same number of lane-interleaved
  // samples each.
  void process(std::span<const float> own, std::span<const std::span<const float>> neighbours,
               std::span<float> out) const;
  void reset() {}

 private:
  std::vector<float> kappas_;
};

}  // namespace mosaic::phy::mc
