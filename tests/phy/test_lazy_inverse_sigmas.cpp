// A distribution's noise computed a group at a time as the sums need it (LazyInverseSigmas)
// against the same distribution with every bin computed first: the same bits from every sum, at
// every vector level, whatever order the thresholds come in.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/histogram_kernels.hpp"
#include "mosaic/phy/isi_distribution.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/q_sum_kernels.hpp"

namespace mosaic::phy {
namespace {

// The same distribution with every bin's noise computed (nothing left pending).
PhaseDistribution computed(const PhaseDistribution& d) {
  PhaseDistribution out = d;
  kernels::inverse_sigmas(d.noise.lo, d.noise.step, d.noise.cursor, d.noise.base_var,
                          d.noise.shot_per_a, d.noise.floor_var, 0, kIsiBins - 1,
                          out.noise.inv_sigma0.data(), out.noise.inv_sigma1.data());
  out.noise.pending = 0;
  return out;
}

kernels::QSumInput sum_input(const PhaseDistribution& d, double threshold, double log_scale) {
  kernels::QSumInput q = decision_input(d, threshold);
  q.log_scale = log_scale;
  return q;
}

// Thresholds across the distribution's span and beyond it (the scaled sums and the log domain),
// shuffled so that groups are computed in no particular order.
std::vector<double> thresholds(const PhaseDistribution& d, int seed) {
  const auto [lo, hi] = amplitude_range(d);
  std::vector<double> out;
  for (int k = -6; k <= 26; ++k) out.push_back(lo + (hi - lo) * k / 20.0);
  for (std::size_t i = out.size() - 1; i > 0; --i)
    std::swap(out[i], out[(i * 7919 + std::size_t(seed) * 104729) % (i + 1)]);
  return out;
}

int compare_design(LinkSpec spec, const char* what) {
  LinkEvaluator ev(spec);
  const int os = ev.chain().samples_per_ui();
  const int channels = static_cast<int>(ev.layout().channels.size());
  int compared = 0;
  for (int channel = 0; channel < channels; channel += 41) {
    if (ev.layout().channels[channel].dead) continue;
    const StatEyeInput in = ev.eye_input(channel, false);
    IsiScratch scratch;
    for (int phase = -os / 2; phase <= os / 2; phase += 2) {
      PhaseDistribution lazy;
      build_phase_distribution(in, phase, lazy, scratch);
      EXPECT_NE(lazy.noise.pending, 0u) << what;
      // One copy for each vector level's plain sums, one for the entry points.
      std::vector<PhaseDistribution> lazy_sums(3, lazy);
      const PhaseDistribution all = computed(lazy);
      for (const double d : thresholds(lazy, channel + phase)) {
        const LogBerSlope a = log_ber_slope_without_jitter(lazy, d);
        const LogBerSlope b = log_ber_slope_without_jitter(all, d);
        EXPECT_EQ(a.log_ber, b.log_ber) << what << ", channel " << channel << " at " << phase;
        EXPECT_EQ(a.slope, b.slope) << what << ", channel " << channel << " at " << phase;
        const auto ta = log_ber_tails_without_jitter(lazy, d);
        const auto tb = log_ber_tails_without_jitter(all, d);
        EXPECT_EQ(ta.has_value(), tb.has_value()) << what;
        if (ta && tb) {
          EXPECT_EQ(ta->log_ber, tb->log_ber) << what;
          EXPECT_EQ(ta->log_tail1, tb->log_tail1) << what;
          EXPECT_EQ(ta->log_tail0, tb->log_tail0) << what;
        }
        EXPECT_EQ(log_ber_lower_bound_without_jitter(lazy, d),
                  log_ber_lower_bound_without_jitter(all, d))
            << what;
        if (lazy.split) continue;
        const VectorLevel levels[] = {VectorLevel::kBaseline, VectorLevel::kAvx2,
                                      VectorLevel::kAvx512};
        for (int k = 0; k < 3; ++k) {
          if (levels[k] > cpu_vector_level()) continue;
          for (const double scale : {0.0, 700.0}) {
            EXPECT_EQ(kernels::q_sum_at(levels[k], sum_input(lazy_sums[k], d, scale)),
                      kernels::q_sum_at(levels[k], sum_input(all, d, scale)))
                << what << ", channel " << channel << " at " << phase << ", level " << k;
          }
        }
      }
      EXPECT_EQ(noise_rms_a(lazy), noise_rms_a(all)) << what;
      ++compared;
    }
  }
  return compared;
}

TEST(LazyInverseSigmas, EverySumGivesTheBitsOfTheWholeHistogramsNoise) {
  LinkSpec spec = preset("800g");
  spec.fiber.length_m = 50.0;
  spec.environment.case_temperature_c = 85.0;
  EXPECT_GT(compare_design(spec, "800g at 50 m, 85 degC"), 40);
  spec.fiber.length_m = 20.0;
  spec.environment.case_temperature_c = 25.0;
  EXPECT_GT(compare_design(spec, "800g at 20 m, 25 degC"), 40);
  LinkSpec nonlinear = preset("800g");
  nonlinear.led.model = LedModel::kRateEquation;
  EXPECT_GT(compare_design(nonlinear, "rate-equation LED (split distributions)"), 40);
}

// The sweep's point: a sum at a threshold inside the eye leaves groups that hold probability
// uncomputed (4 of the 9 here; across all the thresholds a sweep tries, about 4 in 5 of all
// groups are never needed). The vector-512 sum's bound; the other levels compute every live group.
TEST(LazyInverseSigmas, ASumInsideTheEyeLeavesGroupsUncomputed) {
  if (cpu_vector_level() < VectorLevel::kAvx512) GTEST_SKIP() << "the bound is the AVX-512 sum's";
  LinkSpec spec = preset("800g");
  LinkEvaluator ev(spec);
  const StatEyeInput in = ev.eye_input(3, false);
  PhaseDistribution dist;
  IsiScratch scratch;
  build_phase_distribution(in, 0, dist, scratch);
  const auto [lo, hi] = amplitude_range(dist);
  log_ber_slope_without_jitter(dist, 0.5 * (lo + hi));
  // Counted among the groups that hold probability (a sum never computes the others).
  int groups = 0, pending = 0;
  for (int g = dist.first_live >> 3; g <= dist.last_live >> 3; ++g) {
    if (std::all_of(dist.p.begin() + 8 * g, dist.p.begin() + 8 * g + 8,
                    [](double p) { return p == 0.0; }))
      continue;
    ++groups;
    pending += dist.noise.needs(g) ? 1 : 0;
  }
  ASSERT_GE(groups, 8);
  EXPECT_GE(pending, groups / 3) << groups << " groups with probability";
}

TEST(LazyInverseSigmas, ARangeGivesTheWholeHistogramsBits) {
  std::vector<double> all0(64), all1(64), part0(64, -1.0), part1(64, -1.0);
  kernels::inverse_sigmas(-2.0, 0.37, 3.0, 4.0, 0.5, 1e-6, 0, 63, all0.data(), all1.data());
  kernels::inverse_sigmas(-2.0, 0.37, 3.0, 4.0, 0.5, 1e-6, 13, 41, part0.data(), part1.data());
  for (int i = 0; i < 64; ++i) {
    const bool inside = i >= 13 && i <= 41;
    EXPECT_EQ(part0[i], inside ? all0[i] : -1.0) << i;
    EXPECT_EQ(part1[i], inside ? all1[i] : -1.0) << i;
  }
}

}  // namespace
}  // namespace mosaic::phy
