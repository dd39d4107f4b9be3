// The report study's record reader: JSON text a user hands to `mosaic report` (or Python's
// to_html). Whatever it accepts must be a record the pages can rely on (an object with a kind's
// members of the right types); anything else must end in a ConfigError.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mosaic/core/error.hpp"
#include "mosaic_io/record_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  nlohmann::json record;
  try {
    record = mosaic::io::parse_record(text, "fuzz");
  } catch (const mosaic::ConfigError&) {
    return 0;
  }
  if (!record.is_object()) __builtin_trap();
  // Checking what was accepted again accepts it again, and printing it terminates.
  mosaic::io::check_record(record, "fuzz");
  (void)record.dump();
  return 0;
}
