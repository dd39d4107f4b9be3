#pragma once

#include <cstdint>

namespace mosaic {

// Both tails of a count distribution at a cut k, as natural logs, each accurate even when it is
// far below 1e-300 or when the other is close to 1.
struct LogTails {
  double below;     // ln P(X < k)
  double at_least;  // ln P(X >= k)
};

// X ~ Binomial(n, p).
LogTails binomial_tails(std::int64_t n, std::int64_t k, double p);
// X ~ Poisson(mean).
LogTails poisson_tails(double mean, std::int64_t k);

}  // namespace mosaic
