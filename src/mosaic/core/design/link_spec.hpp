#pragma once

#include <algorithm>
#include <cstdint>

#include "mosaic/core/design/link_layer_spec.hpp"
#include "mosaic/core/design/mc_spec.hpp"
#include "mosaic/core/design/phy_spec.hpp"
#include "mosaic/core/design/power_spec.hpp"
#include "mosaic/core/design/reliability_spec.hpp"

namespace mosaic {

// The whole design of one wide-and-slow link, as a plain aggregate. Default-constructed it is the
// published 800G design (see presets.hpp). Parsing and validation happen once, in load_spec(); the
// rest of the library trusts what it is given. Every field is listed, with unit, range and meaning,
// in the schema (schema.hpp), which drives TOML keys, --set, the JSON echo and the docs.
struct LinkSpec {
  bool operator==(const LinkSpec&) const = default;

  std::uint64_t seed = 1;
  ChannelSpec channel;
  ArraySpec array;
  LedSpec led;
  CouplingSpec coupling;
  FiberSpec fiber;
  RxSpec rx;
  EnvironmentSpec environment;
  LinkLayerSpec link;
  ModuleSpec module;
  PowerSpec power;
  ReliabilitySpec reliability;
  McSpec mc;  // Monte Carlo engine (phy/mc)
  ReportSpec report;

  int total_channels() const {
    return array.data_channels + array.ecc_channels + array.spare_channels;
  }
  // Pixels the lanes can swap in: the hot spares and every pixel of the array beyond data + ECC +
  // spares (assign_roles makes each a spare). The link block and the reliability model count the
  // same ones.
  int spare_positions() const {
    return std::max(array.spare_channels,
                    array.rows * array.cols - array.data_channels - array.ecc_channels);
  }
  double host_rate_gbps() const { return link.host_lanes * link.host_lane_rate_gbps; }
};

}  // namespace mosaic
