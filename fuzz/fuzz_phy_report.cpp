#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mosaic/core/error.hpp"
#include "mosaic_io/phy_report_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // The channel count comes from the first byte, so small and large designs are both exercised.
  const int channels = size > 0 ? 1 + data[0] * 16 : 1;
  mosaic::link::FaultPlan plan;
  try {
    mosaic::io::parse_phy_report(text, channels, 2.0, plan);
  } catch (const mosaic::ConfigError&) {
    return 0;
  }
  // What the reader accepts is what the relay relies on.
  if (plan.channel_ber.size() != static_cast<std::size_t>(channels)) __builtin_trap();
  for (double ber : plan.channel_ber)
    if (!(ber >= 0.0 && ber <= 0.5)) __builtin_trap();
  for (int c : plan.dead_channels)
    if (c < 0 || c >= channels) __builtin_trap();
  return 0;
}
