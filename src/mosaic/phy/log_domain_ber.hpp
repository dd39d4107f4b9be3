#pragma once

#include <limits>
#include <vector>

#include "mosaic/phy/isi_distribution.hpp"

namespace mosaic::phy {

// A BER far below the double range (where even the decision sums scaled by e^1400 find nothing)
// as a sum in the log domain of its terms (p / 2) Q(z), one per bin and cursor bit: ln BER, its
// slope in the threshold (each term's, dz/dd times d ln Q / dz = -phi(z) / Q(z), weighted by its
// share), or its two tails apart.
//
// Only the terms that can come near the largest are computed exactly (ln Q, a logarithm and two
// exponentials each): every term is first bounded from p's and z's binary exponents and the
// Mills ratio, phi(z) z / (1 + z^2) < Q(z) < phi(z) / z, and a term whose upper bound lies more
// than e^60 below the largest lower bound is left out. Each one left out would add less than
// half an ulp to the running sum it joins, so the sum keeps its bits; deep in the tail, where a
// bin's term falls by several e-folds from one bin to the next, that is all but a dozen of the
// 512 terms.
class LogDomainBer {
 public:
  // One at a time on a thread: its terms are kept in the thread's buffer.
  LogDomainBer();
  // One term: probability p (> 0) times Q(z), z moving with the threshold at dz_dd; `rising`:
  // the tail that rises with the threshold (the cursor bit 1 read as 0).
  void add(double p, double z, double dz_dd, bool rising);
  // ln BER, and its slope where kSlope.
  template <bool kSlope>
  LogBerSlope result() const;
  // ln BER and ln of each tail's share (log_ber_tails_without_jitter's figures).
  LogBerTails tails() const;

 private:
  struct Term {
    double p, z, dz_dd, upper;
    bool rising;
  };
  std::vector<Term>& terms_;
  static constexpr double kNone = -std::numeric_limits<double>::infinity();
  double lowest_top_ = kNone;                   // the largest lower bound of any term
  double lowest_tail_top_[2] = {kNone, kNone};  // ... of either tail's (falling, rising)
};

extern template LogBerSlope LogDomainBer::result<false>() const;
extern template LogBerSlope LogDomainBer::result<true>() const;

}  // namespace mosaic::phy
