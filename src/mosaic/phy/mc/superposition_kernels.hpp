#pragma once

#include <algorithm>
#include <cstddef>

#include "mosaic/core/vector_level.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"

// The symbol-rate decision kernel (mc.mode = symbol): the noiseless level at each jittered
// decision instant as the sum of every source's pulse taps times its bits, then one Gaussian
// noise draw and the comparison with the threshold. The vectorised version runs the kLanes lanes
// of a bit side by side, where the reference walks one lane at a time; both add the same terms in
// the same order (SuperpositionInput::chunk_lags), so their decisions are the same bit for bit
// (the tests hold them to it).
namespace mosaic::phy::mc {

// One source's taps at every whole-sample position the jittered instant can fall between:
// taps[position * lags + j] multiplies the bit first_lag + j before the decided one.
struct SuperpositionSource {
  const double* taps = nullptr;
  int first_lag = 0;
  int lags = 0;
  const float* bits = nullptr;  // row 0 of the segment, history rows before it
  // Per position, the lags [lag_from, lag_to) outside which every tap is exactly 0 (nullptr: all
  // lags): a zero tap adds +-0 to a sum, which leaves it as it is, so the vector kernels skip
  // those lags and still give the reference's bits.
  const int* lag_from = nullptr;
  const int* lag_to = nullptr;
};

// The lag ranges of taps[positions x lags]: from[p] the first lag with a nonzero tap at position
// p, to[p] one past the last (from = to = 0 where a position has none).
void nonzero_lag_ranges(const double* taps, int positions, int lags, int* from, int* to);

struct SuperpositionInput {
  const SuperpositionSource* sources = nullptr;
  int n_sources = 0;
  const float* jitter = nullptr;  // unit normals, kSegmentBits x kLanes
  const float* noise = nullptr;   // unit normals, kSegmentBits x kLanes
  long first_bit = 0;             // the segment's first decided bit, from its first row
  int first_position = 0;         // whole-sample position of taps row 0, from a bit's start
  double decision_samples = 0.0;
  double jitter_rms_samples = 0.0;
  double jitter_limit_samples = 0.0;  // |jitter| clamped to this
  double base_a = 0.0;
  double thermal_var_a2 = 0.0;
  double shot_a2_per_a = 0.0;
  double threshold_a = 0.0;
  // The order of the sum. 0: base, then every source's terms in lag order, one after the other
  // (a victim alone). K > 0: each source's lags in consecutive chunks of chunk_width(lags, K)
  // lags, each chunk summed on its own from 0 in lag order and then added to the running sum; the
  // first source's first chunk is summed onto base directly. A chunk's sum then depends on at
  // most K bits of one source, which is what lets a table hold it (chunk_pattern_table.hpp).
  int chunk_lags = 0;
};

// The width of a source's chunks: as few chunks of at most `most` lags as hold its lags, as even
// as whole lags allow (the last one the shortest), so that a table's chunks are no wider than
// they need be (12 lags: 6 + 6, not 7 + 5).
inline int chunk_width(int lags, int most) {
  if (lags <= 0) return 1;
  const int chunks = (lags + most - 1) / most;
  return (lags + chunks - 1) / chunks;
}

// Source s's terms for bit k of lane l at whole-sample position `position`, added onto the
// level pair (v0, v1) in the order chunk_lags sets: the reference's sum, one source at a time.
// Only for files built with -ffp-contract=off (the reference, the crosstalk screen's full sums),
// so that every caller rounds it alike.
inline void add_source_terms(const SuperpositionInput& in, int s, long k, int l,
                             std::size_t position, double& v0, double& v1) {
  const SuperpositionSource& src = in.sources[s];
  const double* t0 = src.taps + position * src.lags;
  const double* t1 = t0 + src.lags;
  const int width =
      in.chunk_lags > 0 ? chunk_width(src.lags, in.chunk_lags) : std::max(src.lags, 1);
  for (int start = 0; start < src.lags; start += width) {
    const bool onto_sum = in.chunk_lags == 0 || (s == 0 && start == 0);
    double c0 = onto_sum ? v0 : 0.0, c1 = onto_sum ? v1 : 0.0;
    for (int m = start; m < std::min(start + width, src.lags); ++m) {
      const long r = k - (src.first_lag + m);
      if (r >= kSegmentBits) continue;  // a later bit: not sent yet
      const float b = src.bits[r * kLanes + l];
      c0 += b * t0[m];
      c1 += b * t1[m];
    }
    v0 = onto_sum ? c0 : v0 + c0;
    v1 = onto_sum ? c1 : v1 + c1;
  }
}

// decisions[j * kLanes + l]: 1 or 0 (decision_bit) for bit j of lane l of the segment.
void superpose_lanes(const SuperpositionInput& in, float* decisions);
// The same at one instruction-set level (at most cpu_vector_level()): the tests run each.
void superpose_lanes_at(VectorLevel level, const SuperpositionInput& in, float* decisions);
void superpose_lanes_reference(const SuperpositionInput& in, float* decisions);

}  // namespace mosaic::phy::mc
