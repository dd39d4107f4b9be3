#include "mosaic/link/fault_schedule.hpp"

#include <algorithm>
#include <string>

#include "mosaic/core/error.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic::link {

FaultSchedule draw_random_deaths(std::uint64_t seed, std::span<const int> pool, int count,
                                 double from_s, double to_s) {
  std::vector<int> left(pool.begin(), pool.end());
  std::sort(left.begin(), left.end());
  if (count > static_cast<int>(left.size()))
    throw ConfigError("fail_random", std::to_string(count),
                      "0.." + std::to_string(left.size()) + " (channels in service)");
  Rng rng(seed, RngPurpose::kLinkFaults, 0xFA11);
  const int n = static_cast<int>(left.size());
  FaultSchedule deaths;
  for (int i = 0; i < count; ++i) {
    std::swap(left[i], left[i + rng.next_u32() % (n - i)]);
    deaths.push_back({from_s + rng.uniform() * (to_s - from_s), FaultKind::kDeath, left[i], 0.0});
  }
  return deaths;
}

}  // namespace mosaic::link
