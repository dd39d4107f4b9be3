#include "mosaic/sweep/design_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <set>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/sweep/design_moves.hpp"
#include "mosaic/sweep/point_columns.hpp"

namespace mosaic::sweep {
namespace {

double output(const DesignCandidate& c, const char* name) {
  const int k = find_point_column(name);
  const auto& v = c.result.outputs.at(static_cast<std::size_t>(k));
  return v ? *v : std::nan("");
}

class Search {
 public:
  Search(const DesignGoal& goal, Progress* progress) : goal_(goal), progress_(progress) {}

  void judge(DesignCandidate& c) const {
    c.per_end_w = output(c, "power.per_end_w");
    const auto& o = c;
    if (output(o, "link.capacity_ok") < 1) {
      c.violation = "capacity: the data channels do not carry the host stream";
    } else if (output(o, "link.active_short") > 0) {
      c.violation = fmt::format("lanes: data/ECC channels short (more dead pixels than spares): {}",
                                output(o, "link.active_short"));
    } else if (output(o, "link.over_threshold") > 0) {
      c.violation = fmt::format("pre-FEC BER: active channels above 2.4e-4: {} (worst {:.2g})",
                                output(o, "link.over_threshold"),
                                std::pow(10.0, output(o, "link.log10_worst_ber")));
    } else if (!(output(o, "link.meets") >= 1)) {
      const double at = output(o, "link.fails_at_years");
      c.violation = fmt::format(
          "verdict: fails {} (the spares run out or a channel leaves the "
          "KP4 limit as the LEDs age)",
          std::isnan(at) ? std::string("at end of life") : fmt::format("at {:.2g} years", at));
    } else if (max_fit_ && !(output(o, "reliability.link_fit") <= *max_fit_)) {
      c.violation = fmt::format("FIT: {:.4g} > max_fit {:.4g}{}", output(o, "reliability.link_fit"),
                                *max_fit_, goal_.max_fit ? "" : " (twice the preset's)");
    } else if (const double m = output(o, "link.optical_margin_db"); !(m >= goal_.min_margin_db)) {
      c.violation = std::isnan(m) ? std::string(
                                        "optical margin: unreachable (an ISI / crosstalk "
                                        "floor above the KP4 limit)")
                                  : fmt::format("optical margin: {:.3f} dB < min_margin_db {:g}", m,
                                                goal_.min_margin_db);
    } else if (const double eol = output(o, "link.optical_margin_end_of_life_db");
               !(eol >= goal_.min_margin_db)) {
      c.violation =
          std::isnan(eol)
              ? std::string(
                    "optical margin at end of life: unreachable (an ISI / crosstalk "
                    "floor above the KP4 limit by then)")
              : fmt::format("optical margin at end of life: {:.3f} dB < min_margin_db {:g}", eol,
                            goal_.min_margin_db);
    }
    c.feasible = c.violation.empty();
  }

  // Evaluates the shapes not tried yet, several at once; returns their candidates.
  std::vector<DesignCandidate*> evaluate(const LinkSpec& base, const std::vector<Shape>& shapes,
                                         const std::string& stage) {
    std::vector<LinkSpec> specs;
    for (const auto& s : shapes)
      if (auto spec = shaped(base, s)) specs.push_back(*spec);
    return evaluate_specs(specs, stage);
  }

  // Evaluates the designs not tried yet (a design is its shape and its priced knobs).
  std::vector<DesignCandidate*> evaluate_specs(const std::vector<LinkSpec>& candidates,
                                               const std::string& stage) {
    std::vector<LinkSpec> specs;
    for (const auto& spec : candidates)
      if (tried_.insert(key_of(spec)).second) specs.push_back(spec);
    const std::size_t first = evaluated_.size();
    std::vector<DesignCandidate> batch(specs.size());
    PointOptions point;
    point.margin = true;  // the margin guard is always on
    parallel_for(specs.size(), goal_.threads, [&](std::size_t k) {
      batch[k].spec = specs[k];
      batch[k].result = evaluate_point(specs[k], first + k, point, 1);
      batch[k].stage = stage;
      judge(batch[k]);
      const std::size_t d = ++done_;
      if (progress_) progress_->update(std::min(0.99, d / 100.0), fmt::format("{} designs", d));
    });
    std::vector<DesignCandidate*> out;
    for (auto& c : batch) evaluated_.push_back(std::move(c));
    for (std::size_t k = first; k < evaluated_.size(); ++k) out.push_back(&evaluated_[k]);
    return out;
  }

