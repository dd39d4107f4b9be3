// The fiber seam: the model named by fiber.model is what the chain (and so the statistical eye
// and Monte Carlo) runs.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/fiber_model.hpp"
#include "mosaic/phy/pulse_response.hpp"

namespace mosaic::phy {
namespace {

TEST(FiberModel, GaussianFitIsTheQuadratureSumOfBothSpreads) {
  LinkSpec s = preset("800g");
  ASSERT_EQ(s.fiber.model, FiberModelKind::kGaussianFit);
  s.led.fwhm_nm = 0.0;
  s.fiber.modal_k_ps = 50.0;
  s.fiber.modal_gamma = 0.0;
  const auto m = fiber_response(s).model;
  EXPECT_NEAR(m->rms_spread_s(), 50e-12, 1e-24);
  for (double f : {0.0, 1e9, 3e9}) {
    const double w = 2.0 * std::numbers::pi * f * 50e-12;
    EXPECT_NEAR(std::abs(m->transfer(f)), std::exp(-0.5 * w * w), 1e-15);
  }
}

TEST(FiberModel, ChainRunsTheSpecsFiberModel) {
  LinkSpec s = preset("800g");
  s.fiber.length_m = 50.0;
  const FiberResponse fiber = fiber_response(s);
  ASSERT_TRUE(fiber.model);
  EXPECT_EQ(fiber.sigma_s, fiber.model->rms_spread_s());
  const ChainModel chain(s, fiber, 0.0);
  for (double f : {1e8, 1e9, 2e9}) EXPECT_EQ(chain.fiber_response(f), fiber.model->transfer(f));
}

}  // namespace
}  // namespace mosaic::phy
