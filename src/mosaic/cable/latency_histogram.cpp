#include "mosaic/cable/latency_histogram.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic::cable {

void LatencyHistogram::add(double us) {
  ++count;
  sum_us += us;
  max_us = std::max(max_us, us);
  const int bin = us <= 1.0 ? 0 : std::min(kBins - 1, int(std::floor(8.0 * std::log2(us))) + 1);
  ++bins[bin];
}

double LatencyHistogram::quantile_us(double q) const {
  if (count == 0) return 0.0;
  const auto target = static_cast<std::uint64_t>(std::ceil(q * double(count)));
  std::uint64_t seen = 0;
  for (int b = 0; b < kBins; ++b) {
    seen += bins[b];
    if (seen >= target) return std::min(max_us, std::exp2(b / 8.0));
  }
  return max_us;
}

}  // namespace mosaic::cable
