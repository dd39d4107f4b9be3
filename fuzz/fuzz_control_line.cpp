// The cable's control-line parser: one request line from a client of the control socket. Every
// line must give a request or a one-line error without a control character (the reply goes to
// the client as one line and may reach a terminal).
#include <cstddef>
#include <cstdint>
#include <string>

#include "mosaic/cable/control.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string line(reinterpret_cast<const char*>(data), size);
  mosaic::cable::ControlRequest r;
  const std::string err = mosaic::cable::parse_control(line, r);
  for (const unsigned char c : err)
    if (c < 0x20 || c == 0x7f) __builtin_trap();
  if (!err.empty()) return 0;
  using Kind = mosaic::cable::ControlRequest::Kind;
  if (!r.a_to_b && !r.b_to_a) __builtin_trap();
  if (r.kind == Kind::kKill && r.channel < 0) __builtin_trap();
  if (r.kind == Kind::kBer && !(r.value >= 0 && r.value <= 0.5)) __builtin_trap();
  if (r.kind == Kind::kSkew && (r.channel < 0 || !(r.value >= 0))) __builtin_trap();
  return 0;
}
