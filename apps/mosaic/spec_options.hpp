#pragma once

#include <CLI/CLI.hpp>

#include "mosaic/core/design/loader.hpp"

namespace mosaic::cli {

// The options every design-consuming command shares: DESIGN.toml, --preset, --set, --seed.
void add_spec_options(CLI::App& cmd, SpecRequest& request);

}  // namespace mosaic::cli
