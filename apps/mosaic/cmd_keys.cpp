#include <cstdio>
#include <string>

#include "command.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/design/schema.hpp"

namespace mosaic::cli {
namespace {

const RegisterCommand kKeys(90, [](CLI::App& parent) -> Runner {
  parent.add_subcommand(
      "keys", "List every design key with its unit, allowed range, 800g default and meaning");
  return [] {
    const LinkSpec defaults = preset(kDefaultPreset);
    for (const auto& f : link_spec_fields()) {
      std::printf("%-34s %-14s %s\n    allowed: %s\n", f.key.c_str(),
                  format_value(f.get(defaults)).c_str(), f.doc.c_str(), f.allowed().c_str());
    }
    return 0;
  };
});

}  // namespace
}  // namespace mosaic::cli
