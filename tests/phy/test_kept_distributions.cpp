// A channel's second eye from the distributions its first built (StatEyeInput::
// StatEyeInput::kept, the forwarded clock's second pass) against a fresh eye.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/isi_distribution.hpp"
#include "mosaic/phy/link_evaluator.hpp"

namespace mosaic::phy {
namespace {

void expect_same(const ChannelResult& a, const ChannelResult& b, int channel, int phase) {
  const auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
  EXPECT_TRUE(same(a.log10_ber, b.log10_ber)) << channel << " at " << phase;
  EXPECT_TRUE(same(a.threshold_a, b.threshold_a)) << channel << " at " << phase;
  EXPECT_EQ(a.sampling_phase_ui, b.sampling_phase_ui) << channel << " at " << phase;
  EXPECT_TRUE(same(a.eye_width_ui, b.eye_width_ui)) << channel << " at " << phase;
  EXPECT_TRUE(same(a.eye_height_a, b.eye_height_a)) << channel << " at " << phase;
  EXPECT_TRUE(same(a.eye_height_1e12_a, b.eye_height_1e12_a)) << channel << " at " << phase;
  ASSERT_EQ(a.bathtub_phase.size(), b.bathtub_phase.size());
  for (std::size_t k = 0; k < a.bathtub_phase.size(); ++k)
    EXPECT_TRUE(same(a.bathtub_phase[k].log10_ber, b.bathtub_phase[k].log10_ber)) << k;
}

// Every opening and the bathtubs at the phases either side of the channel's own best, and at
// its own, from the first eye's distributions and from none, with the prototype's jitter and
// 40 ps (a wider window), several channels: the same bits.
TEST(KeptDistributions, ASecondEyeFromTheFirstsIsAFreshOne) {
  for (const double jitter_ps : {8.0, 40.0}) {
    LinkSpec s = preset("prototype");
    s.rx.jitter_rms_ps = jitter_ps;
    LinkEvaluator ev(s);
    const int os = ev.chain().samples_per_ui();
    int compared = 0;
    for (const int c : {0, 11, 45, 99}) {
      if (ev.layout().channels[c].dead) continue;
      KeptEye kept;
      const ChannelResult own =
          ev.evaluate_channel(c, false, std::nullopt, EyeOpenings::kNone, std::nullopt, &kept);
      EXPECT_FALSE(kept.distributions.empty());  // the first eye left its distributions
      const int p = static_cast<int>(std::lround(own.sampling_phase_ui * os));
      for (const int phase : {p - 1, p, p + 1}) {
        const ChannelResult a = ev.evaluate_channel(c, true, phase, EyeOpenings::kWidthsAndHeights,
                                                    std::nullopt, &kept);
        const ChannelResult b = ev.evaluate_channel(c, true, phase);
        expect_same(a, b, c, phase);
        ++compared;
      }
    }
    EXPECT_GE(compared, 9);

    // The second eye does read the kept set: with its histograms spoilt, its BER is another.
    KeptEye kept;
    const ChannelResult own =
        ev.evaluate_channel(45, false, std::nullopt, EyeOpenings::kNone, std::nullopt, &kept);
    for (PhaseDistribution& d : kept.distributions)
      if (d.ready) std::fill(d.p.begin(), d.p.end(), 1.0 / static_cast<double>(d.p.size()));
    const int p = static_cast<int>(std::lround(own.sampling_phase_ui * os));
    const ChannelResult spoilt =
        ev.evaluate_channel(45, false, p + 1, EyeOpenings::kNone, std::nullopt, &kept);
    EXPECT_NE(spoilt.log10_ber, ev.evaluate_channel(45, false, p + 1).log10_ber);

    // And its threshold where the first eye searched at that phase: moved, the second eye's
    // threshold moves with it (it is read, not searched again).
    KeptEye moved;
    ev.evaluate_channel(45, false, std::nullopt, EyeOpenings::kNone, std::nullopt, &moved);
    ASSERT_EQ(moved.searched_phase, p);
    moved.searched_threshold *= 1.01;
    const ChannelResult read =
        ev.evaluate_channel(45, false, p, EyeOpenings::kNone, std::nullopt, &moved);
    const double fresh = ev.evaluate_channel(45, false, p).threshold_a;
    EXPECT_NEAR(read.threshold_a, fresh * 1.01, 1e-9 * std::abs(fresh));
    // The jitter-free values the search computed at its threshold are kept for the view there:
    // spoilt, the second eye's BER moves with them; at a moved threshold they are not read.
    moved.searched_window.clear();
    const double without_window =
        ev.evaluate_channel(45, false, p, EyeOpenings::kNone, std::nullopt, &moved).log10_ber;
    EXPECT_EQ(read.log10_ber, without_window);
    KeptEye window;
    const double searched =
        ev.evaluate_channel(45, false, std::nullopt, EyeOpenings::kNone, std::nullopt, &window)
            .log10_ber;
    ASSERT_EQ(window.searched_phase, p);
    ASSERT_FALSE(window.searched_window.empty());
    EXPECT_EQ(
        ev.evaluate_channel(45, false, p, EyeOpenings::kNone, std::nullopt, &window).log10_ber,
        searched);
    for (double& v : window.searched_window) v -= 5.0;
    const double spoilt_window =
        ev.evaluate_channel(45, false, p, EyeOpenings::kNone, std::nullopt, &window).log10_ber;
    EXPECT_NEAR(spoilt_window, searched - 5.0 / std::log(10.0), 1e-9);
  }
}

}  // namespace
}  // namespace mosaic::phy
