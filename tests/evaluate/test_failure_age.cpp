// The failure age over the service life: the guided search lands where a bisection of the same
// evaluations does, in fewer of them.
#include <gtest/gtest.h>

#include <cmath>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/evaluate/end_of_life.hpp"
#include "mosaic/evaluate/failure_age.hpp"
#include "mosaic/link/assign_roles.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/reliability/degradation.hpp"

namespace mosaic {
namespace {

// The grid point a plain bisection of `failed` finds: ok at 0, failed at the end.
template <class Failed>
int bisect(Failed&& failed) {
  int ok = 0, bad = kFailureAgeSteps;
  while (bad - ok > 1) {
    const int mid = (ok + bad) / 2;
    (failed(mid) ? bad : ok) = mid;
  }
  return bad;
}

// A toy link of 10 data channels and 4 spares whose log BERs rise linearly in age, each at its
// own rate, so that spares run out at a chosen age.
struct ToyLink {
  link::LaneAssignment lanes;
  std::vector<double> start;
  std::vector<double> rate;  // decades per year
  AgedLink at(double age) const {
    AgedLink a{age, start, false};
    for (std::size_t i = 0; i < start.size(); ++i) a.log10_ber[i] += rate[i] * age;
    a.failed = spares_run_out(lanes, start, a.log10_ber, std::log10(2.4e-4));
    return a;
  }
};

ToyLink toy(double spread, std::uint64_t seed) {
  ToyLink t;
  for (int i = 0; i < 14; ++i) {
    t.lanes.roles.push_back(i < 10 ? link::ChannelRole::kData : link::ChannelRole::kSpare);
    // A cheap deterministic spread of starting BERs and rates.
    const double u = std::fmod(0.6180339887 * (i + 1) * (seed + 3), 1.0);
    t.start.push_back(-12.0 + 4.0 * u);
    t.rate.push_back(0.3 + spread * std::fmod(0.7548776662 * (i + 7) * (seed + 1), 1.0));
  }
  return t;
}

LinkSpec spec_for(int pixels) {
  LinkSpec s = preset("800g");
  s.array.rows = 1;
  s.array.cols = pixels;
  return s;
}

// The guided search returns the bisection's grid point on links whose channels age at rates the
// interpolation does not model (log BER linear in age, not Q linear in power), over many seeds;
// the count stays within its bound and below the bisection's on average.
TEST(FailureAge, SameGridPointAsABisectionOverManyLinks) {
  const LinkSpec spec = spec_for(14);
  const double life = spec.reliability.service_life_years;
  int total = 0, links = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    for (const double spread : {0.1, 0.5, 2.0}) {
      const ToyLink t = toy(spread, seed);
      if (!t.at(life).failed || t.at(0.0).failed) continue;
      const int want = bisect([&](int k) { return t.at(life * k / kFailureAgeSteps).failed; });
      std::vector<AgedLink> known{t.at(0.0), t.at(life)};
      const FailureAge got =
          find_failure_age(spec, t.lanes, known, [&](double age) { return t.at(age); });
      EXPECT_DOUBLE_EQ(got.age_years, life * want / kFailureAgeSteps) << seed << " " << spread;
      EXPECT_LE(got.evaluations, kGuidedProbes + 6);
      total += got.evaluations;
      ++links;
    }
  }
  ASSERT_GT(links, 20);
  EXPECT_LT(double(total) / links, 6.0);
}

// The swap rule as a count agrees with the stepwise ageing's swaps: more channels over the target
// than usable spares still under it.
TEST(FailureAge, SparesRunOutIsTheSwapRule) {
  link::LaneAssignment lanes;
  lanes.roles = {link::ChannelRole::kData, link::ChannelRole::kData, link::ChannelRole::kSpare,
                 link::ChannelRole::kSpare, link::ChannelRole::kDead};
  const double t = std::log10(2.4e-4);
  const std::vector<double> start{-9, -9, -9, -2, 0};  // the second spare never usable
  EXPECT_FALSE(spares_run_out(lanes, start, {-3.5, -9, -9, -9, 0}, t));
  EXPECT_TRUE(spares_run_out(lanes, start, {-3.5, -3.5, -9, -9, 0}, t));
  EXPECT_TRUE(spares_run_out(lanes, start, {-3.5, -9, -3.5, -9, 0}, t));
  EXPECT_FALSE(spares_run_out(lanes, start, {-9, -9, -3.5, -3.5, 0}, t));
}

// On the physics: a hot 800G link at 43 m whose spares run out within its life. The search's age
// is the bisection's over the same aged evaluations, in fewer of them.
TEST(FailureAge, PhysicsLinkAsABisection) {
  LinkSpec spec = preset("800g");
  spec.fiber.length_m = 43.0;
  spec.environment.case_temperature_c = 85.0;
  phy::LinkEvaluator fresh(spec);
  phy::EvalOptions eo;
  eo.bathtubs = false;
  eo.eye_heights = false;
  const phy::PhyResult at_start = phy::evaluate(fresh, eo);
  const link::LaneAssignment lanes = link::assign_roles(spec, at_start.channels);
  const EndOfLife eol = end_of_life(spec, at_start, lanes, 0, false, nullptr, &fresh);
  ASSERT_TRUE(eol.failed);
  ASSERT_TRUE(eol.failure_age_years.has_value());
  const double life = spec.reliability.service_life_years;
  auto failed_at = [&](int k) {
    reliability::DegradationOptions o;
    o.ages_years = {life * k / kFailureAgeSteps};
    o.fresh = &fresh;
    return reliability::simulate_degradation(spec, at_start, lanes, o).failed;
  };
  const int want = bisect(failed_at);
  EXPECT_DOUBLE_EQ(*eol.failure_age_years, life * want / kFailureAgeSteps);
  // The end of life and at most three probes, where the bisection takes the end and six.
  EXPECT_LE(eol.evaluations, 4);
}

}  // namespace
}  // namespace mosaic
