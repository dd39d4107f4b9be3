// The carriers of the rate-equation LED side by side: the kernel against its scalar reference
// (RateEquationLed's own step) bit for bit; the slot-light table from a de Bruijn sequence at
// its steady levels, and the de Bruijn sequence itself.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "mosaic/phy/carrier_kernels.hpp"
#include "mosaic/phy/led_slot_light.hpp"
#include "mosaic/phy/rate_equation_drive.hpp"

namespace mosaic::phy {
namespace {

TEST(CarrierKernels, LanesMatchTheReferenceBitForBitAndTheLedItself) {
  LedSpec led;
  const LedDrive drive = led_drive(led);
  const RateEquationLed model(led, drive.bias_a);
  constexpr int L = kernels::kCarrierLanes;
  const std::size_t samples = 333;
  std::vector<double> gen(samples * L);
  for (std::size_t i = 0; i < samples; ++i)
    for (int l = 0; l < L; ++l)
      gen[i * L + l] =
          ((i / 16 + l) % 3 ? drive.high_a : drive.low_a) * model.coefficients().gen_per_amp;
  const double dt = 1.0 / (16 * 2.135e9);
  const int sub = model.substeps(dt, drive.high_a);
  EXPECT_EQ(sub % 2, 0);
  std::vector<double> n1(L, model.carrier_density(drive.low_a)), n2 = n1;
  std::vector<double> a(gen.size()), b(gen.size());
  kernels::carrier_lanes(model.coefficients(), gen.data(), samples, dt / sub, sub, n1.data(),
                         a.data());
  kernels::carrier_lanes_reference(model.coefficients(), gen.data(), samples, dt / sub, sub,
                                   n2.data(), b.data());
  EXPECT_EQ(a, b);
  EXPECT_EQ(n1, n2);
  // Lane 5 is RateEquationLed::process on the same drive.
  RateEquationLed one = model;
  one.reset(drive.low_a);
  std::vector<double> current(samples), light(samples);
  for (std::size_t i = 0; i < samples; ++i)
    current[i] = gen[i * L + 5] / model.coefficients().gen_per_amp;
  one.process(current, light, dt, sub);
  for (std::size_t i = 0; i < samples; ++i)
    EXPECT_NEAR(light[i], a[i * L + 5], 1e-12 * a[i * L + 5]);
}

TEST(SlotLight, DeBruijnSequenceHoldsEveryPatternOnce) {
  for (int order : {3, 5, 8}) {
    const std::vector<int> s = de_bruijn_bits(order);
    ASSERT_EQ(s.size(), std::size_t{1} << order);
    std::set<int> seen;
    for (std::size_t k = 0; k < s.size(); ++k) {
      int p = 0;
      for (int i = 0; i < order; ++i) p = 2 * p + s[(k + i) % s.size()];
      seen.insert(p);
    }
    EXPECT_EQ(seen.size(), s.size()) << order;
  }
}

// A long run of ones settles at the 1 level (1 in units of the swing), of zeros at 0; a rising
// edge is faster than a falling one (carriers recombine faster at the 1 level's density).
TEST(SlotLight, SettlesAtTheLevelsAndRisesFasterThanItFalls) {
  LedSpec led;
  const LedDrive drive = led_drive(led);
  const int os = 16;
  const RateEquationDrive d = rate_equation_drive(led, drive, drive.f3db_hz, 1.0 / (os * 2.135e9));
  const SlotLight s = rate_equation_slot_light(drive_led(led, drive), d, os, 6, 3);
  const int all = (1 << s.bits) - 1;
  for (int j = 0; j < os; ++j) {
    EXPECT_NEAR(s.u[all * os + j], 1.0, 2e-3) << j;
    EXPECT_NEAR(s.u[j], 0.0, 2e-3) << j;
  }
  // Pattern with only the slot's own bit set (the rise) and the complement (the fall).
  const int rise = 1 << (s.bits - 1);
  const int fall = all ^ rise;
  const double risen = s.u[rise * os + os / 2];
  const double fallen = 1.0 - s.u[fall * os + os / 2];
  EXPECT_GT(risen, fallen);
  EXPECT_GT(s.residual_rms, 0.0);
  EXPECT_LT(s.residual_rms, 1e-2);
}

}  // namespace
}  // namespace mosaic::phy
