#pragma once

#include <bit>
#include <cstdint>

namespace mosaic {

// ln x of a positive double bracketed by its binary exponent, without a logarithm: x in
// [2^e, 2^(e+1)) gives [e ln 2, (e + 1) ln 2]; a subnormal x, [2^-1074, 2^-1022).
struct LnRange {
  double lo = 0.0;
  double hi = 0.0;
};

inline LnRange ln_range_from_exponent(double x) {
  constexpr double kLn2 = 0.6931471805599453;
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased == 0) return {-1074 * kLn2, -1022 * kLn2};
  const int e = biased - 1023;
  return {e * kLn2, (e + 1) * kLn2};
}

}  // namespace mosaic
