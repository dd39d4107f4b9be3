#pragma once

#include <string>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/design/schema.hpp"

namespace mosaic::sweep {

// One value as TOML text that reads back to exactly the same value (shortest round-trip doubles,
// "none" for an unset optional key). Also the canonical text of a value in sweep fingerprints.
std::string toml_value(const FieldValue& value);

// Every design key of `spec` as a TOML document that load_spec() reads back to an identical
// spec (doubles written to round-trip exactly), one [section] per key prefix.
std::string design_to_toml(const LinkSpec& spec);

}  // namespace mosaic::sweep
