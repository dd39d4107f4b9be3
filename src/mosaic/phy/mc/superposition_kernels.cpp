#include "mosaic/phy/mc/superposition_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "mosaic/phy/mc/waveform_decider.hpp"

// The vectorised kernel is compiled for AVX-512, AVX2 and the baseline, the loader picking the
// best the CPU has (GCC function multiversioning); -ffp-contract=off on this file keeps every
// clone's products and sums rounded as the reference's.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MOSAIC_SUPERPOSE_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define MOSAIC_SUPERPOSE_INLINE __attribute__((always_inline)) inline
#else
#define MOSAIC_SUPERPOSE_CLONES
#define MOSAIC_SUPERPOSE_INLINE inline
#endif

namespace mosaic::phy::mc {
namespace {

// The first lag index whose bit has been sent by the end of the segment: later bits are not
// there yet, and the reference skips them one by one.
MOSAIC_SUPERPOSE_INLINE int first_sent_lag(long k, int first_lag) {
  return static_cast<int>(std::max<long>(0, k - first_lag - (kSegmentBits - 1)));
}

// Sixteen lanes of doubles as two vectors of eight (GCC / clang vector extensions: one AVX-512
// register each, two AVX2 or four SSE2 ones in the other clones). Written out because the
// compiler does not vectorise the lane loop on its own here.
constexpr int kHalf = kLanes / 2;
using Floats = float __attribute__((vector_size(kHalf * sizeof(float))));
using Doubles = double __attribute__((vector_size(kHalf * sizeof(double))));
struct Lanes {
  Doubles lo, hi;
};

MOSAIC_SUPERPOSE_INLINE Lanes splat(double x) {
  Lanes v;
  for (int l = 0; l < kHalf; ++l) v.lo[l] = v.hi[l] = x;
  return v;
}

// A row of kLanes 0/1 bits (float) as doubles.
MOSAIC_SUPERPOSE_INLINE Lanes load_bits(const float* row) {
  Floats lo, hi;
  std::memcpy(&lo, row, sizeof lo);
  std::memcpy(&hi, row + kHalf, sizeof hi);
  return {__builtin_convertvector(lo, Doubles), __builtin_convertvector(hi, Doubles)};
}

constexpr int kGroup = 4;

// Sums at `P` consecutive positions from `first`, for every lane of bit k: P accumulators stay
// in registers while each row of bits is loaded once.
template <int P>
MOSAIC_SUPERPOSE_INLINE void sum_positions(const SuperpositionInput& in, long k, int first,
                                           Lanes* acc) {
  Lanes a[P];
  for (int p = 0; p < P; ++p) a[p] = splat(in.base_a);
  for (int s = 0; s < in.n_sources; ++s) {
    const SuperpositionSource& src = in.sources[s];
    const double* taps = src.taps + static_cast<std::size_t>(first) * src.lags;
    for (int m = first_sent_lag(k, src.first_lag); m < src.lags; ++m) {
      const Lanes b = load_bits(src.bits + (k - (src.first_lag + m)) * kLanes);
      for (int p = 0; p < P; ++p) {
        const double tap = taps[p * src.lags + m];
        a[p].lo += b.lo * tap;
        a[p].hi += b.hi * tap;
      }
    }
  }
  for (int p = 0; p < P; ++p) acc[p] = a[p];
}

}  // namespace

// The lanes of a bit sample at their own jittered positions, but jitter is a fraction of a UI:
// they share a handful of whole-sample positions. So each position the bit's lanes need is summed
// for all lanes at once (one tap times a row of bits, no gather), and each lane keeps the sums at
// its own two positions. A lane's sum is base + its taps times its bits in lag order, as in the
// reference.
MOSAIC_SUPERPOSE_CLONES void superpose_lanes(const SuperpositionInput& in, float* decisions) {
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
    // Four positions at a time (each lane's two may fall in different groups).
    Lanes at, acc[kGroup];
    // Each lane's two sums are set below (its positions lie in the range walked).
    Lanes at0 = splat(0.0), at1 = splat(0.0);
    std::memcpy(&at, q, sizeof at);
    const long k = in.first_bit + j;
    const int last = static_cast<int>(hi) + 1;
    for (int first = static_cast<int>(lo); first <= last; first += kGroup) {
      const int count = std::min(kGroup, last - first + 1);
      switch (count) {
        case 4:
          sum_positions<4>(in, k, first, acc);
          break;
        case 3:
          sum_positions<3>(in, k, first, acc);
          break;
        case 2:
          sum_positions<2>(in, k, first, acc);
          break;
        default:
          sum_positions<1>(in, k, first, acc);
          break;
      }
      for (int p = 0; p < count; ++p) {
        const double position = first + p;
        at0.lo = at.lo == position ? acc[p].lo : at0.lo;
        at0.hi = at.hi == position ? acc[p].hi : at0.hi;
        at1.lo = at.lo + 1.0 == position ? acc[p].lo : at1.lo;
        at1.hi = at.hi + 1.0 == position ? acc[p].hi : at1.hi;
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
