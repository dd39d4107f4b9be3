#include "mosaic/evaluate/validation.hpp"

#include <algorithm>
#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/toml_values.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic {
namespace {

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

FieldTable<ValidationPoint> validation_point_fields() {
  using namespace schema;
  using P = ValidationPoint;
  static const std::vector<Field<P>> table = [] {
    std::vector<Field<P>> t;
    t.push_back(text<P>("name", &P::name, "text", "The point's name"));
    t.push_back(text<P>("preset", &P::preset, "a preset name", "The design it starts from"));
    t.push_back(real<P>("rate_gbps", &P::rate_gbps, 0.0, 1000.0, "Gb/s",
                        "Channel line rate (0 = the preset's)"));
    t.push_back(real<P>("length_m", &P::length_m, 0.0, 1e5, "m", "Fiber length"));
    t.push_back(real<P>("lower", &P::lower, 0.0, 0.5, "", "Lowest accepted median BER (0 = none)"));
    t.push_back(real<P>("upper", &P::upper, 0.0, 0.5, "", "Highest accepted median BER"));
    t.push_back(boolean<P>("lower_inclusive", &P::lower_inclusive, "lower itself is accepted"));
    t.push_back(boolean<P>("error_free", &P::error_free,
                           "The worst active channel must also be below 1e-12"));
    t.push_back(text<P>("published", &P::published, "text", "What the paper reports, in words"));
    return t;
  }();
  return table;
}

std::vector<ValidationPoint> parse_validation_points(const std::string& text,
                                                     const std::string& source) {
  std::vector<ValidationPoint> points;
  for (const auto& values : toml_tables(text, source, "point")) {
    ValidationPoint p;
    apply_toml_values(p, validation_point_fields(), values, "a validation point's key");
    if (p.name.empty() || p.upper <= 0.0 || p.lower >= p.upper)
      throw ConfigError(source, "point \"" + p.name + "\"",
                        "a named point with 0 <= lower < upper");
    preset(p.preset);  // refuses an unknown preset, naming it
    points.push_back(std::move(p));
  }
  if (points.empty()) throw ConfigError(source, "no [[point]]", "at least one validation point");
  return points;
}

LinkSpec point_design(const ValidationPoint& p) {
  LinkSpec spec = preset(p.preset);
  if (p.rate_gbps > 0.0) spec.channel.rate_gbps = p.rate_gbps;
  spec.fiber.length_m = p.length_m;
  return spec;
}

PointSeedResult run_point_at_seed(const ValidationPoint& p, LinkSpec design, int seed,
                                  int threads) {
  design.seed = static_cast<std::uint64_t>(seed);
  EvalOptions options;
  options.threads = threads;
  options.margin = false;
  options.bathtubs = false;
  options.eye_heights = false;  // the published points are BERs
  options.end_of_life = false;  // the published points are of new modules
  const Evaluation r = evaluate(design, options);
  PointSeedResult out;
  out.log10_median_ber = r.link().log10_median_ber;
  out.log10_worst_ber = r.link().log10_worst_ber;
  out.ok = median_in_range(p, out.log10_median_ber) &&
           (!p.error_free || out.log10_worst_ber < std::log10(kErrorFreeBer));
  return out;
}

std::vector<ValidationPoint> run_validation(std::vector<ValidationPoint> points,
                                            const study::ValidateOptions& options,
                                            const PointDesignAdjust& adjust) {
  options.validate();
  const int seeds = options.seeds;
  for (auto& p : points) {
    std::vector<double> medians, worsts;
    p.seeds = seeds;
    const LinkSpec design = adjust ? adjust(point_design(p), p) : point_design(p);
    p.rate_used_gbps = design.channel.rate_gbps;
    for (int seed = 1; seed <= seeds; ++seed) {
      const PointSeedResult r = run_point_at_seed(p, design, seed, options.threads);
      medians.push_back(r.log10_median_ber);
      worsts.push_back(r.log10_worst_ber);
      if (r.ok) ++p.seeds_passing;
    }
    p.log10_median_ber = median_of(medians);
    p.log10_worst_ber = median_of(worsts);
    p.log10_worst_worst_ber = *std::max_element(worsts.begin(), worsts.end());
    p.pass = p.seeds_passing >= kRequiredSeedFraction * seeds - 1e-9;
  }
  return points;
}

}  // namespace mosaic