  // Fewest watts, then fewest pixels, then fewest spares, then lowest worst BER, then first
  // evaluated.
  std::vector<const DesignCandidate*> ranked() const {
    std::vector<const DesignCandidate*> r;
    for (const auto& c : evaluated_)
      if (c.feasible) r.push_back(&c);
    std::stable_sort(r.begin(), r.end(), [](const auto* a, const auto* b) {
      const long pa = static_cast<long>(a->spec.array.rows) * a->spec.array.cols;
      const long pb = static_cast<long>(b->spec.array.rows) * b->spec.array.cols;
      return std::make_tuple(a->per_end_w, pa, a->spec.array.spare_channels,
                             output(*a, "link.log10_worst_ber")) <
             std::make_tuple(b->per_end_w, pb, b->spec.array.spare_channels,
                             output(*b, "link.log10_worst_ber"));
    });
    return r;
  }

  std::vector<DesignCandidate>& evaluated() { return evaluated_; }

  // The priced knobs of a design (what the descent moves), the shape aside.
  using Knobs = std::tuple<double, double, double, bool, double>;
  static Knobs knobs_of(const LinkSpec& s) {
    return {s.led.launch_power_dbm, s.led.f3db_ghz, s.rx.bandwidth_ghz, s.rx.ctle,
            s.rx.ctle ? s.rx.ctle_pole_ghz : 0.0};
  }

  // The FIT guard: the goal's, else kDefaultFitOverReference x the reference's own (judged
  // again, since it was evaluated before the guard existed).
  void set_fit_guard(DesignCandidate& reference) {
    const double fit = output(reference, "reliability.link_fit");
    if (goal_.max_fit)
      max_fit_ = *goal_.max_fit;
    else if (std::isfinite(fit) && fit > 0)
      max_fit_ = study::kDefaultFitOverReference * fit;
    judge(reference);
  }
  std::optional<double> max_fit() const { return max_fit_; }

