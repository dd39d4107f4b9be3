#pragma once

#include <string>
#include <utility>
#include <vector>

#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/power/baseline.hpp"

namespace mosaic::cluster {

// What a cable is made of: copper carries no module (dac, acc, aec), optics carry a laser/DSP
// module at each end, MOSAIC carries the design's own ends.
enum class Medium { kCopper, kOptical, kMosaic };

// One link technology as the cluster sees it: reach, watts per end, FIT of one complete link
// (both ends and the medium) and latency of its electronics (both ends, flight excluded).
struct Technology {
  std::string id;  // "dac", "smf-dsp", "mosaic", ...
  std::string name;
  std::string catalog_id;  // the catalog entry ("dr8-dsp-800g"); "" for MOSAIC
  Medium medium = Medium::kOptical;
  double rate_gbps = 0.0;
  double reach_m = 0.0;
  double w_per_end = 0.0;
  double link_fit = 0.0;
  double latency_ns = 0.0;
  std::vector<std::string> adjusted;  // the figures links.adjust changed, "w_per_end=12"
  std::string source;

  bool has_modules() const { return medium != Medium::kCopper; }
};

// The MOSAIC design's figures, from its own physics (mosaic_technology.hpp).
struct MosaicFigures {
  double reach_m = 0.0;
  double w_per_end = 0.0;
  double link_fit = 0.0;  // at the design's case temperature
  double latency_ns = 0.0;
  double rate_gbps = 0.0;
  double case_temperature_c = 0.0;
  int usable_spares = 0;  // spares meeting the BER target in the design's evaluation
  std::string design;     // what the design was built from, for the record
  std::vector<std::pair<double, bool>> reach_probes;  // (fiber.length_m, meets), in search order
};

inline constexpr const char* kMosaicId = "mosaic";

// The technologies named (links.technologies or links.compare, `field` saying which), in that
// order, at links.rate_gbps: catalog entries of that rate (the one with the matching
// `technology`), MOSAIC from `mosaic`, each with links.adjust applied. Throws ConfigError naming
// `field` for a name the catalog lacks at that rate, and links.adjust for an adjustment of a
// technology that is not in the list of every technology known.
std::vector<Technology> resolve_technologies(const std::vector<std::string>& names,
                                             const std::string& field, const ClusterSpec& spec,
                                             const power::BaselineCatalog& catalog,
                                             const MosaicFigures& mosaic);

// The technology names the catalog has entries for at `rate_gbps`, in catalog order.
std::vector<std::string> catalog_technologies(const power::BaselineCatalog& catalog,
                                              double rate_gbps);
// Copper cable assemblies: passive (dac), linear-redriven (acc) or retimed (aec).
bool is_copper(const std::string& technology);

// The technology names the catalog knows at `rate_gbps`, and "mosaic": for messages.
std::string known_technologies(const power::BaselineCatalog& catalog, double rate_gbps);

}  // namespace mosaic::cluster
