#include "mosaic/cluster/assign.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mosaic::cluster {
namespace {

std::vector<int> cheapest_first(const std::vector<Technology>& list, std::vector<int> set) {
  std::stable_sort(set.begin(), set.end(), [&](int a, int b) {
    if (list[a].w_per_end != list[b].w_per_end) return list[a].w_per_end < list[b].w_per_end;
    return list[a].link_fit < list[b].link_fit;
  });
  return set;
}

int first_reaching(const std::vector<Technology>& list, const std::vector<int>& order,
                   double length_m) {
  for (int t : order)
    if (list[t].reach_m >= length_m) return t;
  return -1;
}

}  // namespace

Assignment assign_technologies(const CablePlan& plan, const std::vector<Technology>& list,
                               const std::vector<int>& allowed, const std::vector<int>& fallback) {
  const std::vector<int> primary = cheapest_first(list, allowed);
  const std::vector<int> second = cheapest_first(list, fallback);
  Assignment a;
  a.cables.assign(list.size(), 0);
  a.technology.reserve(plan.runs.size());
  for (const CableRun& run : plan.runs) {
    int t = first_reaching(list, primary, run.length_m);
    if (t < 0) {
      t = first_reaching(list, second, run.length_m);
      if (t >= 0) a.fallback_cables += run.cables;
    }
    if (t < 0) {
      std::string offered;
      for (int k : primary.empty() ? second : primary)
        offered += fmt::format("{}{} ({:.3g} m)", offered.empty() ? "" : ", ", list[k].id,
                               list[k].reach_m);
      throw UnreachedCable(
          "links.technologies", describe_run(plan.floor, run),
          "technologies whose reach covers every cable; the longest here: " + offered,
          "allow a longer-reach technology, or bring the racks closer");
    }
    a.technology.push_back(t);
    a.cables[t] += run.cables;
  }
  return a;
}

}  // namespace mosaic::cluster
