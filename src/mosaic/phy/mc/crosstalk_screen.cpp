#include "mosaic/phy/mc/crosstalk_screen.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "mosaic/phy/mc/chunk_patterns.hpp"
#include "mosaic/phy/mc/lane_decisions.hpp"
#include "mosaic/phy/mc/whole_patterns.hpp"

// Built with -ffp-contract=off: the victim's sums and the neighbours' are rounded as the
// reference's.
namespace mosaic::phy::mc {
namespace {

// A decision taken from the band's edges stands when it holds by this share of the sizes
// involved. The reference's level and noise term are each a few dozen correctly rounded
// operations away from their exact values (2^-53 each): 2^-36 is over 10^3 times what they can
// move, and narrows the screen by a few parts in 10^11.
constexpr double kMargin = 0x1p-36;

// Lane l's decision of row j with every neighbour's terms, as the reference adds them onto the
// victim's sums v0 and v1 (which are its partial sums, bit for bit).
MOSAIC_VECTOR_INLINE float decide_in_full(const SuperpositionInput& in, int j, int l, double f,
                                          double q, double v0, double v1) {
  const long k = in.first_bit + j;
  for (int s = 1; s < in.n_sources; ++s)
    add_source_terms(in, s, k, l, static_cast<std::size_t>(q), v0, v1);
  const double v = (1.0 - f) * v0 + f * v1;
  const double sigma = std::sqrt(in.thermal_var_a2 + in.shot_a2_per_a * std::max(v, 0.0));
  return decision_bit(v + sigma * in.noise[j * kLanes + l] > in.threshold_a);
}

// One body per instruction-set level and kind of victim table (the lane loops vectorise where
// they can).
template <typename Patterns, typename Table>
MOSAIC_VECTOR_INLINE void screen(const SuperpositionInput& in, CrosstalkScreen& s, Table& victim,
                                 float* decisions) {
  Patterns patterns(in, victim);
  const double thermal = in.thermal_var_a2, shot = in.shot_a2_per_a, threshold = in.threshold_a;
  const double low = s.band_low(), high = s.band_high();
  // The noise sigma at the band's top is at most this above its value at the bottom: sqrt
  // grows by at most sqrt(d) over d, and by at most d / (2 sqrt(a)) from a >= thermal.
  const double rise = shot * (high - low);
  const double sigma_step =
      std::min(std::sqrt(rise), thermal > 0.0 ? rise / (2.0 * std::sqrt(thermal))
                                              : std::numeric_limits<double>::infinity());
  std::uint64_t summed = 0;
  for (int j = 0; j < kSegmentBits; ++j) {
    if (j > 0) patterns.advance(in.first_bit + j);
    double f[kLanes], q[kLanes], v0[kLanes], v1[kLanes];
    jittered_positions(in, j, f, q);
    patterns.sums(victim, q, v0, v1);
    const float* noise = in.noise + j * kLanes;
    float* out = decisions + j * kLanes;
    std::uint32_t open[kLanes];
    for (int l = 0; l < kLanes; ++l) {
      // The reference's level lies in [lo, hi]; its noise sigma in [s_lo, s_hi].
      const double mid = (1.0 - f[l]) * v0[l] + f[l] * v1[l];
      const double lo = mid + low, hi = mid + high;
      const double s_lo = std::sqrt(thermal + shot * std::max(lo, 0.0));
      const double s_hi = s_lo + sigma_step;
      const double n = noise[l];
      const double y_lo = lo + (n >= 0.0 ? n * s_lo : n * s_hi);
      const double y_hi = hi + (n >= 0.0 ? n * s_hi : n * s_lo);
      const double margin =
          kMargin * (std::abs(lo) + std::abs(hi) + std::abs(threshold) + std::abs(n) * s_hi);
      const bool one = y_lo - margin > threshold;
      const bool zero = y_hi + margin <= threshold;
      out[l] = decision_bit(one);
      open[l] = one || zero ? 0u : 1u;
    }
    std::uint32_t lanes = 0;
    for (int l = 0; l < kLanes; ++l) lanes |= open[l] << l;
    summed += static_cast<std::uint64_t>(std::popcount(lanes));
    for (; lanes != 0; lanes &= lanes - 1) {
      const int l = std::countr_zero(lanes);
      out[l] = decide_in_full(in, j, l, f[l], q[l], v0[l], v1[l]);
    }
  }
  s.count(static_cast<std::uint64_t>(kSegmentBits) * kLanes, summed);
}

MOSAIC_VECTOR_INLINE void screen(const SuperpositionInput& in, CrosstalkScreen& s,
                                 float* decisions) {
  if (s.whole())
    screen<WholePatterns>(in, s, *s.whole(), decisions);
  else
    screen<ChunkPatterns>(in, s, *s.chunks(), decisions);
}

MOSAIC_TARGET_AVX512 void screen_avx512(const SuperpositionInput& in, CrosstalkScreen& s,
                                        float* decisions) {
  screen(in, s, decisions);
}

MOSAIC_TARGET_AVX2 void screen_avx2(const SuperpositionInput& in, CrosstalkScreen& s,
                                    float* decisions) {
  screen(in, s, decisions);
}

void screen_baseline(const SuperpositionInput& in, CrosstalkScreen& s, float* decisions) {
  screen(in, s, decisions);
}

}  // namespace

bool CrosstalkScreen::fits(int positions, int victim_lags, bool whole) {
  return whole ? PatternTable::fits(positions, victim_lags)
               : ChunkPatternTable::fits(positions, std::span<const int>(&victim_lags, 1));
}

CrosstalkScreen::CrosstalkScreen(std::span<const SuperpositionSource> sources, int positions,
                                 double base_a, bool whole) {
  const SuperpositionSource& victim = sources[0];
  if (whole)
    whole_.emplace(victim.taps, positions, victim.lags, base_a, ChunkPatternTable::kChunkLags);
  else
    chunks_.emplace(sources.first(1), positions, base_a);
  band_low_ = std::numeric_limits<double>::infinity();
  band_high_ = -band_low_;
  for (int p = 0; p < positions; ++p) {
    double lo = 0.0, hi = 0.0;
    for (const SuperpositionSource& src : sources.subspan(1))
      for (int m = 0; m < src.lags; ++m) {
        const double t = src.taps[static_cast<std::size_t>(p) * src.lags + m];
        lo += std::min(t, 0.0);
        hi += std::max(t, 0.0);
      }
    band_low_ = std::min(band_low_, lo);
    band_high_ = std::max(band_high_, hi);
  }
}

void superpose_screened_at(VectorLevel level, const SuperpositionInput& in, CrosstalkScreen& screen,
                           float* decisions) {
  pick_level(level, &screen_avx512, &screen_avx2, &screen_baseline)(in, screen, decisions);
}

void superpose_screened(const SuperpositionInput& in, CrosstalkScreen& screen, float* decisions) {
  static const auto best =
      pick_level(cpu_vector_level(), &screen_avx512, &screen_avx2, &screen_baseline);
  best(in, screen, decisions);
}

}  // namespace mosaic::phy::mc
