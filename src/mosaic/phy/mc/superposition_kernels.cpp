#include "mosaic/phy/mc/superposition_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "mosaic/phy/mc/lane_decisions.hpp"
#include "mosaic/phy/mc/native_vectors.hpp"
#include "mosaic/phy/mc/waveform_decider.hpp"

// One kernel body per instruction-set level, its lanes held in vectors of that level's register
// width (native_vectors.hpp); -ffp-contract=off on this file keeps every level's products and
// sums rounded as the reference's.
namespace mosaic::phy::mc {
namespace {

// The first lag index whose bit has been sent by the end of the segment: later bits are not
// there yet, and the reference skips them one by one.
MOSAIC_VECTOR_INLINE int first_sent_lag(long k, int first_lag) {
  return static_cast<int>(std::max<long>(0, k - first_lag - (kSegmentBits - 1)));
}

// Positions summed together (superpose dispatches on counts 1 to 4).
constexpr int kGroup = 4;

// Lags [lo, hi) of one source for bit k added onto V x P sums (taps: the first position's row).
template <int W, int V, int P>
MOSAIC_VECTOR_INLINE void add_lags(const SuperpositionSource& src, const double* taps, long k,
                                   int c, int lo, int hi, typename VectorOf<W>::D (*sums)[P]) {
  using D = typename VectorOf<W>::D;
  for (int m = lo; m < hi; ++m) {
    const float* row = src.bits + (k - (src.first_lag + m)) * kLanes + c * W;
    D b[V];
    for (int u = 0; u < V; ++u) {
      typename VectorOf<W>::F f;
      std::memcpy(&f, row + u * W, sizeof f);
      b[u] = __builtin_convertvector(f, D);
    }
    for (int p = 0; p < P; ++p) {
      const double t = taps[p * src.lags + m];
      for (int u = 0; u < V; ++u) sums[u][p] += b[u] * t;
    }
  }
}

// `V` neighbouring vectors of lanes' sums at `P` consecutive positions from `first` for bit k:
// V x P accumulators stay in registers while each bit row is loaded once and each tap broadcast
// once. Each accumulator is its own chain of additions (a lane's terms are added in the
// reference's order), so more of them keep the adders busy. Lags whose taps are 0 at all P
// positions are skipped (each would add +-0).
template <int W, int V, int P>
MOSAIC_VECTOR_INLINE void sum_positions(const SuperpositionInput& in, long k, int first, int c,
                                        typename VectorOf<W>::D (*acc)[kGroup]) {
  using D = typename VectorOf<W>::D;
  D a[V][P];
  for (int u = 0; u < V; ++u)
    for (int p = 0; p < P; ++p) a[u][p] = D{} + in.base_a;
  for (int s = 0; s < in.n_sources; ++s) {
    const SuperpositionSource& src = in.sources[s];
    const double* taps = src.taps + static_cast<std::size_t>(first) * src.lags;
    int from = 0, to = src.lags;
    if (src.lag_from) {
      from = src.lag_from[first], to = src.lag_to[first];
      for (int p = 1; p < P; ++p) {
        if (src.lag_from[first + p] == src.lag_to[first + p]) continue;
        if (from == to) {
          from = src.lag_from[first + p], to = src.lag_to[first + p];
          continue;
        }
        from = std::min(from, src.lag_from[first + p]);
        to = std::max(to, src.lag_to[first + p]);
      }
    }
    from = std::max(from, first_sent_lag(k, src.first_lag));
    if (in.chunk_lags == 0) {
      add_lags<W, V, P>(src, taps, k, c, from, to, a);
      continue;
    }
    // A chunk without a nonzero tap here would add +-0: skipped.
    const int width = chunk_width(src.lags, in.chunk_lags);
    for (int start = 0; start < src.lags; start += width) {
      const int lo = std::max(from, start), hi = std::min(to, start + width);
      if (lo >= hi) continue;
      if (s == 0 && start == 0) {
        add_lags<W, V, P>(src, taps, k, c, lo, hi, a);
        continue;
      }
      D chunk[V][P];
      for (int u = 0; u < V; ++u)
        for (int p = 0; p < P; ++p) chunk[u][p] = D{} + 0.0;
      add_lags<W, V, P>(src, taps, k, c, lo, hi, chunk);
      for (int u = 0; u < V; ++u)
        for (int p = 0; p < P; ++p) a[u][p] += chunk[u][p];
    }
  }
  for (int u = 0; u < V; ++u)
    for (int p = 0; p < P; ++p) acc[u][p] = a[u][p];
}

// The lanes of a bit sample at their own jittered positions, but jitter is a fraction of a UI:
// neighbouring lanes share a handful of whole-sample positions. So each position a pair of
// vectors needs is summed for all their lanes at once (one tap times a row of bits, no gather),
// and each lane keeps the sums at its own two positions. A lane's sum is base + its taps times
// its bits, in the reference's order (chunk_lags). Four positions at a time: 2 x 4 accumulators,
// the bits and a tap fit the registers of every level.
template <int W>
MOSAIC_VECTOR_INLINE void superpose(const SuperpositionInput& in, float* decisions) {
  using D = typename VectorOf<W>::D;
  constexpr int kV = 2;
  constexpr int kCount = kLanes / W;
  static_assert(kCount % kV == 0, "vectors in pairs");
  for (int j = 0; j < kSegmentBits; ++j) {
    double f[kLanes], v0[kLanes], v1[kLanes], q[kLanes];
    jittered_positions(in, j, f, q);
    const long k = in.first_bit + j;
    for (int c = 0; c < kCount; c += kV) {
      double lo = q[c * W], hi = q[c * W];
      for (int l = 1; l < kV * W; ++l) {
        lo = std::min(lo, q[c * W + l]);
        hi = std::max(hi, q[c * W + l]);
      }
      D at[kV], acc[kV][kGroup], at0[kV], at1[kV];
      for (int u = 0; u < kV; ++u) {
        // Each lane's two sums are set below (its positions lie in the range walked).
        at0[u] = D{} + 0.0, at1[u] = D{} + 0.0;
        std::memcpy(&at[u], q + (c + u) * W, sizeof at[u]);
      }
      const int last = static_cast<int>(hi) + 1;
      for (int first = static_cast<int>(lo); first <= last; first += kGroup) {
        const int count = std::min(kGroup, last - first + 1);
        if (count == 4) sum_positions<W, kV, 4>(in, k, first, c, acc);
        if (count == 3) sum_positions<W, kV, 3>(in, k, first, c, acc);
        if (count == 2) sum_positions<W, kV, 2>(in, k, first, c, acc);
        if (count == 1) sum_positions<W, kV, 1>(in, k, first, c, acc);
        for (int p = 0; p < count; ++p) {
          const double position = first + p;
          for (int u = 0; u < kV; ++u) {
            at0[u] = at[u] == position ? acc[u][p] : at0[u];
            at1[u] = at[u] + 1.0 == position ? acc[u][p] : at1[u];
          }
        }
      }
      for (int u = 0; u < kV; ++u) {
        std::memcpy(v0 + (c + u) * W, &at0[u], sizeof at0[u]);
        std::memcpy(v1 + (c + u) * W, &at1[u], sizeof at1[u]);
      }
    }
    decide_row(in, j, f, v0, v1, decisions);
  }
}

// Pairs of vectors at every level: 8 accumulators, two bit rows and a tap fit the 32 AVX-512
// and the 16 AVX2 and SSE2 registers.
MOSAIC_TARGET_AVX512 void superpose_avx512(const SuperpositionInput& in, float* decisions) {
  superpose<8>(in, decisions);
}

MOSAIC_TARGET_AVX2 void superpose_avx2(const SuperpositionInput& in, float* decisions) {
  superpose<4>(in, decisions);
}

void superpose_baseline(const SuperpositionInput& in, float* decisions) {
  superpose<2>(in, decisions);
}

}  // namespace

void superpose_lanes_at(VectorLevel level, const SuperpositionInput& in, float* decisions) {
  pick_level(level, &superpose_avx512, &superpose_avx2, &superpose_baseline)(in, decisions);
}

void superpose_lanes(const SuperpositionInput& in, float* decisions) {
  static const auto best =
      pick_level(cpu_vector_level(), &superpose_avx512, &superpose_avx2, &superpose_baseline);
  best(in, decisions);
}

void nonzero_lag_ranges(const double* taps, int positions, int lags, int* from, int* to) {
  for (int p = 0; p < positions; ++p) {
    const double* row = taps + static_cast<std::size_t>(p) * lags;
    int a = 0, b = lags;
    while (a < b && row[a] == 0.0) ++a;
    while (b > a && row[b - 1] == 0.0) --b;
    from[p] = a == b ? 0 : a;
    to[p] = a == b ? 0 : b;
  }
}

void superpose_lanes_reference(const SuperpositionInput& in, float* decisions) {
  const double lim = in.jitter_limit_samples;
  for (int l = 0; l < kLanes; ++l) {
    for (int j = 0; j < kSegmentBits; ++j) {
      const double delta = std::clamp(in.jitter_rms_samples * in.jitter[j * kLanes + l], -lim, lim);
      const double t = in.decision_samples + delta;
      const long i0 = static_cast<long>(std::floor(t));
      const double f = t - i0;
      const int q = static_cast<int>(i0 - in.first_position);
      double v0 = in.base_a, v1 = in.base_a;
      const long k = in.first_bit + j;
      for (int s = 0; s < in.n_sources; ++s)
        add_source_terms(in, s, k, l, static_cast<std::size_t>(q), v0, v1);
      const double v = (1.0 - f) * v0 + f * v1;
      const double sigma = std::sqrt(in.thermal_var_a2 + in.shot_a2_per_a * std::max(v, 0.0));
      const double y = v + sigma * in.noise[j * kLanes + l];
      decisions[j * kLanes + l] = decision_bit(y > in.threshold_a);
    }
  }
}

}  // namespace mosaic::phy::mc
