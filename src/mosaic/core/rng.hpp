#pragma once

#include <Random123/philox.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>

namespace mosaic {

// What a random stream is used for. Part of the key, so two purposes never share draws and adding
// a new purpose never shifts an existing one.
enum class RngPurpose : std::uint32_t {
  kArrayVariation = 1,
  kDeadPixel = 2,
  kSkew = 3,
  kMcData = 10,
  kMcNoise = 11,
  kMcJitter = 12,
  kMcImportance = 13,
  kMcImportanceCoins = 14,  // the taps' bits; kMcImportance draws the component and the jitter
  kLinkPayload = 20,
  kLinkFaults = 21,
  kLinkBitErrors = 22,
  kLinkPermutation = 23,
  kFleetLifetimes = 30,
  kDegradation = 31,
  kSweepSample = 40,
  kCalibration = 50,
};

// Philox4x32-10's round multipliers and key increments (Salmon et al., SC 2011), for the copies
// of the generator that compute many blocks at once (Rng::fill_uniform, the Monte Carlo lane
// kernels); they must give Random123's words bit for bit.
namespace philox {
inline constexpr std::uint32_t kM0 = 0xD2511F53u;
inline constexpr std::uint32_t kM1 = 0xCD9E8D57u;
inline constexpr std::uint32_t kW0 = 0x9E3779B9u;
inline constexpr std::uint32_t kW1 = 0xBB67AE85u;
}  // namespace philox

// Counter-based random stream (Philox4x32-10) keyed by (seed, purpose, index, block). Any stream
// can be recreated from its key alone, so results never depend on creation order, thread count or
// rank count. Draws are cheap enough for per-bit use.
class Rng {
 public:
  Rng(std::uint64_t seed, RngPurpose purpose, std::uint64_t index, std::uint64_t block = 0) {
    key_ = {{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
    ctr_ = {
        {0u, static_cast<std::uint32_t>(purpose),
         static_cast<std::uint32_t>(index) ^ static_cast<std::uint32_t>(index >> 32) * 0x9E3779B9u,
         static_cast<std::uint32_t>(block) ^
             static_cast<std::uint32_t>(block >> 32) * 0x85EBCA6Bu}};
  }

  std::uint32_t next_u32() {
    if (pos_ == 4) refill();
    return out_[pos_++];
  }
  std::uint64_t next_u64() {
    const std::uint64_t hi = next_u32();
    return (hi << 32) | next_u32();
  }
  // Uniform in (0, 1): never exactly 0 or 1, so logs and inverse CDFs stay finite.
  double uniform() { return (static_cast<double>(next_u64() >> 11) + 0.5) * 0x1.0p-53; }
  double normal() {
    if (have_spare_) {
      have_spare_ = false;
      return spare_;
    }
    const double u1 = uniform();
    const double z = box_muller(u1, uniform(), spare_);
    have_spare_ = true;
    return z;
  }
  // Box-Muller: two standard normals from two uniforms, the first returned, the second in `second`.
  static double box_muller(double u1, double u2, double& second) {
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double a = 2.0 * std::numbers::pi * u2;
    second = r * std::sin(a);
    return r * std::cos(a);
  }
  double exponential() { return -std::log(uniform()); }
  // n uniforms, the same values as n calls of uniform() (and the stream left where they would
  // leave it), the Philox blocks computed many at a time.
  void fill_uniform(double* out, std::size_t n);

 private:
  void refill() {
    out_ = philox_(ctr_, key_);
    ++ctr_.v[0];
    pos_ = 0;
  }

  r123::Philox4x32 philox_;
  r123::Philox4x32::ctr_type ctr_;
  r123::Philox4x32::key_type key_;
  r123::Philox4x32::ctr_type out_{};
  int pos_ = 4;
  bool have_spare_ = false;
  double spare_ = 0.0;
};

}  // namespace mosaic
