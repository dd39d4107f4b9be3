#include "spec_options.hpp"

#include <charconv>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"

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
  cmd.add_option_function<std::string>(
         "--seed",
         [&request](const std::string& text) {
           // Same range as the design's `seed` key: a seed the JSON echo can show exactly.
           const FieldDesc& field = *find_field("seed");
           std::int64_t v = -1;
           const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
           if (ec != std::errc{} || p != text.data() + text.size() || v < field.min ||
               static_cast<double>(v) > field.max)
             throw ConfigError("--seed", "\"" + text + "\"", field.allowed());
           request.seed = static_cast<std::uint64_t>(v);
         },
         "Seed of every random stream (default: the design's `seed`)")
      ->type_name("N");
}

}  // namespace mosaic::cli
