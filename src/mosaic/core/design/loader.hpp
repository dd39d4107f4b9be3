#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/design/validate.hpp"

namespace mosaic {

// Everything a command line can say about the design.
struct SpecRequest {
  std::optional<std::string> toml_path;  // design file; may name a preset with `preset = "..."`
  std::optional<std::string> preset;     // --preset; overrides the file's preset key
  std::vector<std::string> overrides;    // --set KEY=VALUE, applied after the file, in order
  std::optional<std::uint64_t> seed;     // --seed, applied last
};

// Builds and validates a design: preset, then the TOML file's keys, then --set, then --seed.
// Throws ConfigError naming the key, the value and the allowed range (with a suggestion for a
// misspelt key). The result is fully validated: the core trusts it.
LinkSpec load_spec(const SpecRequest& request);
// Same for a TOML document given as text (used by tests, the fuzzer and Python).
LinkSpec load_spec_from_string(const std::string& toml_text,
                               const std::vector<std::string>& overrides = {});

}  // namespace mosaic
