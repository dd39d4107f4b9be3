#include "mosaic/link/host_fec.hpp"

extern "C" {
#include <fec.h>  // libfec has no C++ guards
}

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace mosaic::link {

namespace {
constexpr unsigned kPoly = 0x409;  // x^10 + x^3 + 1
}

Rs544::Rs544() {
  unsigned x = 1;
  for (int i = 0; i < 1023; ++i) {
    exp_[i] = static_cast<std::uint16_t>(x);
    log_[x] = static_cast<std::uint16_t>(i);
    x <<= 1;
    if (x & 0x400) x ^= kPoly;
  }
  for (int i = 1023; i < 2048; ++i) exp_[i] = exp_[i - 1023];
  // g(x) = prod_{j<30} (x - alpha^j), gen_[k] = coefficient of x^k.
  gen_.fill(0);
  gen_[0] = 1;
  for (int j = 0; j < kParity; ++j) {
    for (int k = j + 1; k > 0; --k) gen_[k] = gen_[k - 1] ^ mul(gen_[k], exp_[j]);
    gen_[0] = mul(gen_[0], exp_[j]);
  }
  syn_mul_.resize(std::size_t(kParity) * 1024);
  for (int j = 0; j < kParity; ++j)
    for (unsigned v = 0; v < 1024; ++v)
      syn_mul_[std::size_t(j) * 1024 + v] = mul(static_cast<std::uint16_t>(v), exp_[j]);
}

void Rs544::encode(std::span<std::uint16_t> cw) const {
  std::array<std::uint16_t, kParity> r{};
  for (int i = 0; i < kK; ++i) {
    const std::uint16_t fb = cw[i] ^ r[kParity - 1];
    for (int k = kParity - 1; k > 0; --k) r[k] = r[k - 1] ^ mul(fb, gen_[k]);
    r[0] = mul(fb, gen_[0]);
  }
  for (int j = 0; j < kParity; ++j) cw[kK + j] = r[kParity - 1 - j];
}

int Rs544::decode(std::span<std::uint16_t> cw) const {
  // Syndromes S_j = c(alpha^j) by Horner, one multiply table per j.
  std::array<std::uint16_t, kParity> s{};
  for (int i = 0; i < kN; ++i) {
    const std::uint16_t v = cw[i];
    for (int j = 0; j < kParity; ++j) s[j] = syn_mul_[std::size_t(j) * 1024 + s[j]] ^ v;
  }
  bool zero = true;
  for (auto v : s) zero &= v == 0;
  if (zero) return 0;

  // Berlekamp-Massey: error locator lambda.
  std::array<std::uint16_t, kParity + 1> lambda{}, prev{}, tmp{};
  lambda[0] = prev[0] = 1;
  int l = 0, shift = 1;
  std::uint16_t b = 1;
  for (int n = 0; n < kParity; ++n) {
    std::uint16_t d = s[n];
    for (int i = 1; i <= l; ++i) d ^= mul(lambda[i], s[n - i]);
    if (d == 0) {
      ++shift;
      continue;
    }
    const std::uint16_t coef = mul(d, exp_[(1023 - log_[b]) % 1023]);
    tmp = lambda;
    for (int i = 0; i + shift <= kParity; ++i) lambda[i + shift] ^= mul(coef, prev[i]);
    if (2 * l <= n) {
      l = n + 1 - l;
      prev = tmp;
      b = d;
      shift = 1;
    } else {
      ++shift;
    }
  }
  if (l > kT) return -1;

  // Chien search over the 544 transmitted positions: error at degree d when lambda(alpha^-d)=0.
  std::array<int, kT> where{};
  int found = 0;
  std::array<std::uint16_t, kT + 1> term{};
  for (int k = 0; k <= l; ++k) term[k] = lambda[k];
  for (int d = 0; d < kN; ++d) {
    std::uint16_t sum = 0;
    for (int k = 0; k <= l; ++k) sum ^= term[k];
    if (sum == 0) {
      if (found == l) return -1;
      where[found++] = d;
    }
    for (int k = 1; k <= l; ++k)
      if (term[k]) term[k] = exp_[(log_[term[k]] + 1023 - k) % 1023];
  }
  if (found != l) return -1;

  // Forney (first root alpha^0): e = X * omega(X^-1) / lambda'(X^-1).
  std::array<std::uint16_t, kParity> omega{};
  for (int i = 0; i < kParity; ++i)
    for (int k = 0; k <= std::min(i, l); ++k) omega[i] ^= mul(lambda[k], s[i - k]);
  for (int e = 0; e < found; ++e) {
    const int d = where[e];
    const std::uint16_t xinv = exp_[(1023 - d % 1023) % 1023];
    std::uint16_t num = 0, den = 0, pw = 1;
    for (int i = 0; i < kParity; ++i) {
      num ^= mul(omega[i], pw);
      pw = mul(pw, xinv);
    }
    pw = 1;  // lambda'(x) = sum over odd k of lambda_k x^(k-1)
    const std::uint16_t xinv2 = mul(xinv, xinv);
    for (int k = 1; k <= l; k += 2) {
      den ^= mul(lambda[k], pw);
      pw = mul(pw, xinv2);
    }
    if (den == 0) return -1;
    const std::uint16_t x = exp_[d % 1023];
    const std::uint16_t mag = mul(mul(x, num), exp_[(1023 - log_[den]) % 1023]);
    cw[kN - 1 - d] ^= mag;
  }
  return found;
}

LibfecRs544::LibfecRs544()
    : rs_(init_rs_int(10, static_cast<int>(kPoly), 0, 1, Rs544::kParity, 1023 - Rs544::kN)) {
  if (!rs_) throw std::runtime_error("libfec init_rs_int failed");
}
LibfecRs544::~LibfecRs544() {
  free_rs_int(rs_);
}

void LibfecRs544::encode(std::span<std::uint16_t> cw) const {
  unsigned data[Rs544::kN];
  for (int i = 0; i < Rs544::kK; ++i) data[i] = cw[i];
  encode_rs_int(rs_, data, data + Rs544::kK);
  for (int i = Rs544::kK; i < Rs544::kN; ++i) cw[i] = static_cast<std::uint16_t>(data[i]);
}

int LibfecRs544::decode(std::span<std::uint16_t> cw) const {
  unsigned data[Rs544::kN];
  for (int i = 0; i < Rs544::kN; ++i) data[i] = cw[i];
  const int r = decode_rs_int(rs_, data, nullptr, 0);
  if (r >= 0)
    for (int i = 0; i < Rs544::kN; ++i) cw[i] = static_cast<std::uint16_t>(data[i]);
  return r;
}

void unpack_symbols(std::span<const std::uint64_t> words, std::span<std::uint16_t> symbols) {
  for (int i = 0; i < Rs544::kN; ++i) {
    const int bit = i * Rs544::kSymbolBits;
    const int w = bit >> 6, sh = bit & 63;
    std::uint64_t v = words[w] >> sh;
    if (sh > 64 - Rs544::kSymbolBits) v |= words[w + 1] << (64 - sh);
    symbols[i] = static_cast<std::uint16_t>(v & 0x3FF);
  }
}

void pack_symbols(std::span<const std::uint16_t> symbols, std::span<std::uint64_t> words) {
  std::fill(words.begin(), words.begin() + Rs544::kCodewordWords, 0);
  for (int i = 0; i < Rs544::kN; ++i) {
    const int bit = i * Rs544::kSymbolBits;
    const int w = bit >> 6, sh = bit & 63;
    const std::uint64_t v = symbols[i] & 0x3FFu;
    words[w] |= v << sh;
    if (sh > 64 - Rs544::kSymbolBits) words[w + 1] |= v >> (64 - sh);
  }
}

std::vector<double> post_ecc_lane_ber(const LinkConfig& config, std::span<const double> slot_ber) {
  std::vector<double> out(config.data_lanes);
  if (!config.has_ecc()) {
    for (int d = 0; d < config.data_lanes; ++d) out[d] = slot_ber[config.data_slot[d]];
    return out;
  }
  const int m = config.slots_per_group;
  // log P(no error) per group, to get P(no other error) per lane.
  std::vector<double> log_clean(config.groups, 0.0);
  for (int s : config.active_slots) log_clean[s / m] += std::log1p(-std::min(slot_ber[s], 0.5));
  for (int d = 0; d < config.data_lanes; ++d) {
    const int s = config.data_slot[d];
    const double p = std::min(slot_ber[s], 0.5);
    const double others_clean = std::exp(log_clean[s / m] - std::log1p(-p));
    out[d] = p * (1.0 - others_clean);
  }
  return out;
}

AnalyticFec analytic_host_fec(const LinkConfig& config, std::span<const double> lane_ber) {
  // Which data lane carries host bit i: i mod D (bit striping) or (i / 64) mod D (word striping).
  // The pattern of lanes under a codeword repeats after lcm(5440, unit * D) bits.
  const std::int64_t d = config.data_lanes;
  const std::int64_t unit = config.striping == Striping::kBit ? 1 : 64;
  const std::int64_t span = unit * d;
  const std::int64_t cw = Rs544::kCodewordBits;
  const std::int64_t lcm = std::lcm(cw, span);
  const std::int64_t alignments = lcm / cw;
  AnalyticFec out;
  std::vector<double> dist(Rs544::kN + 1);
  double sum_cer = 0, sum_ps = 0;
  for (std::int64_t a = 0; a < alignments; ++a) {
    std::fill(dist.begin(), dist.end(), 0.0);
    dist[0] = 1.0;
    int top = 0;
    for (int sym = 0; sym < Rs544::kN; ++sym) {
      double log_ok = 0;
      for (int b = 0; b < Rs544::kSymbolBits; ++b) {
        const std::int64_t bit = a * cw + sym * Rs544::kSymbolBits + b;
        log_ok += std::log1p(-std::min(lane_ber[(bit / unit) % d], 0.5));
      }
      const double ps = -std::expm1(log_ok);
      sum_ps += ps;
      // Convolve; only counts up to kT + 1 matter (everything above is "uncorrectable").
      top = std::min(top + 1, Rs544::kT + 1);
      for (int k = top; k >= 1; --k) {
        double v = dist[k] * (1 - ps) + dist[k - 1] * ps;
        if (k == Rs544::kT + 1) v = dist[k] + dist[k - 1] * ps;  // absorbing "> 15"
        dist[k] = v;
      }
      dist[0] *= 1 - ps;
    }
    sum_cer += dist[Rs544::kT + 1];
  }
  out.codeword_error_ratio = sum_cer / alignments;
  out.mean_symbol_error_probability = sum_ps / (alignments * Rs544::kN);
  // A frame at a random alignment overlaps 1 + (F - 1) / 5440 codewords on average.
  const double overlap = 1.0 + (config.frame_bits - 1.0) / cw;
  out.frame_loss_ratio = -std::expm1(overlap * std::log1p(-out.codeword_error_ratio));
  return out;
}

}  // namespace mosaic::link
