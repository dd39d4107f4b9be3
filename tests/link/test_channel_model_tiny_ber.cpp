#include <gtest/gtest.h>

#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/link/channel_model.hpp"

namespace mosaic::link {
namespace {

// Physics reports give good channels BERs like 1e-280; the geometric gap between errors then
// exceeds any integer and must simply mean "no error in this period".
TEST(ChannelModel, VanishingBerGivesNoErrorsAndNoOverflow) {
  const LinkSpec spec = preset("800g");
  const LinkConfig cfg = LinkConfig::from_spec(spec);
  for (double ber : {1e-280, 5e-324, 1e-18}) {
    FaultPlan plan;
    plan.background_ber = ber;
    ChannelModel channels(cfg, plan, 1);
    const std::size_t words = std::size_t(cfg.words_per_period) * cfg.physical_channels;
    std::vector<std::uint64_t> tx(words, 0x0123456789ABCDEFull), rx(words);
    for (int period = 0; period < 3; ++period) channels.process(tx, rx);
    EXPECT_EQ(rx, tx) << ber;  // no skew, no permutation: the same words, unflipped
  }
}

}  // namespace
}  // namespace mosaic::link
