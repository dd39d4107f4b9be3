#pragma once

#include <complex>
#include <functional>
#include <span>
#include <vector>

namespace mosaic::phy::mc {

// Relative level below which a pulse's tails are cut.
inline constexpr double kTapFloor = 1e-7;

// The waveform engine's sample grid over the chain model's window: span_ui unit intervals of
// samples_per_ui samples, sample_s apart.
struct EngineGrid {
  int span_ui = 0;
  int samples_per_ui = 0;
  double sample_s = 0.0;

  int samples() const { return span_ui * samples_per_ui; }
};

// Spectrum of one bit's drive pulse (2-tap pre-emphasis in, peak swing kept) on the grid.
std::vector<std::complex<double>> drive_spectrum(const EngineGrid& grid, double pre_emphasis);

// Time response on the grid of `spectrum` times h(|f|) (conjugated at negative f: a real response).
std::vector<double> shaped_response(const EngineGrid& grid,
                                    std::vector<std::complex<double>> spectrum,
                                    const std::function<std::complex<double>(double)>& h);

// Causal taps from a response with zero-phase parts centred at sample 0: delayed by `delay`
// samples, cut where the tail falls below kTapFloor of the peak, rounded up to whole unit
// intervals (taps_ui of them).
std::vector<double> causal_taps(std::span<const double> h, int samples_per_ui, int delay,
                                int& taps_ui);

}  // namespace mosaic::phy::mc
