#pragma once

#include <cstdint>

#include "mosaic/core/vector_level.hpp"
#include "mosaic/phy/mc/lag_amplitudes.hpp"

// The two sums importance sampling makes for every draw, vectorised: the level and the eye
// closure over the taps of one draw, and the mixture proposal's log-density over a block of
// draws. Written with fixed-width vectors and a fixed order of additions, and compiled without
// fused multiply-adds, so that every instruction set gives the same bits (the tests hold the
// vector code to the scalar references).
namespace mosaic::phy::mc {

constexpr int kTapWidth = 8;  // taps per vector; the tap arrays are padded to a multiple of it

// A coin word w (a 32-bit uniform (w + 1/2) 2^-32) is below p exactly when w < coin_threshold(p):
// ceil(p 2^32 - 1/2), every step exact in doubles. The kernels compare words, never converting
// a coin.
std::int64_t coin_threshold(double p);

// One draw's taps, every array padded to a multiple of kTapWidth (padding: threshold 0, the
// closing sign 0, |nominal| 0, samples and half swing 0). Each tap's amplitude at the draw's
// instant is lag_amplitude's cubic: catmull_rom_sum with each tap's half swing over the four rows
// of samples about the instant (TapRows::rows_about).
struct TapDraw {
  int padded_taps = 0;
  const double* rows = nullptr;          // four rows of padded_taps samples, one after the other
  const double* half_swing = nullptr;    // each tap's swing / 2 (A)
  CubicBasis basis = {};                 // catmull_rom_basis at the draw's fraction
  const std::uint32_t* coins = nullptr;  // the draw's coin word for each tap
  const std::int64_t* close_below = nullptr;  // coin_threshold of the component's probability
                                              // that the tap closes the eye
  const std::int64_t* closing_bit = nullptr;  // all ones where bit 1 closes the eye, else 0
  const double* abs_nominal_a = nullptr;      // |amplitude| at the nominal phase
};

struct TapSums {
  double level = 0.0;    // sum of the amplitudes of the taps whose bit is 1
  double closure = 0.0;  // sum of |nominal| of the taps set to their closing value
};

TapSums tap_sums(const TapDraw& d);
// At one instruction-set level (at most cpu_vector_level()): the tests run each.
TapSums tap_sums_at(VectorLevel level, const TapDraw& d);
TapSums tap_sums_reference(const TapDraw& d);

// The mixture proposal: every tilt lambda_j (per ampere of closure) with every jitter scale
// (a Gaussian of 1 / inv_sigma_jitter_i samples), the component of the first tilt and first scale
// (the nominal draw) with weight alpha_nominal, every other with alpha_tilted <= alpha_nominal.
// A component's log-density is a tilt's part plus a scale's: the sum over components factors into
// a sum over tilts times a sum over scales, corrected for the nominal's own weight.
struct Mixture {
  int tilts = 0;
  const double* lambda = nullptr;
  const double* log_norm = nullptr;  // sum over taps of ln(1 + e^(lambda |a|))
  int scales = 0;                    // 0 without jitter
  const double* inv_sigma_jitter = nullptr;
  const double* log_sigma_jitter = nullptr;
  double alpha_nominal = 0.0;
  double alpha_tilted = 0.0;
};

// out[b] = ln sum_(j, i) alpha_(j, i) e^(lambda_j closure[b] - log_norm_j
//                                      - (tau[b] inv_sigma_i)^2 / 2 - log_sigma_i)
// for b < draws (the jitter terms only with scales; tau unread without).
void mixture_log_density(const Mixture& mix, const double* closure, const double* tau, int draws,
                         double* out);
void mixture_log_density_at(VectorLevel level, const Mixture& mix, const double* closure,
                            const double* tau, int draws, double* out);
void mixture_log_density_reference(const Mixture& mix, const double* closure, const double* tau,
                                   int draws, double* out);

}  // namespace mosaic::phy::mc
