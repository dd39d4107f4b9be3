#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/link/relay.hpp"

namespace mosaic::record {

// The result of `mosaic relay` as JSON: counters, host FEC outcome (bit-exact pipeline and
// analytic), link state, and every swap / lock / spare-exhausted event with its time.
nlohmann::json relay_to_json(const link::RelayResult& result);

}  // namespace mosaic::record
