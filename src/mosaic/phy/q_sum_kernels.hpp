#pragma once

#include "mosaic/core/vector_level.hpp"

namespace mosaic::phy::kernels {

struct LazyInverseSigmas;

// One decision of the statistical eye over its ISI/crosstalk histogram: bin i holds probability
// p[i] at amplitude x_i = lo + i * step (cursor bit 0) or x_i + cursor (cursor bit 1), with the
// Gaussian noise 1/sigma given per bin for each case.
struct QSumInput {
  const double* p = nullptr;
  const double* inv_sigma0 = nullptr;
  const double* inv_sigma1 = nullptr;
  int bins = 0;  // a multiple of 8
  double lo = 0.0;
  double step = 0.0;
  double cursor = 0.0;
  double threshold = 0.0;
  // The sum times e^log_scale (0, 700 or 1400): a sum of tails far below the smallest double,
  // brought into range.
  double log_scale = 0.0;
  // Where known, the first and last bins with probability (every p outside them is 0): the sum
  // skips the rest without reading it. last_live < 0: not known, found by reading p.
  int first_live = 0;
  int last_live = -1;
  // Where set, inv_sigma0 and inv_sigma1 are its arrays and hold only the groups of 8 bins it has
  // computed, besides those of first_live and last_live (which the cutoff reads): a sum computes
  // the groups it needs (the vector-512 one only those its cutoff may reach), the same bits.
  LazyInverseSigmas* lazy = nullptr;
};

// sum_i p[i] (Q((x_i + cursor - threshold) inv_sigma1[i]) + Q((threshold - x_i) inv_sigma0[i])),
// twice the BER at `threshold` (times e^log_scale). Q comes from a table of ln Q every 1/64 up to
// z = 66 (linear interpolation, then a degree-10 polynomial exp: ~3e-5 relative), 0 beyond it and
// wherever the scaled exponent is below -708. The sum runs in 8
// interleaved partial sums added pairwise at the end, without fused multiply-adds (this file is
// compiled with -ffp-contract=off), so that the scalar reference and the AVX2 and AVX-512 kernels
// give the same bits on every machine.
//
// Terms too small to reach the sum's last bit are not computed: the largest z of any term kept is
// the smaller of the table's reach and where Q falls below 2^-60 of a lower bound on the sum (the
// term of the bin with the smallest z of either tail, its p times its Q; Q(z) <= e^(-z^2/2) / 2
// bounds what is dropped beyond). Every term dropped is below 2^-60 of the sum and, with the bins'
// probabilities adding to 1, so is all of them together: the sum moves by less than its rounding.
// Each level drops the same terms (a term is its Q below that z and 0 above it), so the bits still
// agree; the kernels skip a group of 8 bins whose tails all lie beyond it, about 40 % of a sweep's.
double q_sum_scalar(const QSumInput& in);
// At one instruction-set level (at most cpu_vector_level()), and at the CPU's best.
double q_sum_at(VectorLevel level, const QSumInput& in);
double q_sum(const QSumInput& in);

// The same decision when the cursor bit changes the whole distribution (a nonlinear victim):
// bin i holds p0[i] with the cursor bit at 0 and p1[i] with it at 1, both at x_i, with one 1/sigma
// per bin: sum_i p1[i] Q((x_i - threshold) inv_sigma[i]) + p0[i] Q((threshold - x_i) inv_sigma[i]).
// Same table, same partial sums, same bits in the scalar reference and the vector kernels.
struct QSumSplitInput {
  const double* p0 = nullptr;
  const double* p1 = nullptr;
  const double* inv_sigma = nullptr;
  int bins = 0;  // a multiple of 8
  double lo = 0.0;
  double step = 0.0;
  double threshold = 0.0;
  double log_scale = 0.0;
};
double q_sum_split_scalar(const QSumSplitInput& in);
double q_sum_split_at(VectorLevel level, const QSumSplitInput& in);
double q_sum_split(const QSumSplitInput& in);

// A decision sum with its derivative with respect to the threshold: the derivative of the sum
// the kernels compute (each term's Q from the table's chord, so its slope is the chord's slope
// times Q), summed in the same lanes and order as the sum, the same bits at every level. `sum`
// is the plain kernel's bits.
struct QSum {
  double sum = 0.0;
  double slope = 0.0;
};
QSum q_sum_slope_scalar(const QSumInput& in);
QSum q_sum_slope_at(VectorLevel level, const QSumInput& in);
QSum q_sum_slope(const QSumInput& in);
QSum q_sum_split_slope_scalar(const QSumSplitInput& in);
QSum q_sum_split_slope_at(VectorLevel level, const QSumSplitInput& in);
QSum q_sum_split_slope(const QSumSplitInput& in);

// A decision sum with its two tails apart, each in its own lanes: tail1 = sum_i p[i]
// Q((x_i + cursor - threshold) inv_sigma1[i]) (the cursor bit 1 read as 0) rises with the
// threshold, tail0 (the 0 read as 1) falls, so that each bounds the sum at every threshold beyond
// it on its side (the statistical eye's scan). `sum` is the plain kernel's bits.
struct QSumTails {
  double sum = 0.0;
  double tail1 = 0.0;
  double tail0 = 0.0;
};
QSumTails q_sum_tails_at(VectorLevel level, const QSumInput& in);
QSumTails q_sum_tails(const QSumInput& in);

// ln of a lower bound on q_sum(in) without its e^log_scale: the larger term of the two extreme
// bins with probability (the highest one's 0 read as 1, the lowest one's 1 read as 0), its p by
// p's binary exponent and its ln Q by the table's chord, both rounded low (-inf where neither
// bounds it). What the sum's cutoff is set from; a few operations, no pass over the bins.
double q_sum_log_lower_bound(const QSumInput& in);

// Q(z) as the kernels compute it (for tests).
double table_q(double z);

}  // namespace mosaic::phy::kernels
