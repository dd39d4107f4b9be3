#include "mosaic/cluster/lengths.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/field.hpp"

namespace mosaic::cluster {

std::vector<TierLengths> tier_lengths(const CablePlan& plan, const Assignment& a,
                                      std::size_t technologies, double copper_reach_m) {
  std::vector<TierLengths> out;
  std::vector<double> sum;
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    const CableRun& r = plan.runs[i];
    auto it = std::find_if(out.begin(), out.end(), [&](const TierLengths& t) {
      return t.fabric == r.fabric && t.tier == r.tier;
    });
    if (it == out.end()) {
      TierLengths t;
      t.fabric = r.fabric;
      t.tier = r.tier;
      t.min_m = std::numeric_limits<double>::infinity();
      t.per_technology.assign(technologies, 0);
      out.push_back(t);
      sum.push_back(0.0);
      it = out.end() - 1;
    }
    TierLengths& t = *it;
    t.cables += r.cables;
    t.min_m = std::min(t.min_m, r.length_m);
    t.max_m = std::max(t.max_m, r.length_m);
    sum[it - out.begin()] += r.cables * r.length_m;
    if (r.rack_a != r.rack_b) {
      t.cross_rack += r.cables;
      if (adjacent(plan.floor, r.rack_a, r.rack_b)) t.adjacent += r.cables;
      if (r.length_m <= copper_reach_m) t.cross_rack_copper_reach += r.cables;
    }
    t.per_technology[a.technology[i]] += r.cables;
  }
  for (std::size_t k = 0; k < out.size(); ++k) out[k].mean_m = sum[k] / out[k].cables;
  return out;
}

LengthHistogram length_histogram(const CablePlan& plan, const Assignment& a,
                                 std::size_t technologies, double bin_m) {
  constexpr double kMaxBins = 100000.0;
  LengthHistogram h;
  h.bin_m = bin_m;
  double longest = 0.0;
  for (const auto& r : plan.runs) longest = std::max(longest, r.length_m);
  const double bins = std::floor(longest / bin_m) + 1.0;
  if (bins > kMaxBins)
    throw ConfigError("histogram_bin_m", format_number(bin_m),
                      fmt::format("at least {:.3g} m for cables up to {:.3g} m (at most {:g} "
                                  "bins)",
                                  longest / kMaxBins, longest, kMaxBins));
  h.counts.assign(technologies, std::vector<std::int64_t>(static_cast<std::size_t>(bins), 0));
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    const auto bin = static_cast<std::size_t>(plan.runs[i].length_m / bin_m);
    h.counts[a.technology[i]][bin] += plan.runs[i].cables;
  }
  return h;
}

}  // namespace mosaic::cluster
