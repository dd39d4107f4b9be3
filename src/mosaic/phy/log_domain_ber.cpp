#include "mosaic/phy/log_domain_ber.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "mosaic/core/math/binary_log.hpp"
#include "mosaic/core/math/log_q.hpp"

namespace mosaic::phy {
namespace {

constexpr double kLn2 = 0.69314718055994531;
constexpr double kLogSqrt2Pi = 0.91893853320467274;
constexpr double kLnQOfOne = -1.8410216450092636;  // ln Q(1)
// A term this far (ln) below the largest lower bound is left out: even 512 of them add less than
// 2^-70 of the sum.
constexpr double kReach = 60.0;

// Bounds on ln(p / 2) + ln Q(z) without a logarithm. For z >= 1, phi(z) z / (1 + z^2) < Q(z) <
// phi(z) / z, and ln(z + 1/z) <= ln 2z; below, Q(1) <= Q(z) <= 1.
std::pair<double, double> term_range(double p, double z) {
  const auto [p_lo, p_hi] = ln_range_from_exponent(p);
  if (!(z >= 1.0)) return {p_lo - kLn2 + kLnQOfOne, p_hi - kLn2};
  const auto [z_lo, z_hi] = ln_range_from_exponent(z);
  const double gauss = -0.5 * z * z - kLogSqrt2Pi;
  return {p_lo - kLn2 + gauss - kLn2 - z_hi, p_hi - kLn2 + gauss - z_lo};
}

}  // namespace

LogDomainBer::LogDomainBer()
    : terms_([]() -> std::vector<Term>& {
        thread_local std::vector<Term> terms;
        return terms;
      }()) {
  terms_.clear();
}

void LogDomainBer::add(double p, double z, double dz_dd, bool rising) {
  const auto [lower, upper] = term_range(p, z);
  terms_.push_back({p, z, dz_dd, upper, rising});
  lowest_top_ = std::max(lowest_top_, lower);
  lowest_tail_top_[rising] = std::max(lowest_tail_top_[rising], lower);
}

template <bool kSlope>
LogBerSlope LogDomainBer::result() const {
  LogSumExp value;
  double top = kNone;
  double weighted = 0.0;  // the slopes weighted by e^(t - top), rescaled as the top term rises
  for (const Term& term : terms_) {
    if (term.upper < lowest_top_ - kReach) continue;
    const double lq = log_q(term.z);
    const double t = std::log(0.5 * term.p) + lq;
    value.add(t);
    if constexpr (kSlope) {
      if (!(t > kNone)) continue;
      const double slope = -term.dz_dd * std::exp(-0.5 * term.z * term.z - kLogSqrt2Pi - lq);
      if (t > top) {
        weighted = weighted * std::exp(top - t) + slope;
        top = t;
      } else {
        weighted += std::exp(t - top) * slope;
      }
    }
  }
  LogBerSlope r{value.value(), 0.0};
  if constexpr (kSlope)
    if (std::isfinite(r.log_ber)) r.slope = weighted * std::exp(top - r.log_ber);
  return r;
}

template LogBerSlope LogDomainBer::result<false>() const;
template LogBerSlope LogDomainBer::result<true>() const;

LogBerTails LogDomainBer::tails() const {
  LogSumExp all;
  LogSumExp tail[2];
  for (const Term& term : terms_) {
    const bool to_all = term.upper >= lowest_top_ - kReach;
    const bool to_tail = term.upper >= lowest_tail_top_[term.rising] - kReach;
    if (!to_all && !to_tail) continue;
    const double t = std::log(0.5 * term.p) + log_q(term.z);
    if (to_all) all.add(t);
    if (to_tail) tail[term.rising].add(t);
  }
  return {all.value(), tail[1].value(), tail[0].value()};
}

}  // namespace mosaic::phy
