#pragma once

#include <cstdint>

namespace mosaic {

// A confidence interval [low, high] (both inclusive).
struct Interval {
  double low = 0.0;
  double high = 1.0;
};

// Exact (Clopper-Pearson) two-sided confidence interval of a binomial proportion: `errors`
// successes in `trials`, coverage `confidence` (e.g. 0.95). Never narrower than the nominal
// coverage. errors = 0 gives low = 0; errors = trials gives high = 1.
Interval clopper_pearson(double errors, double trials, double confidence);

// Exact (Garwood) two-sided interval for a Poisson mean from an observed count `events`.
Interval garwood(double events, double confidence);

// Regularized incomplete beta function I_x(a, b), a, b > 0, x in [0, 1].
double incomplete_beta(double a, double b, double x);

}  // namespace mosaic
