#pragma once

#include <vector>

#include "mosaic/phy/pulse_response.hpp"

// A pulse's taps at a fractional sample position, many lags at once: what importance sampling
// needs once per signal and draw, where every tap of the signal shares the draw's jittered instant.
namespace mosaic::phy::mc {

// Amplitude (A) of lag k of a pulse of swing `swing_a` at `whole + fraction` samples from the
// pulse peak: a Catmull-Rom cubic through the four nearest samples (exact on whole samples; a
// straight line would flatten the pulse's peak by a fraction of a percent, which deep in the tail
// is a factor of several in BER). The reference the vectorised run is held to.
double lag_amplitude(const PulseResponse& p, double swing_a, int k, int whole, double fraction);

// A run of consecutive lags of one pulse, rearranged in polyphase order: row r holds the samples
// r - 1, r - 1 + os, r - 1 + 2 os, ... (every lag's sample at sub-UI phase r - 1), rows 0 to
// os + 2, far enough round the cyclic pulse for any position. The four samples about a position
// are then four consecutive rows from one column for the whole run, so the run is interpolated
// with vector loads instead of a gather per tap, the same arithmetic in the same order as
// lag_amplitude's, bit for bit.
class LagRun {
 public:
  // Lags first_lag .. first_lag + lags - 1; at most the pulse's span.
  LagRun(const PulseResponse& p, double swing_a, int first_lag, int lags);

  // Room lag_amplitudes() writes to for this run: its lags rounded up to whole vectors.
  int padded_lags() const { return padded_; }

  // The four rows of samples about position `whole` (samples whole - 1 .. whole + 2 of every
  // lag), each from the first lag's column: what lag_amplitudes() interpolates between.
  void rows_about(int whole, const double* y[4]) const;
  double swing_a() const { return swing_a_; }

 private:
  int samples_per_ui_;
  int phase_shift_;  // log2 of samples_per_ui_ when it is a power of two, else -1
  int span_;
  int first_sample_;  // the first lag's sample at the pulse peak, in [0, span_ samples_per_ui_)
  double swing_a_;
  int padded_;
  int stride_;                // columns per row: a span and the padded run
  std::vector<double> rows_;  // samples_per_ui_ + 3 rows of stride_ columns
};

// One run at one position, its amplitudes written to out.
struct LagRunAt {
  const LagRun* run;
  int whole;
  double fraction;
  double* out;
};

// Every run's amplitudes: out[j] = lag_amplitude(pulse, swing, first lag + j, whole, fraction) for
// each of its lags (out holds padded_lags() values), all in one call (the runs of
// a draw are short: one dispatch to the vector code for them all).
void lag_amplitudes(const LagRunAt* runs, int n);

}  // namespace mosaic::phy::mc
