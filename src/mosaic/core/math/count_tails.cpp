#include "mosaic/core/math/count_tails.hpp"

#include <cmath>
#include <limits>

namespace mosaic {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// ln(1 - e^x) for x <= 0, accurate at both ends.
double log1m_exp(double x) {
  if (x == kNegInf) return 0.0;
  if (x >= 0.0) return kNegInf;
  return x > -0.693 ? std::log(-std::expm1(x)) : std::log1p(-std::exp(x));
}

// Sums a run of log terms that shrink geometrically (or faster) from the first, stopping once the
// remaining ones cannot change the sum. next(j, log_term) returns the following log term.
template <class Next>
double sum_decreasing(double log_first, std::int64_t j0, std::int64_t j_end, Next next) {
  double sum = 1.0;  // relative to the first term
  double rel = 0.0;
  for (std::int64_t j = j0; j != j_end;) {
    const double log_next = next(j, log_first + rel);
    j += j_end > j0 ? 1 : -1;
    rel = log_next - log_first;
    const double term = std::exp(rel);
    sum += term;
    if (term < 1e-18 * sum) break;
  }
  return log_first + std::log(sum);
}

}  // namespace

LogTails binomial_tails(std::int64_t n, std::int64_t k, double p) {
  if (k <= 0) return {kNegInf, 0.0};
  if (k > n) return {0.0, kNegInf};
  if (p <= 0.0) return {0.0, kNegInf};
  if (p >= 1.0) return {kNegInf, 0.0};
  const double lp = std::log(p), lq = std::log1p(-p);
  const double lodds = lp - lq;
  auto log_pmf = [&](std::int64_t j) {
    return std::lgamma(n + 1.0) - std::lgamma(j + 1.0) - std::lgamma(double(n - j) + 1.0) +
           double(j) * lp + double(n - j) * lq;
  };
  const auto mode = static_cast<std::int64_t>(std::floor((n + 1.0) * p));
  if (k >= mode) {
    // Terms decrease from k upward: sum the upper tail directly.
    const double up = sum_decreasing(log_pmf(k), k, n, [&](std::int64_t j, double lt) {
      return lt + std::log(double(n - j) / double(j + 1)) + lodds;
    });
    return {log1m_exp(std::min(up, 0.0)), std::min(up, 0.0)};
  }
  // Terms decrease from k - 1 downward: sum the lower tail directly.
  const double low = sum_decreasing(log_pmf(k - 1), k - 1, 0, [&](std::int64_t j, double lt) {
    return lt + std::log(double(j) / double(n - j + 1)) - lodds;
  });
  return {std::min(low, 0.0), log1m_exp(std::min(low, 0.0))};
}

LogTails poisson_tails(double mean, std::int64_t k) {
  if (k <= 0) return {kNegInf, 0.0};
  if (mean <= 0.0) return {0.0, kNegInf};
  const double lm = std::log(mean);
  auto log_pmf = [&](std::int64_t j) { return double(j) * lm - mean - std::lgamma(j + 1.0); };
  const auto mode = static_cast<std::int64_t>(std::floor(mean));
  if (k >= mode) {
    const double up =
        sum_decreasing(log_pmf(k), k, std::numeric_limits<std::int64_t>::max(),
                       [&](std::int64_t j, double lt) { return lt + lm - std::log(j + 1.0); });
    return {log1m_exp(std::min(up, 0.0)), std::min(up, 0.0)};
  }
  const double low = sum_decreasing(log_pmf(k - 1), k - 1, 0, [&](std::int64_t j, double lt) {
    return lt + std::log(double(j)) - lm;
  });
  return {std::min(low, 0.0), log1m_exp(std::min(low, 0.0))};
}

}  // namespace mosaic
