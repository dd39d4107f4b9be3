#include "mosaic/link/decision_stats.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic::link {

double binomial_upper_tail(std::uint64_t n, double p, std::uint64_t k) {
  if (k == 0) return 1.0;
  if (k > n || p <= 0.0) return 0.0;
  if (p >= 1.0) return 1.0;
  const double nn = static_cast<double>(n);
  const double mean = nn * p;
  auto log_pmf = [&](double j) {
    return std::lgamma(nn + 1) - std::lgamma(j + 1) - std::lgamma(nn - j + 1) + j * std::log(p) +
           (nn - j) * std::log1p(-p);
  };
  if (static_cast<double>(k) <= mean) {
    // At or below the mean: 1 - P(X <= k - 1), summing downward from k - 1 where terms fall.
    double sum = 0.0, term = 1.0;
    for (std::uint64_t j = k - 1;; --j) {
      sum += term;
      if (j == 0 || term <= 1e-18 * sum) break;
      term *= double(j) / (nn - double(j) + 1) * (1 - p) / p;
    }
    return std::max(0.0, 1.0 - std::exp(log_pmf(double(k - 1)) + std::log(sum)));
  }
  // Terms fall geometrically above the mean: sum from k until they stop mattering.
  const double kk = static_cast<double>(k);
  const double log_first = log_pmf(kk);
  double sum = 0.0, term = 1.0;  // relative to the first term
  for (std::uint64_t j = k; j <= n && term > 1e-18 * sum; ++j) {
    sum += term;
    term *= (nn - double(j)) / double(j + 1) * p / (1 - p);
  }
  return std::exp(log_first + std::log(sum));
}

std::uint64_t exceed_threshold(std::uint64_t n, double p, double alpha) {
  if (p <= 0.0) return 1;  // a channel at BER 0 never errs
  // The tail falls with k; bisect on [floor(mean), n + 1].
  std::uint64_t lo = static_cast<std::uint64_t>(double(n) * p), hi = n + 1;
  if (lo == 0) lo = 1;
  if (binomial_upper_tail(n, p, lo) <= alpha) return lo;
  while (hi - lo > 1) {  // tail(lo) > alpha, tail(hi) <= alpha
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (binomial_upper_tail(n, p, mid) <= alpha)
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

}  // namespace mosaic::link
