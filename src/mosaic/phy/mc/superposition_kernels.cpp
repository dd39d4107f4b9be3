#include "mosaic/phy/mc/superposition_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

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

// The kLanes lanes of a bit as kLanes / W vectors.
template <int W>
struct Lanes {
  static constexpr int kCount = kLanes / W;
  typename VectorOf<W>::D v[kCount];
};

template <int W>
MOSAIC_VECTOR_INLINE Lanes<W> splat(double x) {
  Lanes<W> out;
  for (int c = 0; c < Lanes<W>::kCount; ++c)
    for (int l = 0; l < W; ++l) out.v[c][l] = x;
  return out;
}

// A row of kLanes 0/1 bits (float) as doubles.
template <int W>
MOSAIC_VECTOR_INLINE Lanes<W> load_bits(const float* row) {
  Lanes<W> out;
  for (int c = 0; c < Lanes<W>::kCount; ++c) {
    typename VectorOf<W>::F f;
    std::memcpy(&f, row + c * W, sizeof f);
    out.v[c] = __builtin_convertvector(f, typename VectorOf<W>::D);
  }
  return out;
}

// Sums at `P` consecutive positions from `first`, for every lane of bit k: P accumulators stay
// in registers while each row of bits is loaded once.
template <int W, int P>
MOSAIC_VECTOR_INLINE void sum_positions(const SuperpositionInput& in, long k, int first,
                                        Lanes<W>* acc) {
  Lanes<W> a[P];
  for (int p = 0; p < P; ++p) a[p] = splat<W>(in.base_a);
  for (int s = 0; s < in.n_sources; ++s) {
    const SuperpositionSource& src = in.sources[s];
    const double* taps = src.taps + static_cast<std::size_t>(first) * src.lags;
    for (int m = first_sent_lag(k, src.first_lag); m < src.lags; ++m) {
      const Lanes<W> b = load_bits<W>(src.bits + (k - (src.first_lag + m)) * kLanes);
      for (int p = 0; p < P; ++p) {
        const double tap = taps[p * src.lags + m];
        for (int c = 0; c < Lanes<W>::kCount; ++c) a[p].v[c] += b.v[c] * tap;
      }
    }
  }
  for (int p = 0; p < P; ++p) acc[p] = a[p];
}

// The lanes of a bit sample at their own jittered positions, but jitter is a fraction of a UI:
// they share a handful of whole-sample positions. So each position the bit's lanes need is summed
// for all lanes at once (one tap times a row of bits, no gather), and each lane keeps the sums at
// its own two positions. A lane's sum is base + its taps times its bits in lag order, as in the
// reference. `Group` positions at a time: as many accumulators as the level's registers hold.
template <int W, int Group>
MOSAIC_VECTOR_INLINE void superpose(const SuperpositionInput& in, float* decisions) {
  constexpr int kCount = Lanes<W>::kCount;
  const double lim = in.jitter_limit_samples;
  for (int j = 0; j < kSegmentBits; ++j) {
    double f[kLanes], v0[kLanes], v1[kLanes], q[kLanes];
    for (int l = 0; l < kLanes; ++l) {
      const double delta = std::clamp(in.jitter_rms_samples * in.jitter[j * kLanes + l], -lim, lim);
      const double t = in.decision_samples + delta;
      const double whole = std::floor(t);
      f[l] = t - whole;
      q[l] = whole - in.first_position;
    }
    double lo = q[0], hi = q[0];
    for (int l = 1; l < kLanes; ++l) {
      lo = std::min(lo, q[l]);
      hi = std::max(hi, q[l]);
    }
    Lanes<W> at, acc[Group];
    // Each lane's two sums are set below (its positions lie in the range walked).
    Lanes<W> at0 = splat<W>(0.0), at1 = splat<W>(0.0);
    std::memcpy(&at, q, sizeof at);
    const long k = in.first_bit + j;
    const int last = static_cast<int>(hi) + 1;
    for (int first = static_cast<int>(lo); first <= last; first += Group) {
      const int count = std::min(Group, last - first + 1);
      if constexpr (Group >= 4) {
        if (count == 4) sum_positions<W, 4>(in, k, first, acc);
      }
      if constexpr (Group >= 3) {
        if (count == 3) sum_positions<W, 3>(in, k, first, acc);
      }
      if constexpr (Group >= 2) {
        if (count == 2) sum_positions<W, 2>(in, k, first, acc);
      }
      if (count == 1) sum_positions<W, 1>(in, k, first, acc);
      for (int p = 0; p < count; ++p) {
        const double position = first + p;
        for (int c = 0; c < kCount; ++c) {
          at0.v[c] = at.v[c] == position ? acc[p].v[c] : at0.v[c];
          at1.v[c] = at.v[c] + 1.0 == position ? acc[p].v[c] : at1.v[c];
        }
      }
    }
    std::memcpy(v0, &at0, sizeof at0);
    std::memcpy(v1, &at1, sizeof at1);
    for (int l = 0; l < kLanes; ++l) {
      const double v = (1.0 - f[l]) * v0[l] + f[l] * v1[l];
      const double sigma = std::sqrt(in.thermal_var_a2 + in.shot_a2_per_a * std::max(v, 0.0));
      const double y = v + sigma * in.noise[j * kLanes + l];
      decisions[j * kLanes + l] = decision_bit(y > in.threshold_a);
    }
  }
}

// Sixteen lanes in two AVX-512 registers (four accumulators: 8 of the 32 registers), four AVX2
// ones (two accumulators, 8 of 16) or eight SSE2 ones (one).
MOSAIC_TARGET_AVX512 void superpose_avx512(const SuperpositionInput& in, float* decisions) {
  superpose<8, 4>(in, decisions);
}

MOSAIC_TARGET_AVX2 void superpose_avx2(const SuperpositionInput& in, float* decisions) {
  superpose<4, 2>(in, decisions);
}

void superpose_baseline(const SuperpositionInput& in, float* decisions) {
  superpose<2, 1>(in, decisions);
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
      for (int s = 0; s < in.n_sources; ++s) {
        const SuperpositionSource& src = in.sources[s];
        const double* t0 = src.taps + static_cast<std::size_t>(q) * src.lags;
        const double* t1 = t0 + src.lags;
        for (int m = 0; m < src.lags; ++m) {
          const long r = k - (src.first_lag + m);
          if (r >= kSegmentBits) continue;  // a later bit: not sent yet
          const float b = src.bits[r * kLanes + l];
          v0 += b * t0[m];
          v1 += b * t1[m];
        }
      }
      const double v = (1.0 - f) * v0 + f * v1;
      const double sigma = std::sqrt(in.thermal_var_a2 + in.shot_a2_per_a * std::max(v, 0.0));
      const double y = v + sigma * in.noise[j * kLanes + l];
      decisions[j * kLanes + l] = decision_bit(y > in.threshold_a);
    }
  }
}

}  // namespace mosaic::phy::mc
