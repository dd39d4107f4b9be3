#pragma once

#include <cstdint>

namespace mosaic::link {

// Error-count tests behind the receiver's decisions (map-out at training, BER-based swaps).
// Bit errors on a channel are independent with probability `ber` per bit, so the count over `bits`
// bits is Binomial(bits, ber); every tail here is that exact binomial tail, in the log domain, so
// any BER from 0 to 0.5 and any count are handled without overflow.

// P(X >= k) for X ~ Binomial(n, p).
double binomial_upper_tail(std::uint64_t n, double p, std::uint64_t k);

// The smallest count k with P(X >= k) <= alpha for X ~ Binomial(n, p): a channel at BER p reaches
// it with probability at most alpha, so "errors >= k" says "BER above p" with confidence 1 - alpha.
// n + 1 when even n errors are not that unlikely.
std::uint64_t exceed_threshold(std::uint64_t n, double p, double alpha);

}  // namespace mosaic::link
