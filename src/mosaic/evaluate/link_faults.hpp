#pragma once

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/link/channel_model.hpp"

namespace mosaic {

// The physics of an evaluation as the bit-exact link layer sees it: each of the first
// `physical_channels` pixels errs at its own statistical-eye BER (exactly: a BER below what a
// double holds never errs), dead pixels are dark from the start, and each channel arrives with its
// own skew (whole UI behind the earliest live channel), which the receiver must deskew.
void apply_physics(const Evaluation& evaluation, int physical_channels, link::FaultPlan& plan);

}  // namespace mosaic
