#pragma once

#include <complex>

namespace mosaic::phy::kernels {

// out[k] = common[k] * led[k] for k in [0, count): the products std::complex's operator* gives
// for finite operands, bit for bit, at every vector level.
void multiply_bins(const std::complex<double>* common, const std::complex<double>* led, int count,
                   std::complex<double>* out);

// The middle of a response's top: the first and last index whose sample lies within 1e-9 of its
// largest magnitude-relative maximum (max - 1e-9 |max|), their mean rounded down.
int peak_index(const double* h, int n);

// 1 / (1 + j x) at x = (k df) / f3db for k in [0, count), by Smith's method: the operations of
// the scalar first-order response (first_order_lowpass.cpp), bit for bit.
void first_order_bins(double f3db_hz, double df_hz, int count, std::complex<double>* out);

}  // namespace mosaic::phy::kernels
