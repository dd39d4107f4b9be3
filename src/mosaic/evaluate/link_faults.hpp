#pragma once

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/link/channel_model.hpp"

namespace mosaic {

// The physics of an evaluation as the bit-exact link layer sees it: each of the first
// `physical_channels` pixels errs at its own statistical-eye BER (exactly: a BER below what a
// double holds never errs) and dead pixels are dark from the start.
void apply_physics(const Evaluation& evaluation, int physical_channels, link::FaultPlan& plan);

}  // namespace mosaic
