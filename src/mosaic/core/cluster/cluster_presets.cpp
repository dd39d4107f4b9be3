#include "mosaic/core/cluster/cluster_presets.hpp"

#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

ClusterSpec make_nvl72_copper() {
  // One GB200 NVL72-class rack: 72 GPUs in 18 trays, 9 switch trays of 2 chips, each GPU linked
  // to every chip by one link of 2 x 200G lanes (PHYSICS.md section 9); the spine is copper.
  return ClusterSpec{};
}

ClusterSpec make_nvl72_optical() {
  // The same rack with every GPU-switch run on 800G DSP optics: 9 modules at each end per GPU.
  ClusterSpec s;
  s.links.technologies = {"smf-dsp"};
  return s;
}

ClusterSpec make_nvl576_mosaic() {
  // Eight NVL72-class racks as one 576-GPU domain in two switch tiers: each rack's 36 first-tier
  // chips (18 trays) send half their links to the 144 second-tier chips in two spine racks in
  // the middle of the row. Copper where it reaches (inside the racks), MOSAIC across them, laser
  // optics beyond MOSAIC's reach.
  ClusterSpec s;
  s.cluster.gpus = 576;
  s.scale_up.domain_gpus = 576;
  s.scale_up.tiers = 2;
  s.scale_up.spine_racks = 2;
  s.rack.switch_trays = 18;
  s.links.technologies = {"dac", "mosaic", "smf-dsp"};
  return s;
}

ClusterSpec make_fat_tree_100k() {
  // 100,000 GPUs in 8-GPU boards (NVLink on the board), 32 per rack, on a 3-tier k = 128 fat tree
  // of 800G ports, every hop optical: 6 modules per GPU (PHYSICS.md section 9).
  ClusterSpec s;
  s.cluster.gpus = 100000;
  s.scale_up.domain_gpus = 8;
  s.scale_up.tiers = 0;
  s.rack.gpus = 32;
  s.rack.gpus_per_tray = 8;
  s.rack.switch_trays = 0;
  s.rack.compute_tray_u = 8.0;
  s.rack.base_w_per_gpu = 1300.0;
  s.rack.power_limit_kw = 60.0;
  s.floor.racks_per_row = 50;
  s.scale_out.tiers = 3;
  s.scale_out.radix = 128;
  s.links.technologies = {"smf-dsp"};
  s.workload.domain_sizes = {8, 72, 576};
  return s;
}

constexpr ClusterPresetEntry kPresets[] = {
    {"nvl72-copper", "one NVL72-class rack, 72 GPUs, copper spine", make_nvl72_copper},
    {"nvl72-optical", "the same rack with every GPU-switch run on 800G DSP optics",
     make_nvl72_optical},
    {"nvl576-mosaic", "8 racks x 72 GPUs as one two-tier domain: copper, MOSAIC, laser optics",
     make_nvl576_mosaic},
    {"fat-tree-100k", "100,000 GPUs on a 3-tier k = 128 fat tree, all optical", make_fat_tree_100k},
};

}  // namespace

std::span<const ClusterPresetEntry> cluster_presets() {
  return kPresets;
}

std::vector<std::string> cluster_preset_names() {
  std::vector<std::string> out;
  for (const auto& p : kPresets) out.emplace_back(p.name);
  return out;
}

std::string cluster_preset_choices() {
  std::string s = "one of";
  for (std::size_t i = 0; i < std::size(kPresets); ++i)
    s += std::string(i ? ", " : " ") + std::string(kPresets[i].name);
  return s;
}

ClusterSpec cluster_preset(std::string_view name) {
  for (const auto& p : kPresets)
    if (p.name == name) return p.make();
  throw ConfigError("preset", "\"" + std::string(name) + "\"", cluster_preset_choices());
}

}  // namespace mosaic
