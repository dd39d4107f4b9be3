#pragma once

#include <string>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic::sweep {

// Every design key of `spec` as a TOML document that load_spec() reads back to an identical
// spec (doubles written to round-trip exactly), one [section] per key prefix.
std::string design_to_toml(const LinkSpec& spec);

}  // namespace mosaic::sweep
