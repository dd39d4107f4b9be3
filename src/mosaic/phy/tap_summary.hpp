#pragma once

#include <array>
#include <vector>

namespace mosaic::phy {

// One phase's taps of a pulse (a row of PulseResponse::by_phase: its samples a UI apart),
// summarised for the statistical eye. The eye keeps a tap exactly where swing * sample reaches a
// size `tiny` and lumps every other into a Gaussian by its mean and variance; since the rounded
// product grows with |sample|, the kept ones are the row's largest, in order of size, and the
// lumped ones the rest. So a row that keeps at most kTop taps is read as its largest few and two
// sums of the others, instead of every sample of every neighbour at every phase.
struct TapSummary {
  static constexpr int kTop = 8;
  // Columns of the largest |sample|s, largest first (ties: the lower column first), and those
  // samples (so that the eye reads the summary alone, not the row); `count` of them (fewer where
  // the row is shorter).
  int count = 0;
  std::array<int, kTop> top{};
  std::array<double, kTop> top_sample{};
  // Sum and sum of squares of the samples outside top[0, k), k = 0..count: the others in column
  // order, then the top ones from the smallest up (a large sample is never subtracted again).
  std::array<double, kTop + 1> rest_sum{};
  std::array<double, kTop + 1> rest_squares{};
  double next = 0.0;  // the largest |sample| outside top (0 if none)
};

// Summaries of the `rows` rows of `span` samples each of a pulse, from the rows side by side,
// h[j * rows + r], as a pulse's h holds its phases (by_phase[r * span + j] is the same sample): the
// rows are read, and their sums run, together. The columns are searched for the largest from
// `first_column` on, round the end (the same result from any: the pulse's peak column is the
// quickest).
std::vector<TapSummary> summarize_interleaved_taps(const double* h, int rows, int span,
                                                   int first_column);

}  // namespace mosaic::phy
