#include "mosaic/phy/lazy_inverse_sigmas.hpp"

#include "mosaic/phy/histogram_kernels.hpp"

namespace mosaic::phy::kernels {

void LazyInverseSigmas::start(int bins) {
  inv_sigma0.resize(static_cast<std::size_t>(bins));
  inv_sigma1.resize(static_cast<std::size_t>(bins));
  const int groups = bins / 8;
  pending = groups >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << groups) - 1;
}

void LazyInverseSigmas::compute(int group) {
  inverse_sigmas(lo, step, cursor, base_var, shot_per_a, floor_var, 8 * group, 8 * group + 7,
                 inv_sigma0.data(), inv_sigma1.data());
  pending &= ~(std::uint64_t{1} << group);
}

void LazyInverseSigmas::compute_bins(int first, int last) {
  if (first < 0 || last < first) return;
  for (int g = first >> 3; g <= last >> 3; ++g)
    if (needs(g)) compute(g);
}

}  // namespace mosaic::phy::kernels
