#pragma once

#include <cstdint>

#include "mosaic/core/vector_level.hpp"

// The two sums importance sampling makes for every draw, vectorised: the level and the eye
// closure over the taps of one draw, and the mixture proposal's log-density over a block of
// draws. Written with fixed-width vectors and a fixed order of additions, and compiled without
// fused multiply-adds, so that every instruction set gives the same bits (the tests hold the
// vector code to the scalar references).
namespace mosaic::phy::mc {

constexpr int kTapWidth = 8;  // taps per vector; the tap arrays are padded to a multiple of it

// One draw's taps, every array padded to a multiple of kTapWidth (padding: p_close 0, the
// closing sign 0, |nominal| 0, an index to an amplitude of 0).
struct TapDraw {
  int padded_taps = 0;
  const double* uniforms = nullptr;  // the draw's coin for each tap, in (0, 1)
  const double* p_close = nullptr;   // the component's probability that the tap closes the eye
  const std::int64_t* closing_bit = nullptr;  // all ones where bit 1 closes the eye, else 0
  const double* abs_nominal_a = nullptr;      // |amplitude| at the nominal phase
  const int* amplitude_index = nullptr;       // into amplitudes
  const double* amplitudes = nullptr;         // the taps' amplitudes at this draw's instant
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
