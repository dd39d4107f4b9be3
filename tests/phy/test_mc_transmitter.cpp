// Monte Carlo transmitters behind the LED seam: the FIR of a lone bit and of a long run against
// the pulse, the chain's unit DC gain, the rate-equation LED's static levels, and reset.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/mc/bit_history.hpp"
#include "mosaic/phy/mc/engine_timing.hpp"
#include "mosaic/phy/mc/fir_transmitter.hpp"

namespace mosaic::phy::mc {
namespace {

constexpr double kLow = 2e-6;
constexpr double kSwing = 5e-6;

// Runs `segments` segments of constant bits (all lanes) and returns the last one's photocurrent.
std::vector<float> steady(Transmitter& tx, float bit, int segments) {
  BitHistory h(static_cast<std::size_t>(tx.taps_ui()) + 1);
  std::vector<float> photo(std::size_t{kSegmentBits} * tx.samples_per_ui() * kLanes);
  for (int u = 0; u < segments; ++u) {
    for (float& b : h.advance()) b = bit;
    tx.process(h.rows(), photo);
  }
  return photo;
}

// Channel 44's transmitter, without pre-emphasis (the levels below assume none).
std::unique_ptr<Transmitter> channel_tx(LinkSpec spec) {
  spec.led.pre_emphasis = 0.0;
  LinkEvaluator ev(spec);
  const EngineTiming timing(ev);
  TransmitterSetup s;
  s.chain = &ev.chain();
  s.grid = timing.grid();
  s.delay_samples = timing.precursor_samples();
  s.low_a = kLow;
  s.swing_a = kSwing;
  s.base_a = kLow;
  s.led_f3db_hz = ev.layout().channels[44].led_f3db_hz;
  return ev.chain().led().transmitter(s);
}

TEST(McTransmitter, FirOfALoneBitIsThePulse) {
  const int os = 4, taps = 3;
  std::vector<double> pulse(taps * os);
  for (std::size_t i = 0; i < pulse.size(); ++i) pulse[i] = 0.1 * double(i + 1);
  const auto tx = make_fir_transmitter(pulse, taps, os, kLow, kSwing);
  BitHistory h(taps);
  std::span<float> bits = h.advance();
  bits[0 * kLanes + 3] = 1.0f;  // bit 0 of lane 3
  std::vector<float> photo(std::size_t{kSegmentBits} * os * kLanes);
  tx->process(h.rows(), photo);
  for (int i = 0; i < kSegmentBits * os; ++i) {
    const double want = kLow + kSwing * (i < taps * os ? pulse[i] : 0.0);
    EXPECT_FLOAT_EQ(photo[i * kLanes + 3], float(want)) << i;
    EXPECT_FLOAT_EQ(photo[i * kLanes + 4], float(kLow));
  }
  EXPECT_EQ(tx->pulse().size(), pulse.size());
}

// Drive x LED x fiber has unit DC gain: a long run of ones sits at the 1 level.
TEST(McTransmitter, LinearChainSettlesAtTheLevels) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 30;
  const auto tx = channel_tx(spec);
  const std::vector<float> ones = steady(*tx, 1.0f, 3);
  const std::vector<float> zeros = steady(*tx, 0.0f, 3);
  for (std::size_t i = 0; i < ones.size(); ++i) {
    ASSERT_NEAR(ones[i], kLow + kSwing, 1e-5 * kSwing);
    ASSERT_NEAR(zeros[i], kLow, 1e-5 * kSwing);
  }
  const std::span<const double> p = tx->pulse();
  for (int j = 0; j < tx->samples_per_ui(); ++j) {
    double sum = 0.0;
    for (int k = 0; k < tx->taps_ui(); ++k) sum += p[k * tx->samples_per_ui() + j];
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

// The rate-equation LED between the currents of the extinction ratio: its static light maps onto
// the two levels, and it has no one-bit response (it is nonlinear).
TEST(McTransmitter, RateEquationSettlesAtTheLevelsAndResets) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 10;
  spec.led.model = LedModel::kRateEquation;
  const auto tx = channel_tx(spec);
  EXPECT_TRUE(tx->pulse().empty());
  EXPECT_EQ(tx->taps_ui(), 1);
  const std::vector<float> ones = steady(*tx, 1.0f, 2);
  for (float v : std::span<const float>(ones).last(kLanes * tx->samples_per_ui()))
    ASSERT_NEAR(v, kLow + kSwing, 1e-4 * kSwing);
  tx->reset();
  const std::vector<float> zeros = steady(*tx, 0.0f, 1);
  for (float v : zeros) ASSERT_NEAR(v, kLow, 1e-4 * kSwing);
  // From reset, the same bits give the same light.
  tx->reset();
  EXPECT_EQ(steady(*tx, 1.0f, 2), ones);
}

}  // namespace
}  // namespace mosaic::phy::mc
