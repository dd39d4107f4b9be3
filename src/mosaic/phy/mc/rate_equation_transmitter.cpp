#include "mosaic/phy/mc/rate_equation_transmitter.hpp"

#include <cmath>
#include <complex>
#include <vector>

#include "mosaic/phy/carrier_kernels.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/pulse_response.hpp"
#include "mosaic/phy/rate_equation_drive.hpp"

namespace mosaic::phy::mc {
namespace {

static_assert(kLanes == kernels::kCarrierLanes, "the carrier kernel runs the engine's lanes");

class RateEquationTransmitter final : public Transmitter {
 public:
  RateEquationTransmitter(const RateEquationLed& led, const RateEquationDrive& drive,
                          std::vector<float> fiber_taps, int os, double low_a, double swing_a)
      : Transmitter(os, 1, {}),
        led_(led),
        drive_(drive),
        fiber_taps_(std::move(fiber_taps)),
        low_a_(low_a),
        swing_a_(swing_a) {
    restart();
  }

 private:
  void transmit(std::span<const float> bits, std::span<float> photo) override {
    const int os = samples_per_ui();
    const std::size_t ns = static_cast<std::size_t>(kSegmentBits) * os;
    const std::size_t k0 = bits.size() / kLanes - kSegmentBits;
    gen_.resize(ns * kLanes);
    light_out_.resize(ns * kLanes);
    const double per_amp = led_.coefficients().gen_per_amp;
    for (int k = 0; k < kSegmentBits; ++k) {
      for (int l = 0; l < kLanes; ++l) {
        const double b = bits[(k0 + k) * kLanes + l];
        const double prev = bits[(k0 + k - 1) * kLanes + l];
        const double g = drive_.current(b, prev) * per_amp;
        for (int j = 0; j < os; ++j) gen_[(static_cast<std::size_t>(k) * os + j) * kLanes + l] = g;
      }
    }
    kernels::carrier_lanes(led_.coefficients(), gen_.data(), ns, drive_.dt_s / drive_.substeps,
                           drive_.substeps, carriers_.data(), light_out_.data());
    const std::size_t fl = fiber_taps_.size();
    std::copy(light_.end() - (fl - 1) * kLanes, light_.end(), light_.begin());
    float* lit = light_.data() + (fl - 1) * kLanes;
    for (std::size_t i = 0; i < ns * kLanes; ++i)
      lit[i] = static_cast<float>(low_a_ + swing_a_ * drive_.swing_units(light_out_[i]));
    fir_lanes(fiber_taps_.data(), static_cast<int>(fl), light_.data(), photo.data(), ns);
  }

  void restart() override {
    carriers_.assign(kLanes, led_.carrier_density(drive_.i_lo));
    light_.assign(
        (fiber_taps_.size() - 1 + static_cast<std::size_t>(kSegmentBits) * samples_per_ui()) *
            kLanes,
        static_cast<float>(low_a_));
  }

  RateEquationLed led_;
  RateEquationDrive drive_;
  std::vector<float> fiber_taps_;
  double low_a_;
  double swing_a_;
  std::vector<double> carriers_;  // one per lane; all at the 0 level's steady state after reset
  std::vector<double> gen_, light_out_;
  std::vector<float> light_;  // (fiber taps - 1 + segment) samples x lanes, history first
};

}  // namespace

std::unique_ptr<Transmitter> make_rate_equation_transmitter(const TransmitterSetup& setup,
                                                            const LedSpec& spec,
                                                            const LedDrive& drive) {
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
  return std::make_unique<RateEquationTransmitter>(
      drive_led(spec, drive), rate_equation_drive(spec, drive, setup.led_f3db_hz, grid.sample_s),
      std::move(fiber_taps), grid.samples_per_ui, setup.low_a, setup.swing_a);
}

}  // namespace mosaic::phy::mc
