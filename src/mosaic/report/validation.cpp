#include "mosaic/report/validation.hpp"

#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic::report {

std::vector<ValidationPoint> published_points() {
  return {
      {"prototype 2 Gb/s 20 m", "prototype", 2.0, 20.0, 1e-9, 2e-8, true, "median BER < 2e-8", 0, 0,
       false},
      {"prototype 2 Gb/s 10 m", "prototype", 2.0, 10.0, 0.0, 1e-12, true, "error-free (< 1e-12)", 0,
       0, false},
      {"prototype 1.3 Gb/s 20 m", "prototype", 1.3, 20.0, 0.0, 1e-12, true, "error-free (< 1e-12)",
       0, 0, false},
      {"prototype 1.6 Gb/s 30 m", "prototype", 1.6, 30.0, 5e-5, 2.4e-4, true,
       "just meets the KP4 pre-FEC threshold 2.4e-4", 0, 0, false},
      {"prototype 2 Gb/s 30 m", "prototype", 2.0, 30.0, 2.4e-4, 3e-3, false,
       "just misses the KP4 pre-FEC threshold", 0, 0, false},
      {"800g module 2 Gb/s 50 m", "800g", 2.0, 50.0, 0.0, 1e-6, true,
       "simulated integrated module: BER < 1e-6", 0, 0, false},
  };
}

std::vector<ValidationPoint> run_validation(int threads) {
  auto points = published_points();
  for (auto& p : points) {
    LinkSpec spec = preset(p.preset);
    spec.channel.rate_gbps = p.rate_gbps;
    spec.fiber.length_m = p.length_m;
    EvalOptions options;
    options.threads = threads;
    options.margin = false;
    options.bathtubs = false;
    const Evaluation r = evaluate(spec, options);
    p.model_log10_median_ber = r.link().log10_median_ber;
    p.model_median_ber = r.link().median_ber;
    const double l = p.model_log10_median_ber;
    const bool above_lower =
        p.lower <= 0.0 || (p.lower_inclusive ? l >= std::log10(p.lower) : l > std::log10(p.lower));
    const bool below_upper = l <= std::log10(p.upper);
    // An upper bound that is exclusive in words ("< 1e-12") is met by any value strictly below.
    p.pass = above_lower && below_upper && !(p.lower <= 0.0 && l >= std::log10(p.upper));
  }
  return points;
}

}  // namespace mosaic::report
