#include "mosaic/phy/mc/lag_amplitudes.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "mosaic/phy/mc/vector_clones.hpp"

namespace mosaic::phy::mc {
namespace {

constexpr int kWidth = 8;  // doubles per vector: one AVX-512 register, two AVX2 ones
using Doubles = double __attribute__((vector_size(kWidth * sizeof(double))));

int wrap(int i, int n) {
  if (i >= 0 && i < n) return i;
  i %= n;
  return i < 0 ? i + n : i;
}

// The Catmull-Rom cubic through y0..y3 at f in [0, 1) between y1 and y2, times the swing, as
// weights of the four samples: they depend on the fraction alone, so a run computes them once,
// and they are exactly (0, swing, 0, 0) on a whole sample.
struct Weights {
  double w0, w1, w2, w3;
};

Weights catmull_rom_weights(double f, double swing_a) {
  const double f2 = f * f, f3 = f2 * f;
  const double h = 0.5 * swing_a;
  return {h * ((2.0 * f2 - f) - f3), h * ((2.0 - 5.0 * f2) + 3.0 * f3),
          h * ((f + 4.0 * f2) - 3.0 * f3), h * (f3 - f2)};
}

template <typename T>
MOSAIC_VECTOR_INLINE T weighted(const Weights& w, T y0, T y1, T y2, T y3) {
  return (w.w0 * y0 + w.w1 * y1) + (w.w2 * y2 + w.w3 * y3);
}

// Up to kMaxRuns runs per call: their rows, fractions, swings, lengths and outputs.
struct RunBatch {
  static constexpr int kMaxRuns = 32;
  const double* y[kMaxRuns][4];
  Weights weights[kMaxRuns];
  int padded[kMaxRuns];
  double* out[kMaxRuns];
};

MOSAIC_VECTOR_CLONES void interpolate_runs(const RunBatch& b, int n) {
  for (int k = 0; k < n; ++k) {
    const double *y0 = b.y[k][0], *y1 = b.y[k][1], *y2 = b.y[k][2], *y3 = b.y[k][3];
    const Weights& w = b.weights[k];
    for (int j = 0; j < b.padded[k]; j += kWidth) {
      Doubles a, c1, c2, c3;
      std::memcpy(&a, y0 + j, sizeof a);
      std::memcpy(&c1, y1 + j, sizeof c1);
      std::memcpy(&c2, y2 + j, sizeof c2);
      std::memcpy(&c3, y3 + j, sizeof c3);
      const Doubles v = weighted(w, a, c1, c2, c3);
      std::memcpy(b.out[k] + j, &v, sizeof v);
    }
  }
}

}  // namespace

double lag_amplitude(const PulseResponse& p, double swing_a, int k, int whole, double fraction) {
  const std::vector<double>& h = p.h;
  const int n = static_cast<int>(h.size());
  const int i = wrap(p.peak + k * p.samples_per_ui, n) + whole;  // the sample at or before
  auto sample = [&](int j) { return h[static_cast<std::size_t>(wrap(j, n))]; };
  return weighted(catmull_rom_weights(fraction, swing_a), sample(i - 1), sample(i), sample(i + 1),
                  sample(i + 2));
}

LagRun::LagRun(const PulseResponse& p, double swing_a, int first_lag, int lags)
    : samples_per_ui_(p.samples_per_ui),
      phase_shift_(std::has_single_bit(static_cast<unsigned>(std::max(p.samples_per_ui, 1)))
                       ? std::countr_zero(static_cast<unsigned>(p.samples_per_ui))
                       : -1),
      span_(p.span_ui),
      first_sample_(
          wrap(p.peak + first_lag * p.samples_per_ui, std::max(1, static_cast<int>(p.h.size())))),
      swing_a_(swing_a),
      padded_((lags + kWidth - 1) / kWidth * kWidth),
      stride_(p.span_ui + padded_) {
  if (samples_per_ui_ < 1 || span_ < 1 ||
      p.h.size() != static_cast<std::size_t>(span_) * samples_per_ui_)
    throw std::invalid_argument("LagRun: the pulse is not span_ui x samples_per_ui samples");
  if (lags < 0 || lags > span_) throw std::invalid_argument("LagRun: more lags than the span");
  const int n = span_ * samples_per_ui_;
  rows_.resize(static_cast<std::size_t>(samples_per_ui_ + 3) * stride_);
  for (int r = 0; r < samples_per_ui_ + 3; ++r)
    for (int c = 0; c < stride_; ++c)
      rows_[static_cast<std::size_t>(r) * stride_ + c] =
          p.h[static_cast<std::size_t>(wrap(c * samples_per_ui_ + r - 1, n))];
}

void LagRun::rows_about(int whole, const double* y[4]) const {
  // The first lag's sample at or before the position, as (column, phase) of the rows.
  int m = first_sample_ + whole;
  const int n = span_ * samples_per_ui_;
  if (m < 0 || m >= n) m = wrap(m, n);
  const int q = phase_shift_ >= 0 ? m >> phase_shift_ : m / samples_per_ui_;
  const int r = m - q * samples_per_ui_;
  const double* row = rows_.data() + static_cast<std::size_t>(r) * stride_ + q;
  for (int d = 0; d < 4; ++d) y[d] = row + static_cast<std::size_t>(d) * stride_;
}

void lag_amplitudes(const LagRunAt* runs, int n) {
  RunBatch b;
  for (int first = 0; first < n; first += RunBatch::kMaxRuns) {
    const int count = std::min(RunBatch::kMaxRuns, n - first);
    for (int k = 0; k < count; ++k) {
      const LagRunAt& r = runs[first + k];
      r.run->rows_about(r.whole, b.y[k]);
      b.weights[k] = catmull_rom_weights(r.fraction, r.run->swing_a());
      b.padded[k] = r.run->padded_lags();
      b.out[k] = r.out;
    }
    interpolate_runs(b, count);
  }
}

}  // namespace mosaic::phy::mc
