#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/link/relay.hpp"

namespace mosaic::link {
namespace {

std::uint64_t histogram_total(const HostFecOutcome& f) {
  return std::accumulate(f.symbol_errors.begin(), f.symbol_errors.end(), std::uint64_t{0});
}

std::uint64_t histogram_beyond(const HostFecOutcome& f, int t) {
  std::uint64_t n = 0;
  for (int k = t + 1; k < HostFecOutcome::kSymbolErrorBins; ++k) n += f.symbol_errors[k];
  return n;
}

// P(K = k) for K ~ Binomial(n, q), from logs (n = 544 overflows nothing this way).
double binomial_pmf(int n, double q, int k) {
  return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                  k * std::log(q) + (n - k) * std::log1p(-q));
}

// Pearson's chi-square of the measured histogram against Binomial(544, q) over bins 0..last-1
// and a pooled tail bin (every expected count above 5).
double chi_square_vs_binomial(const HostFecOutcome& f, double q, int last) {
  const double n = double(f.codewords);
  double chi2 = 0.0, head = 0.0;
  std::uint64_t seen_head = 0;
  for (int k = 0; k < last; ++k) {
    const double expected = n * binomial_pmf(Rs544::kN, q, k);
    const double seen = double(f.symbol_errors[k]);
    chi2 += (seen - expected) * (seen - expected) / expected;
    head += expected;
    seen_head += f.symbol_errors[k];
  }
  const double expected_tail = n - head;
  const double seen_tail = double(f.codewords - seen_head);
  return chi2 + (seen_tail - expected_tail) * (seen_tail - expected_tail) / expected_tail;
}

// The prototype has no cross-channel ECC: each host bit is one channel bit, flipped by the channel
// model independently at the background BER, so at the host FEC's input the bits of a codeword err
// independently and a 10-bit symbol errs with q = 1 - (1 - p)^10, independently of the others: the
// symbol errors per codeword are Binomial(544, q). (With ECC the residual errors come in pairs and
// triples within a row of a group, after miscorrections, and no such closed form holds.)
RelayResult relay_at_ber(double ber, std::uint64_t seed, std::uint64_t host_bits) {
  LinkSpec spec = preset("prototype");
  spec.seed = seed;
  RelayOptions opt;
  opt.host_bits = host_bits;
  opt.faults.background_ber = ber;
  return run_relay(spec, opt);
}

TEST(RelayCounters, SymbolErrorHistogramAddsUpToTheCodewords) {
  LinkSpec spec = preset("800g");
  RelayOptions opt;
  opt.host_bits = 60 * 6528000ull;
  opt.faults.background_ber = 2e-4;
  const double period_s = 16384 / (spec.channel.rate_gbps * 1e9);
  opt.faults.failures.push_back({17, (spec.link.training_periods + 10.5) * period_s});
  const RelayResult r = run_relay(spec, opt);
  ASSERT_GT(r.fec.codewords, 1000u);
  EXPECT_EQ(r.host_fec_t, Rs544::kT);
  EXPECT_EQ(histogram_total(r.fec), r.fec.codewords);
  EXPECT_EQ(histogram_beyond(r.fec, r.host_fec_t), r.fec.lost());
  EXPECT_EQ(r.fec.symbol_errors[0], r.fec.clean);
  // Errors do get through the ECC here (double errors in a group): some codewords have some.
  EXPECT_GT(r.fec.codewords, r.fec.symbol_errors[0]);
}

TEST(RelayCounters, SymbolErrorsPerCodewordAreBinomialWithoutEcc) {
  const double p = 2e-4;
  const double q = 1.0 - std::pow(1.0 - p, ReedSolomon10::kSymbolBits);
  // Bins 0..5 and 6 or more (each expected > 30 codewords): 6 degrees of freedom, 22.46 is their
  // chi-square 99.9 % quantile. Measured: 2.0 .. 5.9 for these seeds, and hundreds against
  // Binomial(544, 1.1 q).
  constexpr int kLast = 6;
  constexpr double kCritical = 22.46;
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    const RelayResult r = relay_at_ber(p, seed, 200'000'000);
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    ASSERT_EQ(r.ecc_lanes, 0);
    ASSERT_TRUE(r.mapped_out.empty());
    ASSERT_TRUE(r.swaps.empty());
    ASSERT_GT(r.fec.codewords, 30000u);
    EXPECT_EQ(histogram_total(r.fec), r.fec.codewords);
    const double chi2 = chi_square_vs_binomial(r.fec, q, kLast);
    RecordProperty("chi2_seed_" + std::to_string(seed), std::to_string(chi2));
    EXPECT_LT(chi2, kCritical);
    // The test tells a wrong distribution: 10 % more symbol errors is far outside it.
    EXPECT_GT(chi_square_vs_binomial(r.fec, 1.1 * q, kLast), 4 * kCritical);
    // The mean number of symbol errors per codeword within 4 standard errors of 544 q.
    double sum = 0.0;
    for (int k = 0; k < HostFecOutcome::kSymbolErrorBins; ++k)
      sum += k * double(r.fec.symbol_errors[k]);
    const double mean = sum / double(r.fec.codewords);
    const double se = std::sqrt(Rs544::kN * q * (1 - q) / double(r.fec.codewords));
    EXPECT_NEAR(mean, Rs544::kN * q, 4 * se);
  }
}

