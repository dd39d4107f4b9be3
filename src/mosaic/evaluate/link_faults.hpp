#pragma once

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/link/channel_model.hpp"

namespace mosaic {

// The physics of an evaluation as the bit-exact link layer sees it: each of the first
// `physical_channels` pixels errs at its own statistical-eye BER (exactly: a BER below what a
// double holds never errs), dead pixels are dark from the start, and each channel arrives with its
// own skew (whole UI behind the earliest live channel), which the receiver must deskew.
void apply_physics(const Evaluation& evaluation, int physical_channels, link::FaultPlan& plan);

// The link layer carries skews up to a marker period less two words (beyond the deskew buffer a
// channel fails to lock and is mapped out, which a run then shows); a plan with a longer one is
// refused on fiber.skew_rms_ps. `who` names the command in the message ("relay", "cable").
void check_carried_skews(const LinkSpec& spec, const link::FaultPlan& plan, const char* who);

}  // namespace mosaic
