#include "spec_options.hpp"

#include "mosaic/core/design/presets.hpp"

namespace mosaic::cli {

void add_spec_options(CLI::App& cmd, SpecRequest& request) {
  cmd.add_option_function<std::string>(
         "design", [&request](const std::string& path) { request.toml_path = path; },
         "Design file (TOML); the built-in 800g design when omitted")
      ->type_name("DESIGN.toml");
  std::string names;
  for (const auto& n : preset_names()) names += (names.empty() ? "" : ", ") + n;
  cmd.add_option_function<std::string>(
         "--preset", [&request](const std::string& name) { request.preset = name; },
         "Start from a built-in design: " + names)
      ->type_name("NAME");
  cmd.add_option("--set", request.overrides,
                 "Override one design key, e.g. --set fiber.length_m=30 (repeatable; "
                 "`mosaic keys` lists every key)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  cmd.add_option_function<std::uint64_t>(
         "--seed", [&request](std::uint64_t s) { request.seed = s; },
         "Seed of every random stream (default: the design's `seed`)")
      ->type_name("N");
}

}  // namespace mosaic::cli
