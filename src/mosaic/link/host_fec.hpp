#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "mosaic/core/design/link_layer_host_fec.hpp"
#include "mosaic/core/vector_level.hpp"
#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

// What the host's decoder makes of one codeword's error pattern.
enum class FecVerdict { kClean, kCorrected, kUncorrectable, kMiscorrected };

// A non-zero symbol of a codeword's error pattern (symbol index in transmission order).
struct SymbolError {
  int index = 0;
  std::uint16_t value = 0;
};

// Host FEC codewords by what the host's decoder made of them, over a stretch of the stream. The
// relay and the cable count them alike (each judges the error pattern, received XOR sent).
struct HostFecOutcome {
  std::uint64_t codewords = 0;
  std::uint64_t clean = 0;            // relayed bit-exactly
  std::uint64_t corrected = 0;        // errors the host FEC corrects
  std::uint64_t uncorrectable = 0;    // the host FEC detects and flags
  std::uint64_t miscorrected = 0;     // the host FEC decodes to a wrong codeword
  std::uint64_t link_flagged = 0;     // codewords with bits the link itself flagged uncorrectable
  std::uint64_t silent = 0;           // wrong data with no flag from the link or the FEC
  double codeword_error_ratio = 0.0;  // (uncorrectable + miscorrected) / codewords
  // Codewords by their number of symbol errors at the host FEC's input: bin k for k errors, the
  // last bin for kSymbolErrorBins - 1 or more. Every supported code has t < kSymbolErrorBins - 1,
  // so the bins past t are exactly the codewords lost, and the bins add up to `codewords`.
  static constexpr int kSymbolErrorBins = 17;
  std::array<std::uint64_t, kSymbolErrorBins> symbol_errors{};

  std::uint64_t lost() const { return uncorrectable + miscorrected; }
  void count_symbol_errors(std::size_t errors, std::uint64_t codewords = 1) {
    symbol_errors[std::min<std::size_t>(errors, kSymbolErrorBins - 1)] += codewords;
  }
  // Adds the counts of `more`; the ratio is recomputed from the sums.
  HostFecOutcome& operator+=(const HostFecOutcome& more);
};

// The seam between the link's drivers and the host's FEC. The relay hands over each codeword's
// error pattern (output XOR input) to judge(); the cable decodes the pattern to find what the
// host would deliver; the analytic prediction needs only n, t and the symbol size. The code is
// linear and decoded from syndromes, so the verdict on the error pattern is the verdict on any
// transmitted codeword. In the host bit stream a codeword is codeword_bits() consecutive bits,
// symbol i in bits symbol_bits() * i onwards, LSB first (unpack_symbols).
class HostFec {
 public:
  virtual ~HostFec() = default;
  virtual const char* name() const = 0;
  virtual int symbols() const = 0;          // n
  virtual int message_symbols() const = 0;  // k: symbols [0, k) carry the message
  virtual int correctable() const = 0;      // t: symbol errors corrected per codeword
  virtual int symbol_bits() const = 0;
  int codeword_bits() const { return symbols() * symbol_bits(); }
  // `errors` in ascending index order, each value non-zero.
  virtual FecVerdict judge(std::span<const SymbolError> errors) const = 0;
  // Corrects the n symbols in place. Returns the number of symbols corrected, or -1 when the
  // decoder detects an uncorrectable codeword (the codeword is then left as received).
  virtual int decode(std::span<std::uint16_t> codeword) const = 0;
};

// Reed-Solomon RS(n, k) over GF(2^10) as in IEEE 802.3 clause 91: field polynomial x^10 + x^3 + 1,
// generator roots alpha^0..alpha^(n-k-1), corrects t = (n-k)/2 symbol errors. Symbols are in
// transmission order: symbol 0 is the coefficient of x^(n-1) (as in libfec). In the host bit
// stream a codeword is 10n consecutive bits, symbol i in bits 10i..10i+9, LSB first.
class ReedSolomon10 : public HostFec {
 public:
  static constexpr int kSymbolBits = 10;

  ReedSolomon10(int n, int k, const char* name);
  const char* name() const override { return name_; }
  int symbols() const override { return n_; }
  int message_symbols() const override { return k_; }
  int correctable() const override { return (n_ - k_) / 2; }
  int symbol_bits() const override { return kSymbolBits; }
  FecVerdict judge(std::span<const SymbolError> errors) const override;
  int decode(std::span<std::uint16_t> codeword) const override;

