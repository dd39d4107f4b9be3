#pragma once

#include <cstdint>
#include <vector>

namespace mosaic::phy::kernels {

// A distribution's noise, 1/sigma at each bin for either cursor bit (inverse_sigmas), computed a
// group of 8 bins at a time when a decision sum first needs the group. A sum skips the groups
// whose every term lies beyond its cutoff; across all the thresholds a sweep tries, four groups in
// five are never needed, and their square roots and divisions were a tenth of a sweep's time.
// A group is computed by the same call, to the same bits, as the whole histogram at once. Not
// thread-safe: a distribution is read by one thread at a time.
struct LazyInverseSigmas {
  // inverse_sigmas' arguments.
  double lo = 0.0;
  double step = 0.0;
  double cursor = 0.0;
  double base_var = 0.0;
  double shot_per_a = 0.0;
  double floor_var = 0.0;
  // 1/sigma at each bin, cursor bit 0 and 1; a group of 8 bins is valid once not pending.
  std::vector<double> inv_sigma0;
  std::vector<double> inv_sigma1;
  // Bit g: bins [8g, 8g + 8) not computed yet; at most 64 groups. 0 (every bin valid) for noise
  // filled in by hand.
  std::uint64_t pending = 0;
  // No live bin's 1/sigma is below these (the variance grows with the level, so they are the
  // extreme live bins' smaller): a lane's z = distance x 1/sigma is at least distance x least
  // where the distance is positive, so a group can be ruled out before it is computed.
  double least_inv_sigma0 = 0.0;
  double least_inv_sigma1 = 0.0;

  // Sized for `bins` (whole groups, at most 512), every group pending.
  void start(int bins);
  bool needs(int group) const { return (pending >> group) & 1u; }
  void compute(int group);
  // Every pending group that holds a bin of [first, last].
  void compute_bins(int first, int last);
};

}  // namespace mosaic::phy::kernels
