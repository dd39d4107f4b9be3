#pragma once

#include <span>
#include <vector>

#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::reliability {

// How far a bound may sit below the BER the search would give, in decades, before a decision
// taken on it could differ: the bound is the jittered BER at one phase and threshold, the search's
// BER the lowest it finds over both (or within its tolerance of that), so a bound is at or above
// it unless the search misses a better point than the one the hint names; the slack keeps a
// decision on the bound from resting on that.
inline constexpr double kAgedBoundSlackDecades = 1.0;

// The aged array's BERs as the ageing reads them. The ageing decides only which channels exceed
// the target and which active channel is the worst, so a channel whose jittered BER at its age-0
// phase, near its age-0 threshold scaled by its own decay, lies a decade below the target keeps
// that upper bound (one set of distributions and one decision sum per phase) instead of the
// search (ten times as many decision sums); the rest are searched, and the worst of any set of
// channels is made exact where a bound could reach it (worst). Every figure the ageing reports
// is the searched one, as if every channel had been searched; a channel's log10_ber() that is
// not exact() is only its bound. Under a forwarded clock every channel's own phase is searched
// (its row's phase is their median) and the bound is taken at the row's phase where that is
// another, next to the channel's own best threshold. `exact_all` searches every channel.
class AgedBers {
 public:
  AgedBers(phy::LinkEvaluator& aged, const phy::PhyResult& at_start,
           std::span<const double> loss_db, double log10_target, const phy::EvalOptions& options,
           bool exact_all);

  // Per pixel, a dead one 0; an upper bound where not exact().
  const std::vector<double>& log10_ber() const { return log10_ber_; }
  bool exact(int pixel) const { return result_.channels[pixel].ber_is_bound == false; }
  // Searches the pixels given that are bounds.
  void make_exact(std::span<const int> pixels);
  // The largest searched BER over `pixels` (-400 if empty), searching every one of them whose
  // bound could reach it.
  double worst(std::span<const int> pixels);
  // The evaluation as it stands (every channel exact unless bounds were taken).
  const phy::PhyResult& result() const { return result_; }

 private:
  phy::LinkEvaluator& aged_;
  phy::EvalOptions options_;
  phy::PhyResult result_;
  std::vector<double> log10_ber_;
  bool forwarded_ = false;
};

}  // namespace mosaic::reliability