  // The syndromes and the Chien search on AVX-512 (BW) or AVX2, the best the CPU has (the
  // default), or the portable scalar code; all give the same bits (tests compare them).
  void use_vector_kernels(bool on);
  // One level, at most cpu_vector_level() (std::invalid_argument above it).
  void use_vector_level(VectorLevel level);
  bool vector_kernels() const { return level_ != VectorLevel::kBaseline; }

  // Systematic encoding: symbols [0, k) are the message; fills [k, n) with parity.
  void encode(std::span<std::uint16_t> codeword) const;

  std::uint16_t mul(std::uint16_t a, std::uint16_t b) const {
    return (a == 0 || b == 0) ? 0 : exp_[log_[a] + log_[b]];
  }

 private:
  static constexpr int kMaxParity = 30;
  // Error locations (degrees) and magnitudes from the syndromes; -1 when uncorrectable.
  int solve(std::span<const std::uint16_t> syndromes, int* degree, std::uint16_t* magnitude) const;
  // Roots of the locator lambda (degree l) among the n positions, as degrees in increasing
  // order; their count, or -1 as soon as there are more than l.
  int chien(const std::uint16_t* lambda, int l, int* where) const;

  int n_, k_;
  const char* name_;
  VectorLevel level_ = VectorLevel::kBaseline;
  std::array<std::uint16_t, 2048> exp_{};
  std::array<std::uint16_t, 1024> log_{};
  std::array<std::uint16_t, kMaxParity + 1> gen_{};
  // x * alpha^j as two 32-entry halves, [j][x & 31] ^ [j][32 + (x >> 5)] (multiplication by a
  // constant is linear): 128 bytes per root, so all 30 roots' tables stay in the L1 cache where
  // one table of 1024 per root (60 KB) does not.
  std::vector<std::uint16_t> syn_mul_;
  // The vector kernel's columns: [b][j] = alpha^(j + b), 32 lanes per bit (zero past n - k).
  std::array<std::uint16_t, 32 * kSymbolBits> syn_columns_{};
  // The vector Chien search's columns: per block of 32 positions d, [b][d % 32] = alpha^(b - d).
  std::vector<std::uint16_t> chien_columns_;
};

// The KP4 code RS(544,514), t = 15.
class Rs544 : public ReedSolomon10 {
 public:
  static constexpr int kN = 544;
  static constexpr int kK = 514;
  static constexpr int kParity = kN - kK;
  static constexpr int kT = kParity / 2;
  static constexpr int kCodewordBits = kN * kSymbolBits;     // 5440
  static constexpr int kCodewordWords = kCodewordBits / 64;  // 85
  Rs544() : ReedSolomon10(kN, kK, "kp4") {}
};

// The KR4 code RS(528,514), t = 7. A codeword is 5280 bits, not a whole number of 64-bit words.
class Rs528 : public ReedSolomon10 {
 public:
  static constexpr int kN = 528;
  static constexpr int kK = 514;
  static constexpr int kParity = kN - kK;
  static constexpr int kT = kParity / 2;
  static constexpr int kCodewordBits = kN * kSymbolBits;  // 5280
  Rs528() : ReedSolomon10(kN, kK, "kr4") {}
};

std::unique_ptr<HostFec> make_host_fec(HostFecCode code);

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

// Host-stream bits <-> symbols (symbols.size() symbols of `symbol_bits` bits, at most 16, from
// the start of `words`).
void unpack_symbols(std::span<const std::uint64_t> words, std::span<std::uint16_t> symbols,
                    int symbol_bits = ReedSolomon10::kSymbolBits);
void pack_symbols(std::span<const std::uint16_t> symbols, std::span<std::uint64_t> words,
                  int symbol_bits = ReedSolomon10::kSymbolBits);

// The host FEC outcome predicted from per-lane bit error ratios.
struct AnalyticFec {
  double mean_symbol_error_probability = 0.0;
  double codeword_error_ratio = 0.0;  // P(more than t symbol errors), averaged over alignments
  double frame_loss_ratio = 0.0;      // frames of frame_bits touching an uncorrectable codeword
};

// Symbol error probabilities per codeword from the data lanes' BER and the striping (which lanes
// each symbol's 10 bits ride on), then P(> t errors) by exact Poisson-binomial convolution,
// averaged over every alignment of codewords to lanes. Bit errors are taken as independent.
AnalyticFec analytic_host_fec(const LinkConfig& config, std::span<const double> lane_ber,
                              const HostFec& fec);

}  // namespace mosaic::link
