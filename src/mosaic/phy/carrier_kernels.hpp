#pragma once

#include <cstddef>

#include "mosaic/phy/rate_equation_led.hpp"

namespace mosaic::phy::kernels {

// Independent carrier equations integrated side by side (the Monte Carlo engine's 16 lanes of one
// channel, or 16 pieces of one long drive sequence), interleaved like the engine's signals:
// sample i of lane l at [i * kCarrierLanes + l].
inline constexpr int kCarrierLanes = 16;

// For each sample i: `substeps` (even) RK4 steps of h seconds at generation rate gen[i][l]
// (cm^-3 s^-1) from the lanes' carriers n[l] (updated in place); light[i][l] is B n^2 light_scale
// half-way, at the sample's middle. (A sample of a drive held over the sample period stands for
// the sample's middle, as in the chain model's sampled responses: light at the sample's end would
// lag them by half a sample.)
// carrier_lanes_reference runs RateEquationLed's own step (carrier_rk4_step) one lane at a time;
// the kernel vectorizes across lanes with the same operations in the same order and no fused
// multiply-adds (the file is compiled with -ffp-contract=off), so both give the same bits.
void carrier_lanes(const CarrierCoefficients& k, const double* gen, std::size_t samples, double h,
                   int substeps, double* n, double* light);
void carrier_lanes_reference(const CarrierCoefficients& k, const double* gen, std::size_t samples,
                             double h, int substeps, double* n, double* light);

}  // namespace mosaic::phy::kernels
