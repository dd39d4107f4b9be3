// Property: whatever design validate_design accepts (what simulate accepts), the link layer and
// the Monte Carlo engine accept too, or validate_design refuses it up front with the key named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/design/validate.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/link/relay.hpp"

namespace mosaic {
namespace {

// Draws a value of `key` uniformly over its documented range (log-uniform over wide positive
// ranges, so that small values are drawn as often as large ones).
void draw(LinkSpec& s, const std::string& key, Rng& rng) {
  const FieldDesc& f = *find_field(key);
  switch (f.kind) {
    case FieldKind::kBool:
      set_field(s, f, FieldValue{rng.uniform() < 0.5});
      return;
    case FieldKind::kChoice:
      set_field(s, f, FieldValue{f.choices[rng.next_u32() % f.choices.size()]});
      return;
    case FieldKind::kInteger:
    case FieldKind::kOptionalInteger: {
      const double lo = f.min, hi = f.max;
      const double v = lo > 0 && hi / lo > 100
                           ? std::exp(std::log(lo) + rng.uniform() * std::log(hi / lo))
                           : lo + rng.uniform() * (hi - lo);
      set_field(s, f, FieldValue{static_cast<std::int64_t>(std::clamp(std::floor(v), lo, hi))});
      return;
    }
    case FieldKind::kReal:
    case FieldKind::kOptionalReal: {
      const double lo = f.min, hi = f.max;
      const double v = lo > 0 && hi / lo > 100
                           ? std::exp(std::log(lo) + rng.uniform() * std::log(hi / lo))
                           : lo + rng.uniform() * (hi - lo);
      set_field(s, f, FieldValue{std::clamp(v, lo, hi)});
      return;
    }
    case FieldKind::kText:
    case FieldKind::kList:
      return;  // no design key is text or a list
  }
}

// A random design over every structural key of the link layer and the array, with the physics
// keys Monte Carlo cares about; small arrays so that each design runs in milliseconds.
LinkSpec random_design(std::uint64_t i) {
  Rng rng(1234, RngPurpose::kLinkFaults, i);
  LinkSpec s = preset("prototype");
  s.array.rows = 1 + static_cast<int>(rng.next_u32() % 8);
  s.array.cols = 1 + static_cast<int>(rng.next_u32() % 8);
  const int pixels = s.array.rows * s.array.cols;
  s.array.data_channels = 1 + static_cast<int>(rng.next_u32() % pixels);
  s.array.ecc_channels = static_cast<int>(rng.next_u32() % 8);
  s.array.spare_channels = static_cast<int>(rng.next_u32() % 4);
  for (const char* key : {"link.marker_period_bits", "link.max_skew_ui", "link.striping",
                          "link.training_periods", "rx.filter", "led.model", "led.filter",
                          "mc.mode", "rx.ctle", "rx.clock", "channel.pattern"})
    if (rng.uniform() < 0.5) draw(s, key, rng);
  if (rng.uniform() < 0.3) s.link.marker_period_bits = 64 * (3 + rng.next_u32() % 300);
  s.mc.max_bits = 4096;
  s.mc.target_errors = 1;
  return s;
}

TEST(DesignAcceptance, WhatSimulateAcceptsRelayAndMonteCarloAcceptToo) {
  int accepted = 0, relayed = 0, monte_carlo = 0, refused_for_mc = 0;
  for (std::uint64_t i = 0; i < 3000; ++i) {
    const LinkSpec s = random_design(i);
    try {
      validate_design(s);
    } catch (const ConfigError& e) {
      EXPECT_FALSE(e.field().empty());
      continue;
    }
    ++accepted;
    ASSERT_NO_THROW(link::LinkConfig::from_spec(s)) << "design " << i;
    if (accepted % 20 != 1) continue;  // the expensive paths on a sample
    link::RelayOptions ro;
    ro.host_bits = 1;  // one marker period
    EXPECT_NO_THROW(link::run_relay(s, ro)) << "design " << i;
    ++relayed;
    try {
      validate_design(s, {.monte_carlo = true});
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), "rx.filter");
      ++refused_for_mc;
      continue;
    }
    EvalOptions o;
    o.margin = false;
    o.bathtubs = false;
    o.threads = 1;
    o.monte_carlo = true;
    EXPECT_NO_THROW(evaluate(s, o)) << "design " << i;
    ++monte_carlo;
  }
  // The generator must exercise both sides of every rule, not only the easy designs.
  EXPECT_GT(accepted, 150);
  EXPECT_LT(accepted, 2900);
  EXPECT_GT(relayed, 10);
  EXPECT_GT(monte_carlo, 5);
  EXPECT_GT(refused_for_mc, 0);
}

}  // namespace
}  // namespace mosaic