 private:
  const DesignGoal& goal_;
  std::optional<double> max_fit_;
  Progress* progress_;
  std::vector<DesignCandidate> evaluated_;
  using Key = std::tuple<Shape, Knobs>;
  static Key key_of(const LinkSpec& s) { return {shape_of(s), knobs_of(s)}; }
  std::set<Key> tried_;
  std::atomic<std::size_t> done_{0};
};

}  // namespace

std::string payload_preset(double payload_gbps) {
  if (payload_gbps == 800.0) return "800g";
  if (payload_gbps == 1600.0) return "1.6t";
  if (payload_gbps == 3200.0) return "3.2t";
  throw ConfigError("payload_gbps", fmt::format("{:g}", payload_gbps), "800, 1600 or 3200");
}

DesignResult design_search(const DesignGoal& goal, Progress* progress) {
  goal.validate();
  SpecRequest request;
  request.preset = payload_preset(goal.payload_gbps);
  request.overrides.push_back(fmt::format("fiber.length_m={}", goal.reach_m));
  if (goal.temp_c)
    request.overrides.push_back(fmt::format("environment.case_temperature_c={}", *goal.temp_c));
  const LinkSpec base = load_spec(request);  // range checks on reach and temperature

  Search search(goal, progress);
  DesignResult result;
  result.method =
      "coarse grid over data channels (0.5-1.3x the preset's; the line rate follows from the "
      "host stream), ECC (none or the smallest SECDED) and spares (5% or 12.5%), plus the preset "
      "itself; then the channel count refined twice on 6 evenly spaced points between the "
      "cheapest feasible design and the next smaller count, and the fewest spares that still "
      "meet every constraint; then a coordinate descent around the best design over the knobs "
      "the power model prices, one at a time: the launch (-3 to +3 dB in 1.5 dB steps, paid for "
      "by the LED drive), the LED bandwidth (0.8x, 1.25x: a faster LED needs more bias current), "
      "the receiver bandwidth (0.8x, 1.25x: the TIA and limiting stages) and the CTLE (on or off, "
      "its poles 0.8x or 1.25x), then the other ECC choice; the shape refined again after every "
      "pass that moved a knob, at most 3 passes. When no shape meets the guards at the preset's "
      "knobs: the launch against the receiver bandwidth (0.8x, 1x, 1.25x), the LED bandwidth and "
      "the CTLE around the preset's shape and the coarse design of most margin. "
      "Ranked by watts per end, then pixels, then spares, then worst BER. "
      "Guards on every design: the verdict over the service life (now and at end of life), "
      "optical margin now and at end of life >= min_margin_db (default 2 dB), link FIT <= max_fit "
      "(default twice the preset's at the same reach and temperature).";

  std::vector<LinkSpec> reference{base};
  search.evaluate_specs(reference, "reference");
  search.set_fit_guard(search.evaluated().front());
  const int d0 = base.array.data_channels;
  std::vector<Shape> coarse;
  std::vector<int> counts;
  for (double f : {0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.15, 1.3}) {
    const int d = std::max(4, static_cast<int>(std::lround(f * d0 / 4.0)) * 4);
    counts.push_back(d);
    for (bool ecc : {false, true})
      for (double spare : {0.05, 0.125})
        coarse.push_back({d, ecc, static_cast<int>(std::ceil(spare * d))});
  }
  search.evaluate(base, coarse, "coarse");

  auto best = [&]() -> const DesignCandidate* {
    const auto r = search.ranked();
    return r.empty() ? nullptr : r.front();
  };
  if (!best()) {
    // No shape meets the guards with the preset's launch and receiver: what the priced knobs buy
    // on the preset's shape and on the shape with the most margin.
    std::vector<LinkSpec> around{base};
    const DesignCandidate* widest = nullptr;
    for (const auto& c : search.evaluated()) {
      const double m = output(c, "link.optical_margin_db");
      if (c.stage == "coarse" && std::isfinite(m) &&
          (!widest || m > output(*widest, "link.optical_margin_db")))
        widest = &c;
    }
    if (widest && !(shape_of(widest->spec) == shape_of(base))) around.push_back(widest->spec);
    std::vector<LinkSpec> specs;
    for (const auto& a : around) {
      for (const auto& t : launch_receiver_grid(a)) specs.push_back(t);
      for (Knob knob : {Knob::kLed, Knob::kCtle})
        for (const auto& t : knob_steps(a, knob)) specs.push_back(t);
    }
    search.evaluate_specs(specs, "tune");
  }
  if (!best()) {
    const auto& ref = search.evaluated().front();
    // The nearest miss: the design that ages out last, else the one with the most margin.
    const DesignCandidate* nearest = nullptr;
    auto closeness = [](const DesignCandidate& c) {
      const double at = output(c, "link.fails_at_years");
      const double m = output(c, "link.optical_margin_db");
      // No failure age: the verdict holds over the whole life, and only a guard is missed.
      return std::make_pair(std::isfinite(at) ? at : 1e9, std::isfinite(m) ? m : -1e9);
    };
    for (const auto& c : search.evaluated())
      if (!nearest || closeness(c) > closeness(*nearest)) nearest = &c;
    const std::string nearest_text =
        nearest && nearest != &ref
            ? fmt::format(
                  "; the nearest miss of the {} tried: {} data + {} ECC + {} spare "
                  "channels, launch {:g} dBm, LED {:g} GHz, receiver {:g} GHz, CTLE {}: {}",
                  search.evaluated().size(), nearest->spec.array.data_channels,
                  nearest->spec.array.ecc_channels, nearest->spec.array.spare_channels,
                  nearest->spec.led.launch_power_dbm, nearest->spec.led.f3db_ghz,
                  nearest->spec.rx.bandwidth_ghz,
                  nearest->spec.rx.ctle
                      ? fmt::format("poles {:g} GHz", nearest->spec.rx.ctle_pole_ghz)
                      : std::string("off"),
                  nearest->violation)
            : std::string();
    throw ConfigError(
        "reach_m", fmt::format("{:g} m at {:g} Gb/s", goal.reach_m, goal.payload_gbps),
        "a goal some searched design meets",
        fmt::format("no design searched meets every guard; the preset misses: {}{}; relax the "
                    "guard (min_margin_db, max_fit) or the goal (reach_m, temp_c)",
                    ref.violation.empty() ? std::string("nothing (but no cheaper design does)")
                                          : ref.violation,
                    nearest_text));
  }
  // Refine the channel count below the best design, keeping its ECC choice, spare fraction and
  // knobs; then the fewest spares that still meet the constraints.
  auto refine_shape = [&]() {
    for (int round = 0; round < 2; ++round) {
      const LinkSpec physics = best()->spec;  // its launch, LED and receiver too
      const Shape s = shape_of(physics);
      int lower = 0;
      for (const auto& c : search.evaluated()) {
        const Shape o = shape_of(c.spec);
        if (o.ecc == s.ecc && o.data < s.data && !c.feasible &&
            Search::knobs_of(c.spec) == Search::knobs_of(physics))
          lower = std::max(lower, o.data);
      }
      if (lower == 0) lower = s.data / 2;
      if (s.data - lower < 2) break;
      const double spare_fraction = static_cast<double>(s.spares) / s.data;
      std::vector<Shape> refine;
      for (int k = 1; k <= 6; ++k) {
        const int d = lower + static_cast<int>(std::lround((s.data - lower) * k / 7.0));
        if (d > lower && d < s.data)
          refine.push_back({d, s.ecc, static_cast<int>(std::ceil(spare_fraction * d))});
      }
      search.evaluate(physics, refine, "refine");
    }
    // Spares cost pixels (and watts when powered).
    const LinkSpec physics = best()->spec;
    const Shape s = shape_of(physics);
    std::vector<Shape> fewer;
    for (int k : {0, 1, 2, 3}) {
      const int spares = s.spares * k / 4;
      if (spares < s.spares) fewer.push_back({s.data, s.ecc, spares});
    }
    search.evaluate(physics, fewer, "refine");
  };
  refine_shape();
  // Coordinate descent over the priced knobs and the ECC choice around the best design: a lower
  // launch, a slower LED, a narrower receiver or no CTLE may still meet the guards for fewer
  // watts; a higher one may let a cheaper shape through, so the shape is refined again whenever
  // the knobs moved.
  for (int pass = 0; pass < kDescentPasses; ++pass) {
    const auto knobs_before = Search::knobs_of(best()->spec);
    for (Knob knob : kKnobs) search.evaluate_specs(knob_steps(best()->spec, knob), "tune");
    {
      const LinkSpec physics = best()->spec;
      Shape other = shape_of(physics);
      other.ecc = !other.ecc;
      search.evaluate(physics, {other}, "tune");
    }
    if (Search::knobs_of(best()->spec) == knobs_before) break;
    refine_shape();
  }

  const auto ranked = search.ranked();
  result.best = *ranked.front();
  for (std::size_t i = 1; i < ranked.size() && result.runners_up.size() < 5; ++i)
    result.runners_up.push_back(*ranked[i]);
  result.evaluated = search.evaluated();
  result.reference = result.evaluated.front();
  // The binding constraint: what the closest cheaper design tried misses.
  const DesignCandidate* closest = nullptr;
  for (const auto& c : result.evaluated)
    if (!c.feasible && c.per_end_w < result.best.per_end_w &&
        (!closest || c.per_end_w > closest->per_end_w))
      closest = &c;
  if (closest) {
    result.binding = fmt::format(
        "{} (the closest cheaper design tried: {} data + {} ECC + {} spare channels at {} Gb/s, "
        "{:.3f} W per end)",
        closest->violation, closest->spec.array.data_channels, closest->spec.array.ecc_channels,
        closest->spec.array.spare_channels, closest->spec.channel.rate_gbps, closest->per_end_w);
  } else {
    result.binding = "none: no cheaper design was tried (the search's smallest channel count)";
  }
  if (progress) progress->update(1.0, "done");
  return result;
}

}  // namespace mosaic::sweep
