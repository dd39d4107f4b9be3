#pragma once

#include <cstdint>

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/link/channel_model.hpp"

namespace mosaic {

// The physics of an evaluation as the bit-exact link layer sees it: each of the first
// `physical_channels` pixels errs at its own statistical-eye BER (exactly: a BER below what a
// double holds never errs) and dead pixels are dark from the start.
void apply_physics(const Evaluation& evaluation, int physical_channels, link::FaultPlan& plan);

// `count` distinct active lanes die at uniformly random times in [0, run_s), drawn from the
// seed's link-fault stream: the same draw whatever the command that asks for it.
void add_random_failures(const link::LinkConfig& config, int count, double run_s,
                         std::uint64_t seed, link::FaultPlan& plan);

}  // namespace mosaic
