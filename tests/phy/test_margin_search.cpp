// smallest_loss_to_target: the link margin over many eyes equals the smallest of their own
// loss_to_target searches (ruling eyes out by one evaluation changes the work, not the figure),
// for any order and thread count; one eye with a floor makes it nothing wherever it stands.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/sensitivity.hpp"

namespace mosaic::phy {
namespace {

constexpr double kTarget = 2.4e-4;

std::optional<double> smallest_one_by_one(const std::vector<StatEyeInput>& eyes) {
  std::optional<double> out;
  for (const auto& e : eyes) {
    const auto l = loss_to_target(e, kTarget);
    if (!l) return std::nullopt;
    out = out ? std::min(*out, *l) : *l;
  }
  return out;
}

TEST(MarginSearch, SmallestLossIsTheMinimumOfTheSearchesInAnyOrder) {
  for (const char* name : {"prototype", "800g"}) {
    LinkSpec spec = preset(name);
    spec.fiber.length_m = 35.0;
    LinkEvaluator ev(spec);
    std::vector<StatEyeInput> eyes;
    for (int c = 0; c < static_cast<int>(ev.layout().channels.size()) && eyes.size() < 12; c += 7)
      if (!ev.layout().channels[c].dead) eyes.push_back(ev.eye_input(c, false));
    const std::optional<double> expected = smallest_one_by_one(eyes);
    ASSERT_TRUE(expected.has_value()) << name;
    for (int threads : {1, 2}) {
      EXPECT_EQ(smallest_loss_to_target(eyes, kTarget, threads), expected) << name;
      // The smallest one first (the screen rules out the rest), and last (it screens nothing).
      std::vector<StatEyeInput> sorted = eyes;
      std::vector<double> loss;
      for (const auto& e : sorted) loss.push_back(*loss_to_target(e, kTarget));
      std::vector<std::size_t> order(sorted.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](auto a, auto b) { return loss[a] < loss[b]; });
      std::vector<StatEyeInput> ascending, descending;
      for (auto i : order) ascending.push_back(eyes[i]);
      descending.assign(ascending.rbegin(), ascending.rend());
      EXPECT_EQ(smallest_loss_to_target(ascending, kTarget, threads), expected) << name;
      EXPECT_EQ(smallest_loss_to_target(descending, kTarget, threads), expected) << name;
    }
  }
}

TEST(MarginSearch, AFloorAnywhereMeansNoMargin) {
  LinkSpec spec = preset("prototype");
  spec.fiber.length_m = 20.0;
  LinkEvaluator ev(spec);
  std::vector<StatEyeInput> eyes;
  for (int c : {10, 20, 30, 40}) eyes.push_back(ev.eye_input(c, false));
  // A neighbour three times as strong as the victim on the same pulse: the eye stays shut
  // whatever light is added (both scale alike).
  StatEyeInput floor = eyes[1];
  EyeSignal bully = floor.victim;
  bully.swing_a *= 3.0;
  floor.aggressors.push_back(bully);
  ASSERT_FALSE(loss_to_target(floor, kTarget).has_value());
  for (std::size_t at = 0; at <= eyes.size(); ++at) {
    std::vector<StatEyeInput> with = eyes;
    with.insert(with.begin() + static_cast<long>(at), floor);
    EXPECT_FALSE(smallest_loss_to_target(with, kTarget, 2).has_value()) << "floor at " << at;
  }
  EXPECT_FALSE(smallest_loss_to_target({}, kTarget, 1).has_value());
}

}  // namespace
}  // namespace mosaic::phy
