#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "mosaic/phy/stat_eye.hpp"

namespace mosaic::phy {

StatEyeGrid stat_eye_grid(const StatEyeInput& input, int phases, int thresholds) {
  phases = std::max(phases, 2);
  thresholds = std::max(thresholds, 2);
  StatEyeProbe probe(input);
  const int os = probe.samples_per_ui();
  StatEyeGrid g;
  double a = std::numeric_limits<double>::infinity();
  double b = -a;
  std::vector<int> samples;
  for (int i = 0; i < phases; ++i) {
    const int s = -os + static_cast<int>(std::lround(double(2 * os - 1) * i / (phases - 1)));
    if (!samples.empty() && samples.back() == s) continue;  // fewer samples than asked
    samples.push_back(s);
    g.phase_ui.push_back(double(s) / os);
    const auto [lo, hi] = probe.amplitude_range(s);
    a = std::min(a, lo);
    b = std::max(b, hi);
  }
  for (int i = 0; i < thresholds; ++i) g.threshold_a.push_back(a + (b - a) * i / (thresholds - 1));
  g.log10_ber.reserve(g.phase_ui.size() * g.threshold_a.size());
  for (double d : g.threshold_a)
    for (int s : samples) g.log10_ber.push_back(probe.log10_ber(s, d));
  return g;
}

}  // namespace mosaic::phy
