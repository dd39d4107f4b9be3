#pragma once

#include <nlohmann/json.hpp>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::report {

// Every resolved design key, nested by section ({"fiber": {"length_m": 30, ...}, ...}); unset
// optional keys are null. Generated from the schema, so it always lists every key.
nlohmann::json spec_to_json(const LinkSpec& spec);

}  // namespace mosaic::report
