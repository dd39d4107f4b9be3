#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mosaic/core/cluster/cluster_spec.hpp"

namespace mosaic {

// The registry of built-in clusters, the one place that names them. "nvl72-copper" is the
// default and equals ClusterSpec{} (a test holds them equal).
struct ClusterPresetEntry {
  std::string_view name;
  std::string_view summary;
  ClusterSpec (*make)();
};
std::span<const ClusterPresetEntry> cluster_presets();
inline constexpr std::string_view kDefaultClusterPreset = "nvl72-copper";

std::vector<std::string> cluster_preset_names();
// "one of nvl72-copper, ...": the allowed values in messages.
std::string cluster_preset_choices();
// Throws ConfigError("preset", ...) for an unknown name.
ClusterSpec cluster_preset(std::string_view name);

}  // namespace mosaic
