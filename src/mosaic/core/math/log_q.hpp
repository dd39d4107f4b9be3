#pragma once

#include <cmath>
#include <limits>

namespace mosaic {

// Gaussian tail Q(z) = P(N(0,1) > z) = erfc(z / sqrt 2) / 2.
inline double q_function(double z) {
  return 0.5 * std::erfc(z * 0.70710678118654752440);
}

// ln Q(z), finite for every finite z. Far in the tail erfc underflows (z > ~37), so an asymptotic
// series takes over there; BERs of 1e-300 and below stay representable as logs.
double log_q(double z);

// Inverse of Q: the z with Q(z) = p, for p in (0, 1).
double q_inverse(double p);
// The same from ln p, for probabilities below the double range (ln p < 0).
double q_inverse_from_log(double log_p);

// Accumulates ln(sum of exp(x_i)) without overflow or underflow.
class LogSumExp {
 public:
  void add(double log_term) {
    if (log_term == -std::numeric_limits<double>::infinity()) return;
    if (log_term <= max_) {
      sum_ += std::exp(log_term - max_);
    } else {
      sum_ = sum_ * std::exp(max_ - log_term) + 1.0;
      max_ = log_term;
    }
  }
  double value() const {
    return sum_ == 0.0 ? -std::numeric_limits<double>::infinity() : max_ + std::log(sum_);
  }

 private:
  double max_ = -std::numeric_limits<double>::infinity();
  double sum_ = 0.0;
};

}  // namespace mosaic