TEST(RelayCounters, PerChannelCountersAddUp) {
  LinkSpec spec = preset("800g");
  RelayOptions opt;
  opt.host_bits = 60 * 6528000ull;
  opt.faults.background_ber = 1e-4;
  const double period_s = 16384 / (spec.channel.rate_gbps * 1e9);
  opt.faults.failures.push_back({17, (spec.link.training_periods + 10.5) * period_s});
  const RelayResult r = run_relay(spec, opt);
  const LinkConfig cfg = LinkConfig::from_spec(spec);
  ASSERT_EQ(r.channel_counters.size(), std::size_t(cfg.physical_channels));
  ASSERT_EQ(r.swaps.size(), 1u);
  std::uint64_t carried = 0, corrected = 0, injected = 0;
  int carrying = 0;
  for (const auto& c : r.channel_counters) {
    carried += c.bits_carried;
    corrected += c.ecc_corrected_bits;
    injected += c.bit_errors_injected;
    carrying += c.lane >= 0;
  }
  // Every decoded period, every active lane carried one channel's payload bits.
  EXPECT_EQ(carried, std::uint64_t(r.periods) * cfg.payload_bits() * cfg.active_lanes());
  EXPECT_EQ(carrying, cfg.active_lanes());
  EXPECT_EQ(corrected, r.ecc_corrected_bits);
  // Flips over every channel and period run (training included) at the BER, within 5 sigma.
  const double periods_run = double(r.periods + 1 + std::max(2, cfg.training_periods));
  const double bits = double(cfg.physical_channels) * periods_run * cfg.words_per_period * 64.0;
  EXPECT_NEAR(double(injected), 1e-4 * bits, 5 * std::sqrt(1e-4 * bits));
  const auto& dead = r.channel_counters[17];
  EXPECT_EQ(dead.swapped_out, 1u);
  EXPECT_EQ(dead.lane, -1);
  EXPECT_GE(dead.locks_lost, 1u);
  EXPECT_LT(dead.periods_carrying, r.periods);
  const auto& spare = r.channel_counters[std::size_t(r.swaps[0].to_channel)];
  EXPECT_EQ(spare.swapped_in, 1u);
  EXPECT_EQ(spare.lane, r.swaps[0].lane);
  EXPECT_GT(spare.bits_carried, 0u);
}

TEST(RelayCounters, TimelineIsBoundedAndAddsUp) {
  // 3000 periods: more than 4 kMaxBins, so the bins merged at least three times.
  const LinkConfig cfg = LinkConfig::from_spec(preset("prototype"));
  const RelayResult r = relay_at_ber(1e-5, 7, 3000ull * cfg.host_bits_per_period());
  const Timeline& t = r.timeline;
  ASSERT_LE(t.bins.size(), Timeline::kMaxBins);
  EXPECT_GE(t.bins.size(), Timeline::kMaxBins / 2);
  EXPECT_EQ(t.periods_per_bin, 8);
  std::int64_t periods = 0, down = 0;
  std::uint64_t lost = 0;
  for (std::size_t i = 0; i < t.bins.size(); ++i) {
    EXPECT_EQ(t.bins[i].first_period, periods);
    if (i + 1 < t.bins.size()) {
      EXPECT_EQ(t.bins[i].periods, t.periods_per_bin);
    }
    periods += t.bins[i].periods;
    down += t.bins[i].periods_down;
    lost += t.bins[i].codewords_lost;
  }
  EXPECT_EQ(periods, r.periods);
  EXPECT_EQ(down, r.periods_down);
  EXPECT_EQ(lost, r.fec.lost());
  EXPECT_DOUBLE_EQ(r.link_up_s, std::max(2, cfg.training_periods) * cfg.period_s());
}

}  // namespace
}  // namespace mosaic::link
