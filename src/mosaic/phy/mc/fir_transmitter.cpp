#include "mosaic/phy/mc/fir_transmitter.hpp"

#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/pulse_response.hpp"

namespace mosaic::phy::mc {
namespace {

class FirTransmitter final : public Transmitter {
 public:
  FirTransmitter(std::vector<double> pulse, int taps_ui, int os, double base_a, double swing_a)
      : Transmitter(os, taps_ui, std::move(pulse)),
        taps_(this->pulse().begin(), this->pulse().end()),
        base_a_(static_cast<float>(base_a)),
        swing_a_(static_cast<float>(swing_a)) {}

 private:
  void transmit(std::span<const float> bits, std::span<float> photo) override {
    const std::size_t k0 = bits.size() / kLanes - kSegmentBits;  // the segment's first row
    tx_lanes(taps_.data(), taps_ui(), samples_per_ui(), bits.data(), k0, kSegmentBits, base_a_,
             swing_a_, photo.data());
  }
  void restart() override {}

  std::vector<float> taps_;
  float base_a_;
  float swing_a_;
};

}  // namespace

std::unique_ptr<Transmitter> make_fir_transmitter(std::vector<double> pulse, int taps_ui, int os,
                                                  double base_a, double swing_a) {
  return std::make_unique<FirTransmitter>(std::move(pulse), taps_ui, os, base_a, swing_a);
}

std::unique_ptr<Transmitter> make_linear_transmitter(
    const TransmitterSetup& setup, double pre_emphasis,
    const std::function<std::complex<double>(double)>& led) {
  const ChainModel& chain = *setup.chain;
  const std::vector<double> h =
      shaped_response(setup.grid, drive_spectrum(setup.grid, pre_emphasis),
                      [&](double f) { return chain.fiber_response(f) * led(f); });
  int taps_ui = 0;
  std::vector<double> pulse =
      causal_taps(h, setup.grid.samples_per_ui, setup.delay_samples, taps_ui);
  return make_fir_transmitter(std::move(pulse), taps_ui, setup.grid.samples_per_ui, setup.base_a,
                              setup.swing_a);
}

}  // namespace mosaic::phy::mc
