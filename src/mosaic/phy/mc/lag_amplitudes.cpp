#include "mosaic/phy/mc/lag_amplitudes.hpp"

#include <algorithm>
#include <stdexcept>

namespace mosaic::phy::mc {
namespace {

int wrap(int i, int n) {
  if (i >= 0 && i < n) return i;
  i %= n;
  return i < 0 ? i + n : i;
}

}  // namespace

CubicBasis catmull_rom_basis(double f) {
  const double f2 = f * f, f3 = f2 * f;
  return {{(2.0 * f2 - f) - f3, (2.0 - 5.0 * f2) + 3.0 * f3, (f + 4.0 * f2) - 3.0 * f3, f3 - f2}};
}

double lag_amplitude(const PulseResponse& p, double swing_a, int k, int whole, double fraction) {
  const std::vector<double>& h = p.h;
  const int n = static_cast<int>(h.size());
  const int i = wrap(p.peak + k * p.samples_per_ui, n) + whole;  // the sample at or before
  auto sample = [&](int j) { return h[static_cast<std::size_t>(wrap(j, n))]; };
  return catmull_rom_sum(catmull_rom_basis(fraction), 0.5 * swing_a, sample(i - 1), sample(i),
                         sample(i + 1), sample(i + 2));
}

TapRows::TapRows(std::span<const TapSource> taps, int padded) : stride_(padded) {
  if (padded < static_cast<int>(taps.size()))
    throw std::invalid_argument("TapRows: fewer columns than taps");
  if (taps.empty()) return;
  samples_ = static_cast<int>(taps.front().pulse->h.size());
  for (const TapSource& t : taps)
    if (static_cast<int>(t.pulse->h.size()) != samples_ || samples_ == 0)
      throw std::invalid_argument("TapRows: the pulses differ in length");
  const int n = samples_;
  rows_.assign(static_cast<std::size_t>(n + 3) * stride_, 0.0);
  half_swing_.assign(static_cast<std::size_t>(stride_), 0.0);
  for (std::size_t t = 0; t < taps.size(); ++t) {
    const TapSource& s = taps[t];
    const PulseResponse& p = *s.pulse;
    half_swing_[t] = 0.5 * s.swing_a;
    const int first = p.peak + s.offset_samples + s.lag * p.samples_per_ui - 1;
    for (int i = 0; i < n + 3; ++i)
      rows_[static_cast<std::size_t>(i) * stride_ + t] =
          p.h[static_cast<std::size_t>(wrap(first + i, n))];
  }
}

const double* TapRows::rows_about(int whole) const {
  if (samples_ == 0) return rows_.data();
  return rows_.data() + static_cast<std::size_t>(wrap(whole, samples_)) * stride_;
}

}  // namespace mosaic::phy::mc
