#pragma once

// Which of a jitter average's jitter-free values it can feel. The average at a phase reads ln BER0
// at ~17 whole-sample offsets, but many of them sit under cells many decades below the average:
// the outer ones under tiny Gaussian weights where the eye is open, the inner ones where the eye
// is so deep that jitter alone sets the BER. Their decision sums (a quarter of the threshold
// search's) need not be computed, only bounded.

#include <limits>
#include <memory>
#include <vector>

#include "mosaic/phy/isi_distribution.hpp"
#include "mosaic/phy/stat_eye_jitter.hpp"

namespace mosaic::phy {

// A run of cells whose every cell lies this far (ln) below a lower bound on the average is left
// out of it: at most the grid's ~400 cells times e^-40 of the average, 2e-15 of ln BER (the
// jitter average's slope already leaves out cells below e^-40 of it).
inline constexpr double kUnfeltShare = 40.0;

// The offset m of the run of cells whose largest share plus the larger of upper_at[m] and
// upper_at[m + 1] (upper bounds on its inner samples) is the highest, the first of equals.
int highest_run(const JitterGrid& grid, const double* upper_at);

// Marks felt_at[m] for each offset m (the grid's first - 1 to its last + 2) that a cell able to
// reach `floor` reads: a run whose largest share plus the larger bound on its inner samples
// reaches floor marks its four samples, m - 1 to m + 2. A cell's value is at most its larger
// inner sample (the cubic's clamp), so a run that marks nothing lies below floor whatever its
// samples are. Marks are only set, never cleared.
void mark_felt_offsets(const JitterGrid& grid, const double* upper_at, double floor, char* felt_at);

// The jitter-free ln BERs (and, with kSlope, their slopes in the threshold) that a jitter average
// at one phase and threshold reads, at offsets grid.m_lo() - 1 to grid.m_hi() + 2, of which only
// those it can feel are computed; the others are -inf (slope 0), which their runs, below the
// average by kUnfeltShare whatever their samples, turn into terms that add nothing. The buffers
// are reused from one fill to the next.
class JitterWindow {
 public:
  // Fills the window for a phase at threshold d: dist_at(m) is the phase's distribution at offset
  // m, value_at(m) its jitter-free ln BER there (LogBerSlope, its slope read only with kSlope).
  // Each offset is bounded from above first (log_ber_upper_bound_without_jitter); the run of
  // cells with the highest bound is computed, its four samples exactly, and its part of the
  // average bounds the whole from below (jitter_grid_within, to kWithinSlack); then every offset
  // a run of cells that may come within kUnfeltShare of that bound reads. `terms` is the jitter
  // average's buffer.
  template <bool kSlope, class DistAt, class ValueAt>
  void fill(const std::shared_ptr<const JitterGrid>& grid, DistAt&& dist_at, ValueAt&& value_at,
            double d, std::vector<double>& terms) {
    lo_ = grid->m_lo() - 1;
    const int n = grid->m_hi() + 2 - lo_ + 1;
    values_.assign(n, -std::numeric_limits<double>::infinity());
    if constexpr (kSlope) slopes_.assign(n, 0.0);
    computed_.assign(n, 0);
    upper_.resize(n);
    const auto exact = [&](int k) {
      const LogBerSlope v = value_at(lo_ + k);
      values_[k] = v.log_ber;
      if constexpr (kSlope) slopes_[k] = v.slope;
      upper_[k] = values_[k];
      computed_[k] = 1;
    };
    for (int k = 0; k < n; ++k) upper_[k] = log_ber_upper_bound_without_jitter(dist_at(lo_ + k), d);
    const int top = highest_run(*grid, upper_.data() - lo_);
    for (int m = top - 1; m <= top + 2; ++m) exact(m - lo_);
    const double floor =
        jitter_average(*jitter_grid_within(grid, top - 1, top + 2), values_at(), terms) -
        kWithinSlack;
    to_compute_ = computed_;
    mark_felt_offsets(*grid, upper_.data() - lo_, floor - kUnfeltShare, to_compute_.data() - lo_);
    for (int k = 0; k < n; ++k)
      if (to_compute_[k] && !computed_[k]) exact(k);
  }

  // Indexed by offset m.
  const double* values_at() const { return values_.data() - lo_; }
  const double* slopes_at() const { return slopes_.data() - lo_; }
  // The values in order of offset, NaN for those not computed.
  void append_computed(std::vector<double>& out) const {
    for (std::size_t k = 0; k < values_.size(); ++k)
      out.push_back(computed_[k] ? values_[k] : std::numeric_limits<double>::quiet_NaN());
  }

 private:
  int lo_ = 0;
  std::vector<double> values_, slopes_, upper_;
  std::vector<char> computed_, to_compute_;
};

}  // namespace mosaic::phy
