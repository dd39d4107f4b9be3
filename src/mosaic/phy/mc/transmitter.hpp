#pragma once

#include <span>
#include <vector>

#include "mosaic/phy/mc/causal_response.hpp"

namespace mosaic::phy {
class ChainModel;
}

namespace mosaic::phy::mc {

// What a channel's transmitter is built from (LedResponse::transmitter chooses the variant).
struct TransmitterSetup {
  const ChainModel* chain = nullptr;  // the fiber's response
  EngineGrid grid;                    // the engine's samples over the chain's window
  int delay_samples = 0;     // common precursor room plus this channel's skew, whole samples
  double low_a = 0.0;        // 0-level photocurrent at the photodiode
  double swing_a = 0.0;      // 1 minus 0 level
  double base_a = 0.0;       // photocurrent of all-zeros data (the pre-emphasis offset in)
  double led_f3db_hz = 0.0;  // this LED's bandwidth, spread and temperature in
};

// One channel's transmitter in the waveform engine: its bits to the photocurrent its own light
// makes at the photodiode (microLED, drive, fiber; crosstalk is summed at the receiver), a whole
// segment of every lane per call.
class Transmitter {
 public:
  virtual ~Transmitter() = default;

  // bits: lane-interleaved 0/1 rows, the segment's kSegmentBits rows last, preceded by at least
  // taps_ui() earlier rows (a BitHistory's rows()); photo: kSegmentBits * samples_per_ui() rows.
  void process(std::span<const float> bits, std::span<float> photo);
  // Back to the state before the first segment (all-zeros data before it).
  void reset() { restart(); }

  int samples_per_ui() const { return os_; }
  // Bits, this one included, that each output bit period depends on.
  int taps_ui() const { return taps_ui_; }
  // Response to one isolated 1 bit (A per A of swing, delay in), taps_ui * samples_per_ui samples,
  // when the light is linear in the bits; empty otherwise.
  std::span<const double> pulse() const { return pulse_; }

 protected:
  Transmitter(int os, int taps_ui, std::vector<double> pulse)
      : os_(os), taps_ui_(taps_ui), pulse_(std::move(pulse)) {}

 private:
  virtual void transmit(std::span<const float> bits, std::span<float> photo) = 0;
  virtual void restart() = 0;

  int os_;
  int taps_ui_;
  std::vector<double> pulse_;
};

}  // namespace mosaic::phy::mc
