// Brent's minimiser against minima known in closed form.
#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/math/minimize.hpp"

namespace mosaic {
namespace {

TEST(BrentMinimize, FindsAParabolasVertexInAFewSteps) {
  const Minimum m =
      brent_minimize([](double x) { return 3.0 * (x - 0.7) * (x - 0.7) + 2.0; }, -4.0, 5.0, 1e-6);
  EXPECT_NEAR(m.x, 0.7, 1e-5);
  EXPECT_NEAR(m.f, 2.0, 1e-9);
  EXPECT_LE(m.evaluations, 12);  // golden section alone needs ~30 for this tolerance
}

TEST(BrentMinimize, FindsTheBottomOfALogBerValley) {
  // ln of Q(d - a) + Q(b - d): the shape of ln BER against threshold, minimum at (a + b) / 2.
  auto ln_ber = [](double d) {
    LogSumExp acc;
    acc.add(log_q(d + 9.0));
    acc.add(log_q(7.0 - d));
    return acc.value();
  };
  const Minimum m = brent_minimize(ln_ber, -3.0, 2.0, 1e-4);
  EXPECT_NEAR(m.x, -1.0, 2e-4);
  EXPECT_NEAR(m.f, ln_ber(-1.0), 1e-6 * std::abs(ln_ber(-1.0)));
}

TEST(BrentMinimize, AMonotoneFunctionEndsNextToItsLowEnd) {
  const Minimum m = brent_minimize([](double x) { return std::exp(x); }, 1.0, 3.0, 1e-3);
  EXPECT_GT(m.x, 1.0);
  EXPECT_LT(m.x - 1.0, 3e-3);
  const Minimum up = brent_minimize([](double x) { return -x; }, 1.0, 3.0, 1e-3);
  EXPECT_LT(up.x, 3.0);
  EXPECT_LT(3.0 - up.x, 3e-3);
}

TEST(BrentMinimize, StopsAtTheEvaluationLimit) {
  int calls = 0;
  const Minimum m = brent_minimize(
      [&](double x) {
        ++calls;
        return std::abs(x - 0.123456789);
      },
      0.0, 1.0, 1e-15, 7);
  EXPECT_EQ(m.evaluations, 7);
  EXPECT_EQ(calls, 7);
}

}  // namespace
}  // namespace mosaic
