#include "mosaic/report/validation.hpp"

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic::report {
namespace {

ValidationPoint point(std::string name, std::string preset, double rate, double length,
                      double lower, double upper, bool lower_inclusive, bool error_free,
                      std::string published) {
  ValidationPoint p;
  p.name = std::move(name);
  p.preset = std::move(preset);
  p.rate_gbps = rate;
  p.length_m = length;
  p.lower = lower;
  p.upper = upper;
  p.lower_inclusive = lower_inclusive;
  p.error_free = error_free;
  p.published = std::move(published);
  return p;
}

bool median_in_range(const ValidationPoint& p, double l) {
  const bool above_lower =
      p.lower <= 0.0 || (p.lower_inclusive ? l >= std::log10(p.lower) : l > std::log10(p.lower));
  // With no lower bound the upper one is strict ("< 1e-12"), otherwise inclusive.
  const bool below_upper = p.lower <= 0.0 ? l < std::log10(p.upper) : l <= std::log10(p.upper);
  return above_lower && below_upper;
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

std::vector<ValidationPoint> published_points() {
  return {
      point("prototype 2 Gb/s 20 m", "prototype", 2.0, 20.0, 1e-9, 2e-8, true, false,
            "median BER < 2e-8"),
      point("prototype 2 Gb/s 10 m", "prototype", 2.0, 10.0, 0.0, kErrorFreeBer, true, true,
            "error-free"),
      point("prototype 1.3 Gb/s 20 m", "prototype", 1.3, 20.0, 0.0, kErrorFreeBer, true, true,
            "error-free"),
      point("prototype 1.6 Gb/s 30 m", "prototype", 1.6, 30.0, 5e-5, 2.4e-4, true, false,
            "just meets the KP4 pre-FEC threshold 2.4e-4"),
      point("prototype 2 Gb/s 30 m", "prototype", 2.0, 30.0, 2.4e-4, 3e-3, false, false,
            "just misses the KP4 pre-FEC threshold"),
      point("800g module 50 m", "800g", 0.0, 50.0, 0.0, 1e-6, true, false,
            "simulated integrated module: BER < 1e-6"),
  };
}

std::vector<ValidationPoint> run_validation(int threads, int seeds) {
  auto points = published_points();
  for (auto& p : points) {
    std::vector<double> medians, worsts;
    p.seeds = seeds;
    for (int seed = 1; seed <= seeds; ++seed) {
      LinkSpec spec = preset(p.preset);
      spec.seed = static_cast<std::uint64_t>(seed);
      if (p.rate_gbps > 0.0) spec.channel.rate_gbps = p.rate_gbps;
      spec.fiber.length_m = p.length_m;
      p.rate_used_gbps = spec.channel.rate_gbps;
      EvalOptions options;
      options.threads = threads;
      options.margin = false;
      options.bathtubs = false;
      const Evaluation r = evaluate(spec, options);
      const double median = r.link().log10_median_ber;
      const double worst = r.link().log10_worst_ber;
      medians.push_back(median);
      worsts.push_back(worst);
      const bool ok =
          median_in_range(p, median) && (!p.error_free || worst < std::log10(kErrorFreeBer));
      if (ok) ++p.seeds_passing;
    }
    p.log10_median_ber = median_of(medians);
    p.log10_worst_ber = median_of(worsts);
    p.log10_worst_worst_ber = *std::max_element(worsts.begin(), worsts.end());
    p.pass = p.seeds_passing >= kRequiredSeedFraction * seeds - 1e-9;
  }
  return points;
}

}  // namespace mosaic::report
