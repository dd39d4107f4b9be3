#pragma once

#include <array>
#include <utility>

namespace mosaic {

// The host's own Reed-Solomon code over GF(2^10) (IEEE 802.3 clause 91), which the link relays
// without running: kKp4 is RS(544,514) (t = 15), kKr4 is RS(528,514) (t = 7). The relay only uses
// it to tell what the host's decoder will make of the relayed stream.
enum class HostFecCode { kKp4, kKr4 };

template <class E>
struct EnumNames;

template <>
struct EnumNames<HostFecCode> {
  static constexpr std::array<std::pair<HostFecCode, const char*>, 2> kValues{{
      {HostFecCode::kKp4, "kp4"},
      {HostFecCode::kKr4, "kr4"},
  }};
};

}  // namespace mosaic
