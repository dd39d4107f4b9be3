#include "mosaic/core/cluster/cluster_validate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/cluster/fabric_counts.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

std::string n(long long v) {
  return std::to_string(v);
}

void validate_domain(const ClusterSpec& s) {
  const auto& u = s.scale_up;
  if (s.cluster.gpus % u.domain_gpus != 0)
    throw ConfigError("cluster.gpus", n(s.cluster.gpus),
                      "a multiple of scale_up.domain_gpus = " + n(u.domain_gpus));
  if (u.domain_gpus % s.rack.gpus != 0 && s.rack.gpus % u.domain_gpus != 0)
    throw ConfigError("scale_up.domain_gpus", n(u.domain_gpus),
                      "a multiple or a divisor of rack.gpus = " + n(s.rack.gpus) +
                          " (a domain fills whole racks or shares one)");
  if (s.rack.gpus % s.rack.gpus_per_tray != 0)
    throw ConfigError("rack.gpus_per_tray", n(s.rack.gpus_per_tray),
                      "a divisor of rack.gpus = " + n(s.rack.gpus));
  if (u.tiers == 0 && u.domain_gpus > s.rack.gpus_per_tray)
    throw ConfigError("scale_up.tiers", "0 (the domain on one board)",
                      "1 or 2 for a domain of " + n(u.domain_gpus) +
                          " GPUs: a board holds rack.gpus_per_tray = " + n(s.rack.gpus_per_tray));
  if (u.tiers == 0) return;
  const ScaleUpCounts c = scale_up_counts(s);
  if (u.tiers == 2) {
    if (u.switch_ports % 2 != 0)
      throw ConfigError("scale_up.switch_ports", n(u.switch_ports),
                        "an even number with scale_up.tiers = 2 (half down, half up)");
    if (u.domain_gpus % s.rack.gpus != 0)
      throw ConfigError("scale_up.domain_gpus", n(u.domain_gpus),
                        "a multiple of rack.gpus = " + n(s.rack.gpus) +
                            " with scale_up.tiers = 2 (the first tier sits in each rack)");
    if (u.spine_racks < 1)
      throw ConfigError("scale_up.spine_racks", "0", "at least 1 with scale_up.tiers = 2");
  }
  const std::int64_t links = std::int64_t{c.group_gpus} * u.links_per_gpu;
  if (links % c.down_ports != 0 || c.l1_chips_per_group % u.chips_per_tray != 0)
    throw ConfigError(
        "scale_up.switch_ports", n(u.switch_ports),
        fmt::format("a chip size that divides the {} GPU links of a {} into whole "
                    "chips of scale_up.chips_per_tray = {} per tray ({} links "
                    "towards the GPUs per chip)",
                    links, u.tiers == 2 ? "rack" : "domain", u.chips_per_tray, c.down_ports));
  if (c.l1_trays_per_rack > s.rack.switch_trays)
    throw ConfigError("scale_up.domain_gpus", n(u.domain_gpus),
                      fmt::format("a domain whose switches fit its racks: it needs {} switch "
                                  "trays per compute rack, rack.switch_trays = {}",
                                  c.l1_trays_per_rack, s.rack.switch_trays));
}

void validate_units(const ClusterSpec& s) {
  const double used = compute_rack_units(s);
  if (used > s.rack.units + 1e-9)
    throw ConfigError("rack.units", n(s.rack.units),
                      fmt::format("at least the {:g} U a compute rack's trays, switches and "
                                  "reserved units take",
                                  used));
  if (s.scale_up.tiers == 2 && spine_rack_units(s) > s.rack.units + 1e-9)
    throw ConfigError("scale_up.spine_racks", n(s.scale_up.spine_racks),
                      fmt::format("enough racks for the {} second-tier switch trays ({:g} U "
                                  "each rack, rack.units = {})",
                                  scale_up_counts(s).l2_trays, spine_rack_units(s), s.rack.units));
}

void validate_scale_out(const ClusterSpec& s) {
  const auto& o = s.scale_out;
  if (o.tiers == 0) return;
  if (o.radix % 2 != 0) throw ConfigError("scale_out.radix", n(o.radix), "an even number of ports");
  const ScaleOutCounts c = scale_out_counts(s);
  if (c.ports > c.capacity)
    throw ConfigError("scale_out.radix", n(o.radix),
                      fmt::format("a radix whose {}-tier fat tree holds the {} GPU ports (it "
                                  "holds 2 (k/2)^{} = {})",
                                  o.tiers, c.ports, o.tiers, c.capacity));
}

void validate_workload(const ClusterSpec& s) {
  const auto& w = s.workload;
  if (w.job_gpus && *w.job_gpus > s.cluster.gpus)
    throw ConfigError("workload.job_gpus", n(*w.job_gpus),
                      "at most cluster.gpus = " + n(s.cluster.gpus));
  if (w.all_reduce_share + w.reduce_scatter_share + w.all_gather_share + w.all_to_all_share <= 0.0)
    throw ConfigError("workload.all_reduce_share", "0",
                      "collective shares that add up to more than 0");
  if (w.message_bytes.empty())
    throw ConfigError("workload.message_bytes", "[]", "at least one message size");
}

void validate_links(const ClusterSpec& s) {
  const auto& l = s.links;
  if (l.technologies.empty())
    throw ConfigError("links.technologies", "[]", "at least one technology");
  for (std::size_t i = 0; i < l.technologies.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (l.technologies[i] == l.technologies[j])
        throw ConfigError("links.technologies", "\"" + l.technologies[i] + "\" twice",
                          "each technology once");
  const auto names = preset_names();
  if (std::find(names.begin(), names.end(), l.mosaic_preset) == names.end())
    throw ConfigError("links.mosaic_preset", "\"" + l.mosaic_preset + "\"", preset_choices());
}

}  // namespace

void validate_cluster(const ClusterSpec& spec) {
  check_fields(spec, cluster_fields());
  validate_domain(spec);
  validate_units(spec);
  validate_scale_out(spec);
  validate_workload(spec);
  validate_links(spec);
}

}  // namespace mosaic
