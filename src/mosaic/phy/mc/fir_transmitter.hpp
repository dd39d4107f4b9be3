#pragma once

#include <complex>
#include <functional>
#include <memory>
#include <vector>

#include "mosaic/phy/mc/transmitter.hpp"

namespace mosaic::phy::mc {

// A linear transmitter: a polyphase FIR of the bits with the channel's one-bit response,
// photo = base_a + swing_a * (sum of the pulses of the 1 bits). Stateless: the bit history it
// needs comes with the bits.
std::unique_ptr<Transmitter> make_fir_transmitter(std::vector<double> pulse, int taps_ui, int os,
                                                  double base_a, double swing_a);

// The FIR transmitter of `setup`'s channel for an LED of small-signal response led(f): the drive
// pulse (pre-emphasis in) through the LED and the fiber on the chain's window, made causal after
// setup.delay_samples.
std::unique_ptr<Transmitter> make_linear_transmitter(
    const TransmitterSetup& setup, double pre_emphasis,
    const std::function<std::complex<double>(double)>& led);

}  // namespace mosaic::phy::mc
