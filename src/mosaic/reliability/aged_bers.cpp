#include "mosaic/reliability/aged_bers.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <optional>

#include "mosaic/core/parallel.hpp"

namespace mosaic::reliability {

AgedBers::AgedBers(phy::LinkEvaluator& aged, const phy::PhyResult& at_start,
                   std::span<const double> loss_db, double log10_target,
                   const phy::EvalOptions& options, bool exact_all)
    : aged_(aged), options_(options) {
  const LinkSpec& spec = aged.spec();
  const std::size_t n = aged.layout().channels.size();
  const bool bounds = !exact_all && !options.eye_widths &&
                      spec.rx.threshold == ThresholdMode::kOptimal &&
                      at_start.channels.size() == n && loss_db.size() == n;
  forwarded_ = spec.rx.clock == ClockMode::kForwardedClock;
  std::vector<std::optional<phy::StatEyeInput::BoundFirst>> hints;
  phy::EvalOptions first = options;
  if (bounds) {
    // Ageing scales a channel's light, so its eye (levels, ISI and its neighbours' leakage,
    // nearly alike) by its own decay: its best threshold moves with it and its phase stays.
    const int os = aged.chain().samples_per_ui();
    hints.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const phy::ChannelResult& c = at_start.channels[i];
      if (c.dead) continue;
      hints[i] = phy::StatEyeInput::BoundFirst{
          static_cast<int>(std::lround(c.sampling_phase_ui * os)),
          c.threshold_a * std::pow(10.0, -0.1 * loss_db[i]), log10_target - kAgedBoundSlackDecades};
    }
    first.bound_first = hints;
  }
  result_ = phy::evaluate(aged, first);
  log10_ber_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    assert(result_.channels[i].index == static_cast<int>(i));
    log10_ber_[i] = result_.channels[i].dead ? 0.0 : result_.channels[i].log10_ber;
  }
}

void AgedBers::make_exact(std::span<const int> pixels) {
  const int os = aged_.chain().samples_per_ui();
  std::vector<int> todo;
  for (const int p : pixels)
    if (!exact(p)) todo.push_back(p);
  parallel_for(todo.size(), options_.threads, [&](std::size_t k) {
    const int p = todo[k];
    // A bound under a forwarded clock was taken at the channel's group phase, searched there.
    std::optional<int> fixed;
    if (forwarded_)
      fixed = static_cast<int>(std::lround(result_.channels[p].sampling_phase_ui * os));
    result_.channels[p] = aged_.evaluate_channel(p, false, fixed, phy::EyeOpenings::kNone);
  });
  for (const int p : todo) log10_ber_[p] = result_.channels[p].log10_ber;
}

double AgedBers::worst(std::span<const int> pixels) {
  for (;;) {
    double searched = -400.0;  // the worst searched BER so far (the ageing's floor)
    double bound = -400.0;     // the largest bound
    bool any_searched = false;
    for (const int p : pixels) {
      double& top = exact(p) ? searched : bound;
      top = std::max(top, log10_ber_[p]);
      any_searched = any_searched || exact(p);
    }
    // Every bound that could lie above the worst searched BER (within the slack); with none
    // searched yet, the bounds within the slack of the largest.
    std::vector<int> open;
    for (const int p : pixels) {
      if (exact(p)) continue;
      const double v = log10_ber_[p];
      if (any_searched ? v + kAgedBoundSlackDecades >= searched
                       : v >= bound - kAgedBoundSlackDecades)
        open.push_back(p);
    }
    if (open.empty()) return searched;
    make_exact(open);
  }
}

}  // namespace mosaic::reliability
