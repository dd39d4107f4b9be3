#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

// The host's RS(544,514) "KP4" code over GF(2^10) (IEEE 802.3 clause 91): field polynomial
// x^10 + x^3 + 1, generator roots alpha^0..alpha^29, corrects up to 15 symbol errors in a
// 5440-bit codeword. MOSAIC does not run this code on the host's behalf (it relays bits); the relay
// uses it to tell what the host's decoder will make of what comes out.
//
// Symbols are in transmission order: symbol 0 is the coefficient of x^543 (as in libfec). In the
// host bit stream a codeword is 5440 consecutive bits (85 words), symbol i in bits 10i..10i+9,
// LSB first.
class Rs544 {
 public:
  static constexpr int kN = 544;
  static constexpr int kK = 514;
  static constexpr int kParity = 30;
  static constexpr int kT = 15;
  static constexpr int kSymbolBits = 10;
  static constexpr int kCodewordBits = kN * kSymbolBits;     // 5440
  static constexpr int kCodewordWords = kCodewordBits / 64;  // 85

  Rs544();
  // Systematic encoding: symbols [0, 514) are the message; fills [514, 544) with parity.
  void encode(std::span<std::uint16_t> codeword) const;
  // Corrects in place. Returns the number of symbols corrected, or -1 when the decoder detects
  // an uncorrectable codeword (the codeword is then left as received).
  int decode(std::span<std::uint16_t> codeword) const;

  std::uint16_t mul(std::uint16_t a, std::uint16_t b) const {
    return (a == 0 || b == 0) ? 0 : exp_[log_[a] + log_[b]];
  }

 private:
  std::array<std::uint16_t, 2048> exp_{};
  std::array<std::uint16_t, 1024> log_{};
  std::array<std::uint16_t, kParity + 1> gen_{};
  std::vector<std::uint16_t> syn_mul_;  // [j][x] = x * alpha^j, 30 tables of 1024
};

// libfec's own RS(544,514) decoder (init_rs_int with the same code), for tests and benchmarks.
class LibfecRs544 {
 public:
  LibfecRs544();
  ~LibfecRs544();
  LibfecRs544(const LibfecRs544&) = delete;
  LibfecRs544& operator=(const LibfecRs544&) = delete;
  void encode(std::span<std::uint16_t> codeword) const;
  int decode(std::span<std::uint16_t> codeword) const;

 private:
  void* rs_;
};

// Host-stream bits <-> RS symbols (85 words <-> 544 symbols).
void unpack_symbols(std::span<const std::uint64_t> words, std::span<std::uint16_t> symbols);
void pack_symbols(std::span<const std::uint16_t> symbols, std::span<std::uint64_t> words);

// The host FEC outcome predicted from per-lane bit error ratios.
struct AnalyticFec {
  double mean_symbol_error_probability = 0.0;
  double codeword_error_ratio = 0.0;  // P(more than 15 symbol errors), averaged over alignments
  double frame_loss_ratio = 0.0;      // frames of frame_bits touching an uncorrectable codeword
};

// Residual bit error ratio of each data lane after the cross-channel ECC, from the raw BER of
// every slot (row_slots() entries, 0 for unused): an error survives when another lane of its
// group errs in the same bit time (SECDED corrects only single errors; the BIP-16 erasure hints,
// which rescue most such pairs, are left out, so this is an upper bound at low BER). Without ECC
// the raw BER of the data lanes.
std::vector<double> post_ecc_lane_ber(const LinkConfig& config, std::span<const double> slot_ber);
// Symbol error probabilities per codeword from the data lanes' BER and the striping (which lanes
// each symbol's 10 bits ride on), then P(>15 errors) by exact Poisson-binomial convolution,
// averaged over every alignment of codewords to lanes. Bit errors are taken as independent.
AnalyticFec analytic_host_fec(const LinkConfig& config, std::span<const double> lane_ber);

}  // namespace mosaic::link
