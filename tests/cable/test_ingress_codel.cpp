#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "mosaic/cable/direction.hpp"
#include "mosaic/cable/ingress_codel.hpp"
#include "mosaic/core/design/presets.hpp"

namespace mosaic::cable {
namespace {

constexpr std::int64_t kUs = 1000;
constexpr std::size_t kQueue = 64 * 1514;  // a standing queue of full frames

// Drops over `span_ns` asked every `step_ns` with a constant standing delay.
std::vector<std::int64_t> drops_at(IngressCodel& codel, std::int64_t from_ns, std::int64_t span_ns,
                                   std::int64_t step_ns, std::int64_t sojourn_ns,
                                   std::size_t bytes = kQueue) {
  std::vector<std::int64_t> at;
  for (std::int64_t t = from_ns; t < from_ns + span_ns; t += step_ns)
    while (codel.drop(t, sojourn_ns, bytes)) at.push_back(t);
  return at;
}

TEST(IngressCodel, BelowTheTargetNothingIsDropped) {
  IngressCodel codel(100 * kUs);
  EXPECT_TRUE(drops_at(codel, 0, 100'000 * kUs, 20 * kUs, 99 * kUs).empty());
}

TEST(IngressCodel, OneFrameQueuedIsNeverAStandingQueue) {
  IngressCodel codel(100 * kUs);
  EXPECT_TRUE(drops_at(codel, 0, 100'000 * kUs, 20 * kUs, 5000 * kUs, 1514).empty());
}

TEST(IngressCodel, DropsAfterAnIntervalAboveTargetThenFasterBySquareRoot) {
  IngressCodel codel(100 * kUs);  // interval 1 ms
  const auto at = drops_at(codel, 0, 50'000 * kUs, 10 * kUs, 300 * kUs);
  ASSERT_GE(at.size(), 10u);
  // The first drop one interval after the delay first stood above the target (to a step).
  EXPECT_GE(at[0], 1000 * kUs);
  EXPECT_LE(at[0], 1010 * kUs);
  // Then at interval / sqrt(count): the gap after the n-th drop is 1 ms / sqrt(n), to a step.
  for (std::size_t n = 1; n < 10; ++n) {
    const double want = 1000.0 * kUs / std::sqrt(double(n));
    EXPECT_NEAR(double(at[n] - at[n - 1]), want, 10.0 * kUs) << n;
  }
  // The rate grows: more drops in the last 10 ms than in the first 10 after the first drop.
  const auto in = [&](std::int64_t a, std::int64_t b) {
    return std::count_if(at.begin(), at.end(), [&](std::int64_t t) { return t >= a && t < b; });
  };
  EXPECT_GT(in(40'000 * kUs, 50'000 * kUs), in(at[0], at[0] + 10'000 * kUs));
}

TEST(IngressCodel, TheTargetIsAtLeastTwoStepsOfTheEmulator) {
  // Frames wait for the period in progress: 300 us of standing delay behind 200 us periods is
  // no standing queue; behind 100 us periods it is.
  IngressCodel slow(100 * kUs), fast(100 * kUs);
  int slow_drops = 0, fast_drops = 0;
  for (std::int64_t t = 0; t < 50'000 * kUs; t += 10 * kUs) {
    while (slow.drop(t, 300 * kUs, kQueue, 200 * kUs)) ++slow_drops;
    while (fast.drop(t, 300 * kUs, kQueue, 100 * kUs)) ++fast_drops;
  }
  EXPECT_EQ(slow_drops, 0);
  EXPECT_GT(fast_drops, 0);
}

TEST(IngressCodel, StopsWhenTheQueueDrainsBelowTarget) {
  IngressCodel codel(100 * kUs);
  ASSERT_FALSE(drops_at(codel, 0, 5000 * kUs, 10 * kUs, 400 * kUs).empty());
  EXPECT_TRUE(drops_at(codel, 5000 * kUs, 50'000 * kUs, 10 * kUs, 50 * kUs).empty());
}

TEST(IngressCodel, CableDirectionShedsStaleFramesWithoutSendingThem) {
  const LinkSpec spec = preset("800g");
  for (const std::int64_t target_us : {0, 100}) {
    CableDirection dir(spec, {}, spec.seed);
    dir.set_ingress_target_ns(target_us * kUs);
    std::uint64_t delivered = 0;
    const FrameSink sink = [&](std::span<const std::uint8_t>, std::int64_t) { ++delivered; };
    const std::vector<std::uint8_t> frame(1514, 0x3C);
    // More than a period carries arrives every 50 us: without management the queue grows
    // without end.
    std::uint64_t pushed = 0;
    std::int64_t now = 0;
    for (int n = 0; n < 400; ++n, now += 50 * kUs) {
      for (int k = 0; k < 700; ++k, ++pushed) dir.push(frame, now);
      dir.step(sink, now);
    }
    for (int n = 0; n < 2000 && dir.busy(); ++n, now += 50 * kUs) dir.step(sink, now);
    const DirectionStats s = dir.stats();
    EXPECT_EQ(s.decoder.frames_dropped, 0u) << target_us;
    EXPECT_EQ(s.decoder.delivered_corrupt, 0u) << target_us;
    EXPECT_EQ(delivered + s.frames_shed, pushed) << target_us;
    if (target_us == 0)
      EXPECT_EQ(s.frames_shed, 0u);
    else
      EXPECT_GT(s.frames_shed, 0u);
  }
}

}  // namespace
}  // namespace mosaic::cable
