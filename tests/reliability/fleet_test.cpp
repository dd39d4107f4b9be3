#include "mosaic/reliability/fleet.hpp"

#include <gtest/gtest.h>

#include <barrier>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/reliability/link_reliability.hpp"
#include "mosaic/reliability/markov.hpp"

namespace mosaic::reliability {
namespace {

struct Config {
  const char* name;
  int data, ecc, spares;
  double channel_fit, common_fit, mttr_h;
  std::optional<double> weibull_scale_years;
  std::int64_t links;
};

LinkSpec spec_of(const Config& c) {
  LinkSpec s = preset("800g");
  s.array.data_channels = c.data;
  s.array.ecc_channels = c.ecc;
  s.array.spare_channels = c.spares;
  // An array of exactly these channels: no surplus pixel adds a spare.
  s.array.rows = c.data + c.ecc + c.spares;
  s.array.cols = 1;
  s.reliability.channel_fit = c.channel_fit;
  s.reliability.common_fit = c.common_fit;
  s.reliability.passive_fit = 0.0;  // the cases give the whole common-part FIT
  s.reliability.mttr_h = c.mttr_h;
  s.reliability.weibull_scale_years = c.weibull_scale_years;
  s.reliability.weibull_shape = 2.5;
  s.reliability.service_life_years = 5.0;
  s.seed = 20250901;
  return s;
}

// Closed form, Markov and fleet Monte Carlo agree within the Monte Carlo's 99 % interval:
// the first-life failure probability (closed form and Markov without repair) against the
// Clopper-Pearson interval, and the expected failures per position with repair (Markov) against
// the normal interval of the mean.
TEST(FleetAgreement, ClosedFormMarkovAndMonteCarlo) {
  const Config configs[] = {
      {"no spares", 400, 10, 0, 100.0, 0.0, 24.0, std::nullopt, 20000},
      {"two spares, busy", 400, 10, 2, 300.0, 10.0, 200.0, std::nullopt, 20000},
      {"zero channel FIT", 400, 10, 50, 0.0, 500.0, 24.0, std::nullopt, 50000},
      {"published 800g", 400, 10, 50, 1.0, 5.0, 24.0, std::nullopt, 400000},
      {"no ECC, instant swap", 60, 0, 5, 20000.0, 0.0, 0.0, std::nullopt, 20000},
      {"zero FIT", 400, 10, 20, 0.0, 0.0, 24.0, std::nullopt, 20000},
      {"weibull wear-out", 100, 8, 3, 50.0, 20.0, 24.0, 12.0, 20000},
  };
  for (const Config& c : configs) {
    SCOPED_TRACE(c.name);
    const LinkSpec s = spec_of(c);
    const LinkReliability closed = link_reliability(s);
    FleetOptions o;
    o.links = c.links;
    o.years = 5.0;
    o.confidence = 0.99;
    const FleetResult f = fleet_monte_carlo(s, o);
    std::printf(
        "%-22s closed %.5g  markov %.5g  MC %.5g [%.5g, %.5g] | failures/link markov %.5g "
        "MC %.5g [%.5g, %.5g]\n",
        c.name, closed.failure_probability,
        closed.markov ? closed.markov->failure_probability : -1.0, f.first_life_failure_probability,
        f.first_life_failure_ci.low, f.first_life_failure_ci.high,
        closed.markov ? closed.markov->expected_failures : -1.0, f.failures_per_link,
        f.failures_per_link_ci.low, f.failures_per_link_ci.high);
    EXPECT_GE(closed.failure_probability, f.first_life_failure_ci.low);
    EXPECT_LE(closed.failure_probability, f.first_life_failure_ci.high);
    if (!c.weibull_scale_years) {
      ASSERT_TRUE(closed.markov.has_value());
      const MarkovResult& mk = *closed.markov;
      EXPECT_NEAR(mk.failure_probability, closed.failure_probability,
                  1e-9 + 1e-6 * closed.failure_probability);
      EXPECT_GE(mk.expected_failures, f.failures_per_link_ci.low - 1e-12);
      EXPECT_LE(mk.expected_failures, f.failures_per_link_ci.high + 1e-12);
    }
    if (c.channel_fit == 0.0 && c.common_fit == 0.0) {
      EXPECT_EQ(f.failures, 0);
      EXPECT_EQ(closed.failure_probability, 0.0);
    }
  }
}

TEST(Fleet, DependsOnlyOnTheSeed) {
  LinkSpec s = spec_of({"", 400, 10, 1, 500.0, 50.0, 48.0, std::nullopt, 0});
  FleetOptions o;
  o.links = 30000;
  o.years = 3.0;
  o.threads = 1;
  const FleetResult a = fleet_monte_carlo(s, o);
  o.threads = 2;
  const FleetResult b = fleet_monte_carlo(s, o);
  o.threads = 7;
  const FleetResult c = fleet_monte_carlo(s, o);
  ASSERT_GT(a.failures, 100);
  for (const FleetResult* r : {&b, &c}) {
    EXPECT_EQ(a.failures, r->failures);
    EXPECT_EQ(a.outages, r->outages);
    EXPECT_EQ(a.first_life_failures, r->first_life_failures);
    EXPECT_EQ(a.failures_per_link_ci.high, r->failures_per_link_ci.high);
    for (std::size_t y = 0; y < a.per_year.size(); ++y)
      EXPECT_EQ(a.per_year[y].failures, r->per_year[y].failures);
  }
  s.seed += 1;
  o.threads = 2;
  EXPECT_NE(fleet_monte_carlo(s, o).failures, a.failures);
}

// Parts of one fleet run side by side (as MPI ranks would, here as threads meeting at a barrier
// in `sum`): each draws its blocks, the sums are exact, and every part ends with the whole
// fleet's result, equal to one process's for 1, 2, 3 and 5 parts (5 > blocks: idle parts).
TEST(Fleet, SharedOverPartsEqualsOneProcess) {
  const LinkSpec s = spec_of({"", 400, 10, 1, 500.0, 50.0, 48.0, std::nullopt, 0});
  FleetOptions o;
  o.links = 30000;  // four blocks of links
  o.years = 3.0;
  o.threads = 1;
  const FleetResult whole = fleet_monte_carlo(s, o);
  ASSERT_GT(whole.failures, 100);
  for (int parts : {1, 2, 3, 5}) {
    std::vector<std::vector<std::int64_t>*> posted(parts, nullptr);
    std::barrier meet(parts);
    std::vector<FleetShare> shares(parts);
    std::vector<FleetResult> results(parts);
    for (int p = 0; p < parts; ++p)
      shares[p] = {p, parts, [&, p](std::vector<std::int64_t>& counts) {
                     posted[p] = &counts;
                     meet.arrive_and_wait();
                     std::vector<std::int64_t> total(counts.size(), 0);
                     for (const auto* other : posted)
                       for (std::size_t i = 0; i < total.size(); ++i) total[i] += (*other)[i];
                     meet.arrive_and_wait();  // every part has read every other's counts
                     counts = total;
                   }};
    std::vector<std::thread> workers;
    for (int p = 0; p < parts; ++p)
      workers.emplace_back([&, p] {
        FleetOptions mine = o;
        mine.share = &shares[p];
        results[p] = fleet_monte_carlo(s, mine);
      });
    for (auto& w : workers) w.join();
    for (const FleetResult& r : results) {
      EXPECT_EQ(r.failures, whole.failures) << parts << " parts";
      EXPECT_EQ(r.outages, whole.outages);
      EXPECT_EQ(r.channel_failures, whole.channel_failures);
      EXPECT_EQ(r.first_life_failures, whole.first_life_failures);
      EXPECT_EQ(r.failures_per_link_ci.high, whole.failures_per_link_ci.high);
      EXPECT_EQ(r.fleet_fit, whole.fleet_fit);
      for (std::size_t y = 0; y < whole.per_year.size(); ++y)
        EXPECT_EQ(r.per_year[y].outages, whole.per_year[y].outages);
    }
  }
}

TEST(Fleet, PerYearCountsAndIntervals) {
  LinkSpec s = spec_of({"", 400, 10, 0, 100.0, 0.0, 0.0, std::nullopt, 0});
  FleetOptions o;
  o.links = 10000;
  o.years = 2.5;
  const FleetResult f = fleet_monte_carlo(s, o);
  ASSERT_EQ(f.per_year.size(), 3u);
  EXPECT_NEAR(f.per_year[2].hours, 0.5 * 8760.0, 1e-9);
  std::int64_t sum = 0;
  for (const auto& y : f.per_year) {
    sum += y.failures;
    EXPECT_LE(y.failures_ci.low, y.failures);
    EXPECT_GE(y.failures_ci.high, y.failures);
    // Instant replacement, no ECC masking needed for the count: a Poisson process of rate n lambda.
    const double expect = 10000.0 * 410 * 100e-9 * y.hours;
    EXPECT_GE(expect, y.failures_ci.low);
    EXPECT_LE(expect, y.failures_ci.high);
  }
  EXPECT_EQ(sum, f.failures);
  EXPECT_NEAR(f.mtbf_h, 2.5 * 8760.0 / f.failures, 1e-9);
  EXPECT_LT(f.mtbf_ci_h.low, f.mtbf_h);
  EXPECT_GT(f.mtbf_ci_h.high, f.mtbf_h);
}

TEST(Fleet, RejectsBadOptions) {
  const LinkSpec s = preset("800g");
  FleetOptions o;
  o.links = 0;
  EXPECT_THROW(fleet_monte_carlo(s, o), ConfigError);
  o.links = 10;
  o.years = -1.0;
  EXPECT_THROW(fleet_monte_carlo(s, o), ConfigError);
}

// The fleet that motivates the paper: 600,000 links for 5 years runs in seconds.
// Speed is measured by bench/bench_fleet.cpp; here the full-size fleet must count right: at the
// defaults only the 5 FIT common parts fail, so 600,000 links over 5 years (renewed on failure)
// expect 600000 x 5e-9 /h x 43800 h = 131.4 failures; the Poisson 99.9 % range (3.29 sigma) is [94,
// 169].
TEST(Fleet, SixHundredThousandLinksFiveYearsCountsTheExpectedFailures) {
  FleetOptions o;
  o.links = 600000;
  o.years = 5.0;
  const FleetResult f = fleet_monte_carlo(preset("800g"), o);
  EXPECT_GE(f.failures, 94);
  EXPECT_LE(f.failures, 169);
}

}  // namespace
}  // namespace mosaic::reliability
