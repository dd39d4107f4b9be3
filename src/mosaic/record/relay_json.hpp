#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/link/relay.hpp"

namespace mosaic::record {

// The result of `mosaic relay` as JSON: the session's vocabulary (session_to_json: ECC counters,
// host FEC outcome, link state, every swap / lock / spare-exhausted event with its time) and the
// relay's own figures (bits against the input, host frames lost, the analytic prediction).
nlohmann::json relay_to_json(const link::RelayResult& result);

}  // namespace mosaic::record
