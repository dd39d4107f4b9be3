// The sweep-file reader: TOML text describing a base design and axes. Whatever it accepts must
// expand to points that are each a valid design; anything else must end in a ConfigError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "mosaic/core/design/validate.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/sweep/sweep_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  mosaic::sweep::SweepDefinition sweep;
  try {
    // A folder that does not exist: a base design named by a relative path is refused, never read.
    sweep = mosaic::sweep::parse_sweep(text, "fuzz", "/nonexistent-fuzz-dir");
  } catch (const mosaic::ConfigError&) {
    return 0;
  }
  if (sweep.grid.points.empty() || sweep.grid.points.size() > mosaic::sweep::kMaxSweepPoints)
    __builtin_trap();
  // The first and last points are designs every command accepts.
  for (std::size_t i : {std::size_t{0}, sweep.grid.points.size() - 1})
    mosaic::validate_design(mosaic::sweep::point_spec(sweep.base, sweep.grid, i));
  return 0;
}
