#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/core/cluster/cluster_spec.hpp"
#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/schema/field.hpp"

namespace mosaic::record {

// Every resolved design key, nested by section ({"fiber": {"length_m": 30, ...}, ...}); unset
// optional keys are "none". Generated from the schema, so it always lists every key.
nlohmann::json spec_to_json(const LinkSpec& spec);

// A field's value as every record echoes it: numbers, booleans, text and lists as they are, an
// unset optional as "none" (as a TOML file says it; never null).
nlohmann::json field_value_to_json(const FieldValue& value);

// Every cluster key, nested by section, as the cluster record echoes it.
nlohmann::json cluster_spec_to_json(const ClusterSpec& spec);

// The design a record echoes under `spec` (every key), validated as a TOML design would be.
LinkSpec spec_from_json(const nlohmann::json& spec_json);

}  // namespace mosaic::record
