#include <cstddef>
#include <cstdint>
#include <string>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // The first line, if it looks like one, doubles as a --set override.
  std::vector<std::string> overrides;
  const auto newline = text.find('\n');
  if (newline != std::string::npos && text.find('=') < newline && text.rfind("--", 0) == 0)
    overrides.push_back(text.substr(2, newline - 2));
  try {
    const mosaic::LinkSpec spec = mosaic::load_spec_from_string(text, overrides);
    mosaic::validate_design(spec);
  } catch (const mosaic::ConfigError&) {
  }
  return 0;
}
