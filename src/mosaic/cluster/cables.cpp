#include "mosaic/cluster/cables.hpp"

#include <fmt/format.h>

namespace mosaic::cluster {

std::int64_t CablePlan::cables() const {
  std::int64_t n = 0;
  for (const auto& r : runs) n += r.cables;
  return n;
}

CablePlan plan_cables(const ClusterSpec& spec) {
  CablePlan p;
  p.floor = plan_floor(spec);
  add_scale_up_runs(spec, p.floor, p.runs);
  add_scale_out_runs(spec, p.floor, p.runs);
  return p;
}

std::string fabric_tier_name(Fabric fabric, int tier) {
  return fmt::format("{} tier {}", fabric == Fabric::kScaleUp ? "scale-up" : "scale-out", tier);
}

std::string describe_run(const FloorPlan& plan, const CableRun& run) {
  const Rack& a = plan.racks[run.rack_a];
  const Rack& b = plan.racks[run.rack_b];
  return fmt::format(
      "a {:.3g} m {} cable from rack {} (row {}, slot {}) to rack {} (row {}, "
      "slot {})",
      run.length_m, fabric_tier_name(run.fabric, run.tier), run.rack_a, a.row, a.slot, run.rack_b,
      b.row, b.slot);
}

}  // namespace mosaic::cluster
