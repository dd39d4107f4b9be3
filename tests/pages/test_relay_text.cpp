#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/link/relay.hpp"
#include "mosaic/pages/text_pages.hpp"

namespace mosaic::pages {
namespace {

TEST(RelayText, HeadlineLinkUpSwapTimesAndSteadyState) {
  LinkSpec spec = preset("800g");
  link::RelayOptions opt;
  opt.host_bits = 40 * 6528000ull;
  const double period_s = 16384 / (spec.channel.rate_gbps * 1e9);
  // Channel 17 dies 10.5 periods after link-up.
  opt.faults.failures.push_back({17, (spec.link.training_periods + 10.5) * period_s});
  const link::RelayResult r = link::run_relay(spec, opt);
  ASSERT_EQ(r.swaps.size(), 1u);
  const std::string text = relay_text(r);
  EXPECT_EQ(text.rfind("after the host FEC: 0 errors (0 uncorrectable, 0 miscorrected of ", 0), 0u)
      << text;
  const std::string up =
      fmt::format("link up              at {:.3f} us (end of {} training periods)",
                  spec.link.training_periods * period_s * 1e6, spec.link.training_periods);
  EXPECT_NE(text.find(up), std::string::npos) << text;
  // The swap is shown from link-up: after the death (+86 us), within a few periods of it.
  const std::size_t at = text.find("  +");
  ASSERT_NE(at, std::string::npos) << text;
  const double after_us = std::stod(text.substr(at + 3));
  EXPECT_GT(after_us, 10.5 * period_s * 1e6);
  EXPECT_LT(after_us, 20 * period_s * 1e6);
  EXPECT_NE(text.find("interruption "), std::string::npos) << text;
  EXPECT_NE(text.find("(steady-state predicted "), std::string::npos) << text;
  EXPECT_NE(text.find("(steady-state analytic "), std::string::npos) << text;
  EXPECT_NE(text.find("symbol errors        per codeword 0:"), std::string::npos) << text;
}

}  // namespace
}  // namespace mosaic::pages
