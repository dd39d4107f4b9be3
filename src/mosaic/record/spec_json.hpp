#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::record {

// Every resolved design key, nested by section ({"fiber": {"length_m": 30, ...}, ...}); unset
// optional keys are null. Generated from the schema, so it always lists every key.
nlohmann::json spec_to_json(const LinkSpec& spec);

// The design a record echoes under `spec` (every key), validated as a TOML design would be.
LinkSpec spec_from_json(const nlohmann::json& spec_json);

}  // namespace mosaic::record
