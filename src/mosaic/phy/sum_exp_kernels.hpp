#pragma once

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy::kernels {

// sum_i exp(x[i] - shift) for x[i] <= shift (the jitter average, shifted by its largest term),
// with the kernels' polynomial exp (~2e-10 relative; 0 below -708) in the same 8 interleaved
// partial sums: the scalar reference and the vector kernels give the same bits. A group of 8
// terms (x[8g] to x[8g + 7]; the last one what is left) all more than 60 below the shift counts
// 0: each is under 1e-26 of the largest term.
double sum_exp_scalar(const double* x, int n, double shift = 0.0);
double sum_exp_at(VectorLevel level, const double* x, int n, double shift = 0.0);
double sum_exp(const double* x, int n, double shift = 0.0);

// sum_i exp(x[i] - shift) w[i]: the same exponentials, each times its weight, in the same lanes
// (the jitter average's slope, each cell's slope weighted by its share).
double sum_exp_weighted_scalar(const double* x, const double* w, int n, double shift);
double sum_exp_weighted_at(VectorLevel level, const double* x, const double* w, int n,
                           double shift);
double sum_exp_weighted(const double* x, const double* w, int n, double shift);

}  // namespace mosaic::phy::kernels
