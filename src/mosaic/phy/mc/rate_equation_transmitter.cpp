#include "mosaic/phy/mc/rate_equation_transmitter.hpp"

#include <cmath>
#include <complex>
#include <vector>

#include "mosaic/core/units.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/pulse_response.hpp"
#include "mosaic/phy/rate_equation_led.hpp"

namespace mosaic::phy::mc {
namespace {

struct Drive {
  double i_lo = 0.0, i_hi = 0.0;  // drive currents of a 0 and a 1 (A)
  double l_lo = 0.0, l_hi = 1.0;  // their static light (RateEquationLed's relative units)
  double alpha = 0.0;             // pre-emphasis
  double dt_s = 0.0;              // the ODE's step per sample, time-scaled to the channel
};

class RateEquationTransmitter final : public Transmitter {
 public:
  RateEquationTransmitter(const RateEquationLed& led, const Drive& drive,
                          std::vector<float> fiber_taps, int os, double low_a, double swing_a)
      : Transmitter(os, 1, {}),
        led_(led),
        drive_(drive),
        fiber_taps_(std::move(fiber_taps)),
        low_a_(low_a),
        scale_(swing_a / (drive.l_hi - drive.l_lo)) {
    restart();
  }

 private:
  void transmit(std::span<const float> bits, std::span<float> photo) override {
    const int os = samples_per_ui();
    const std::size_t ns = static_cast<std::size_t>(kSegmentBits) * os;
    const std::size_t k0 = bits.size() / kLanes - kSegmentBits;
    thread_local std::vector<double> lane_in, lane_out;
    lane_in.resize(ns);
    lane_out.resize(ns);
    const double alpha = drive_.alpha;
    const std::size_t fl = fiber_taps_.size();
    std::copy(light_.end() - (fl - 1) * kLanes, light_.end(), light_.begin());
    float* lit = light_.data() + (fl - 1) * kLanes;
    // One lane at a time: the ODE is nonlinear and recursive in time.
    for (int l = 0; l < kLanes; ++l) {
      for (int k = 0; k < kSegmentBits; ++k) {
        const double b = bits[(k0 + k) * kLanes + l];
        const double prev = bits[(k0 + k - 1) * kLanes + l];
        const double d = (b - alpha * prev + alpha) / (1.0 + alpha);
        const double current = drive_.i_lo + (drive_.i_hi - drive_.i_lo) * d;
        for (int j = 0; j < os; ++j) lane_in[k * os + j] = current;
      }
      leds_[l].process(lane_in, lane_out, drive_.dt_s);
      for (std::size_t i = 0; i < ns; ++i)
        lit[i * kLanes + l] = static_cast<float>(low_a_ + (lane_out[i] - drive_.l_lo) * scale_);
    }
    fir_lanes(fiber_taps_.data(), static_cast<int>(fl), light_.data(), photo.data(), ns);
  }

  void restart() override {
    leds_.assign(kLanes, led_);
    light_.assign(
        (fiber_taps_.size() - 1 + static_cast<std::size_t>(kSegmentBits) * samples_per_ui()) *
            kLanes,
        static_cast<float>(low_a_));
  }

  RateEquationLed led_;  // carriers in steady state at the 0 level's current
  Drive drive_;
  std::vector<float> fiber_taps_;
  double low_a_;
  double scale_;  // photocurrent per unit of relative light
  std::vector<RateEquationLed> leds_;
  std::vector<float> light_;  // (fiber taps - 1 + segment) samples x lanes, history first
};

}  // namespace

std::unique_ptr<Transmitter> make_rate_equation_transmitter(const TransmitterSetup& setup,
                                                            const LedSpec& spec) {
  const ChainModel& chain = *setup.chain;
  const EngineGrid& grid = setup.grid;
  std::vector<std::complex<double>> flat(grid.samples(), 1.0);
  const std::vector<double> h =
      shaped_response(grid, std::move(flat), [&](double f) { return chain.fiber_response(f); });
  int taps_ui = 0;
  const std::vector<double> t = causal_taps(h, grid.samples_per_ui, setup.delay_samples, taps_ui);
  // A fiber shorter than a sample is a pure delay: keep only the taps up to the last one.
  std::size_t last = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (std::abs(t[i]) > 0) last = i;
  std::vector<float> fiber_taps(t.begin(), t.begin() + last + 1);
  RateEquationLed led(spec);
  const auto [lo, hi] = led.drive_levels(units::db_to_linear(spec.extinction_ratio_db));
  Drive d;
  d.i_lo = lo;
  d.i_hi = hi;
  d.l_lo = led.static_light(lo);
  d.l_hi = led.static_light(hi);
  d.alpha = spec.pre_emphasis;
  // The channel's bandwidth differs from the model's by its spread and derating: its carriers
  // run that much faster or slower.
  const double dt_scale = setup.led_f3db_hz / led.small_signal_f3db_hz(spec.bias_ma * 1e-3);
  d.dt_s = grid.sample_s * dt_scale;
  led.reset(lo);
  return std::make_unique<RateEquationTransmitter>(led, d, std::move(fiber_taps),
                                                   grid.samples_per_ui, setup.low_a, setup.swing_a);
}

}  // namespace mosaic::phy::mc
