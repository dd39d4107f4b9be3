#include "mosaic/link/host_fec.hpp"

extern "C" {
#include <fec.h>  // libfec has no C++ guards
}

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "mosaic/link/rs_kernels.hpp"

namespace mosaic::link {

namespace {
#if MOSAIC_HAVE_SYNDROME_KERNEL
static_assert(rs_kernels::kSymbolBits == ReedSolomon10::kSymbolBits);
#endif
constexpr unsigned kPoly = 0x409;  // x^10 + x^3 + 1

}  // namespace

ReedSolomon10::ReedSolomon10(int n, int k, const char* name) : n_(n), k_(k), name_(name) {
  use_vector_kernels(true);
  if (n > 1023 || k <= 0 || n - k > kMaxParity || (n - k) % 2 != 0)
    throw std::invalid_argument("ReedSolomon10: unsupported (n, k)");
  unsigned x = 1;
  for (int i = 0; i < 1023; ++i) {
    exp_[i] = static_cast<std::uint16_t>(x);
    log_[x] = static_cast<std::uint16_t>(i);
    x <<= 1;
    if (x & 0x400) x ^= kPoly;
  }
  for (int i = 1023; i < 2048; ++i) exp_[i] = exp_[i - 1023];
  const int parity = n_ - k_;
  // g(x) = prod_{j < n-k} (x - alpha^j), gen_[i] = coefficient of x^i.
  gen_.fill(0);
  gen_[0] = 1;
  for (int j = 0; j < parity; ++j) {
    for (int i = j + 1; i > 0; --i) gen_[i] = gen_[i - 1] ^ mul(gen_[i], exp_[j]);
    gen_[0] = mul(gen_[0], exp_[j]);
  }
  syn_mul_.resize(std::size_t(parity) * 64);
  for (int j = 0; j < parity; ++j)
    for (unsigned v = 0; v < 32; ++v) {
      syn_mul_[std::size_t(j) * 64 + v] = mul(static_cast<std::uint16_t>(v), exp_[j]);
      syn_mul_[std::size_t(j) * 64 + 32 + v] = mul(static_cast<std::uint16_t>(v << 5), exp_[j]);
    }
  const int blocks = (n_ + 31) / 32;
  chien_columns_.assign(std::size_t(blocks) * 32 * kSymbolBits, 0);
  for (int d = 0; d < n_; ++d)
    for (int b = 0; b < kSymbolBits; ++b)
      chien_columns_[(std::size_t(d / 32) * kSymbolBits + b) * 32 + d % 32] =
          exp_[(b + 1023 - d % 1023) % 1023];
  syn_columns_.fill(0);
  for (int b = 0; b < kSymbolBits; ++b)
    for (int j = 0; j < parity; ++j) syn_columns_[std::size_t(b) * 32 + j] = exp_[j + b];
}

void ReedSolomon10::encode(std::span<std::uint16_t> cw) const {
  const int parity = n_ - k_;
  std::array<std::uint16_t, kMaxParity> r{};
  for (int i = 0; i < k_; ++i) {
    const std::uint16_t fb = cw[i] ^ r[parity - 1];
    for (int j = parity - 1; j > 0; --j) r[j] = r[j - 1] ^ mul(fb, gen_[j]);
    r[0] = mul(fb, gen_[0]);
  }
  for (int j = 0; j < parity; ++j) cw[k_ + j] = r[parity - 1 - j];
}

void ReedSolomon10::use_vector_kernels(bool on) {
  use_vector_level(on ? cpu_vector_level() : VectorLevel::kBaseline);
}

void ReedSolomon10::use_vector_level(VectorLevel level) {
  if (static_cast<int>(level) > static_cast<int>(cpu_vector_level()))
    throw std::invalid_argument(std::string("ReedSolomon10: this CPU has no ") + to_string(level));
#if MOSAIC_HAVE_SYNDROME_KERNEL
  level_ = level;
#else
  level_ = VectorLevel::kBaseline;
#endif
}

int ReedSolomon10::chien(const std::uint16_t* lambda, int l, int* where) const {
#if MOSAIC_HAVE_SYNDROME_KERNEL
  if (level_ == VectorLevel::kAvx512)
    return rs_kernels::chien_avx512(lambda, l, chien_columns_.data(), n_, l, where);
  if (level_ == VectorLevel::kAvx2)
    return rs_kernels::chien_avx2(lambda, l, chien_columns_.data(), n_, l, where);
#endif
  // The terms lambda_j alpha^(-j d) are kept as logarithms: a step is a subtraction mod 1023,
  // not a log lookup and a division. Zero coefficients stay out of the sum.
  int found = 0;
  std::array<int, kMaxParity / 2 + 1> log_term{};
  std::array<int, kMaxParity / 2 + 1> index{};
  int live = 0;
  for (int j = 1; j <= l; ++j)
    if (lambda[j]) {
      log_term[live] = log_[lambda[j]];
      index[live++] = j;
    }
  for (int d = 0; d < n_; ++d) {
    std::uint16_t sum = lambda[0];
    for (int k = 0; k < live; ++k) sum ^= exp_[log_term[k]];
    if (sum == 0) {
      if (found == l) return -1;
      where[found++] = d;
    }
    for (int k = 0; k < live; ++k) {
      const int v = log_term[k] - index[k];
      log_term[k] = v < 0 ? v + 1023 : v;
    }
  }
  return found;
}

int ReedSolomon10::solve(std::span<const std::uint16_t> s, int* where,
                         std::uint16_t* magnitude) const {
  const int parity = n_ - k_;
  const int t = parity / 2;
  // Berlekamp-Massey: error locator lambda.
  std::array<std::uint16_t, kMaxParity + 1> lambda{}, prev{}, tmp{};
  lambda[0] = prev[0] = 1;
  int l = 0, shift = 1;
  std::uint16_t b = 1;
  for (int i = 0; i < parity; ++i) {
    std::uint16_t d = s[i];
    for (int j = 1; j <= l; ++j) d ^= mul(lambda[j], s[i - j]);
    if (d == 0) {
      ++shift;
      continue;
    }
    const std::uint16_t coef = mul(d, exp_[(1023 - log_[b]) % 1023]);
    tmp = lambda;
    for (int j = 0; j + shift <= parity; ++j) lambda[j + shift] ^= mul(coef, prev[j]);
    if (2 * l <= i) {
      l = i + 1 - l;
      prev = tmp;
      b = d;
      shift = 1;
    } else {
      ++shift;
    }
  }
  if (l > t) return -1;

  // Chien search over the n transmitted positions: error at degree d when lambda(alpha^-d) = 0.
  const int found = chien(lambda.data(), l, where);
  if (found != l) return -1;

  // Forney (first root alpha^0): e = X * omega(X^-1) / lambda'(X^-1).
  // The powers of X^-1 as logarithms (i log X^-1 mod 1023, one addition per term) rather than a
  // chain of multiplies, each waiting on the one before: the same products, the terms independent.
  std::array<int, kMaxParity> log_omega{};  // -1: a zero coefficient
  for (int i = 0; i < parity; ++i) {
    std::uint16_t w = 0;
    for (int j = 0; j <= std::min(i, l); ++j) w ^= mul(lambda[j], s[i - j]);
    log_omega[i] = w ? log_[w] : -1;
  }
  std::array<int, kMaxParity / 2 + 1> log_lambda_odd{};  // lambda_1, lambda_3, ...; -1: zero
  int odd_terms = 0;
  for (int j = 1; j <= l; j += 2) log_lambda_odd[odd_terms++] = lambda[j] ? log_[lambda[j]] : -1;
  for (int e = 0; e < found; ++e) {
    const int d = where[e];
    const int log_xinv = (1023 - d % 1023) % 1023;
    std::uint16_t num = 0, den = 0;
    for (int i = 0, log_pw = 0; i < parity; ++i) {
      if (log_omega[i] >= 0) num ^= exp_[log_omega[i] + log_pw];
      log_pw += log_xinv;
      if (log_pw >= 1023) log_pw -= 1023;
    }
    // lambda'(x) = sum over odd j of lambda_j x^(j-1): the powers of X^-2.
    const int log_xinv2 = (2 * log_xinv) % 1023;
    for (int k = 0, log_pw = 0; k < odd_terms; ++k) {
      if (log_lambda_odd[k] >= 0) den ^= exp_[log_lambda_odd[k] + log_pw];
      log_pw += log_xinv2;
      if (log_pw >= 1023) log_pw -= 1023;
    }
    if (den == 0) return -1;
    const std::uint16_t x = exp_[d % 1023];
    magnitude[e] = mul(mul(x, num), exp_[(1023 - log_[den]) % 1023]);
  }
  return found;
}

int ReedSolomon10::decode(std::span<std::uint16_t> cw) const {
  const int parity = n_ - k_;
  // Syndromes S_j = c(alpha^j) by Horner, one multiply table per j.
  std::array<std::uint16_t, 32> s{};
  if (level_ != VectorLevel::kBaseline) {
#if MOSAIC_HAVE_SYNDROME_KERNEL
    if (level_ == VectorLevel::kAvx512) {
      rs_kernels::syndromes_avx512(cw.data(), n_, syn_columns_.data(), s.data());
    } else {
      rs_kernels::syndromes_avx2(cw.data(), n_, syn_columns_.data(), s.data());
    }
#endif
  } else {
    for (int i = 0; i < n_; ++i) {
      const std::uint16_t v = cw[i];
      for (int j = 0; j < parity; ++j) {
        const std::uint16_t* t = syn_mul_.data() + std::size_t(j) * 64;
        s[j] = t[s[j] & 31] ^ t[32 + (s[j] >> 5)] ^ v;
      }
    }
  }
  if (std::all_of(s.begin(), s.begin() + parity, [](std::uint16_t v) { return v == 0; })) return 0;
  int where[kMaxParity / 2];
  std::uint16_t mag[kMaxParity / 2];
  const int found = solve(std::span(s).first(parity), where, mag);
  if (found < 0) return -1;
  for (int e = 0; e < found; ++e) cw[n_ - 1 - where[e]] ^= mag[e];
  return found;
}

FecVerdict ReedSolomon10::judge(std::span<const SymbolError> errors) const {
  if (errors.empty()) return FecVerdict::kClean;
  // Syndromes from the few non-zero symbols only: S_j = sum e * alpha^(j * degree).
  const int parity = n_ - k_;
  std::array<std::uint16_t, kMaxParity> s{};
  for (const auto& e : errors) {
    const int degree = n_ - 1 - e.index;
    const int le = log_[e.value];
    for (int j = 0; j < parity; ++j) s[j] ^= exp_[(le + j * degree) % 1023];
  }
  if (std::all_of(s.begin(), s.begin() + parity, [](std::uint16_t v) { return v == 0; }))
    return FecVerdict::kMiscorrected;  // the error pattern is itself a codeword: undetectable
  int where[kMaxParity / 2];
  std::uint16_t mag[kMaxParity / 2];
  const int found = solve(std::span(s).first(parity), where, mag);
  if (found < 0) return FecVerdict::kUncorrectable;
  if (found != static_cast<int>(errors.size())) return FecVerdict::kMiscorrected;
  for (int e = 0; e < found; ++e) {
    const int index = n_ - 1 - where[e];
    const auto it = std::find_if(errors.begin(), errors.end(),
                                 [&](const SymbolError& x) { return x.index == index; });
    if (it == errors.end() || it->value != mag[e]) return FecVerdict::kMiscorrected;
  }
  return FecVerdict::kCorrected;
}

std::unique_ptr<HostFec> make_host_fec(HostFecCode code) {
  if (code == HostFecCode::kKr4) return std::make_unique<Rs528>();
  return std::make_unique<Rs544>();
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

HostFecOutcome& HostFecOutcome::operator+=(const HostFecOutcome& more) {
  codewords += more.codewords;
  clean += more.clean;
  corrected += more.corrected;
  uncorrectable += more.uncorrectable;
  miscorrected += more.miscorrected;
  link_flagged += more.link_flagged;
  silent += more.silent;
  for (int k = 0; k < kSymbolErrorBins; ++k) symbol_errors[k] += more.symbol_errors[k];
  codeword_error_ratio = codewords ? double(lost()) / double(codewords) : 0.0;
  return *this;
}

void unpack_symbols(std::span<const std::uint64_t> words, std::span<std::uint16_t> symbols,
                    int symbol_bits) {
  const std::uint64_t mask = (std::uint64_t{1} << symbol_bits) - 1;
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    const std::size_t bit = i * std::size_t(symbol_bits);
    const std::size_t w = bit >> 6;
    const int sh = int(bit & 63);
    std::uint64_t v = words[w] >> sh;
    if (sh > 64 - symbol_bits) v |= words[w + 1] << (64 - sh);
    symbols[i] = static_cast<std::uint16_t>(v & mask);
  }
}

void pack_symbols(std::span<const std::uint16_t> symbols, std::span<std::uint64_t> words,
                  int symbol_bits) {
  const std::uint64_t mask = (std::uint64_t{1} << symbol_bits) - 1;
  std::fill(words.begin(), words.begin() + (symbols.size() * symbol_bits + 63) / 64, 0);
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    const std::size_t bit = i * std::size_t(symbol_bits);
    const std::size_t w = bit >> 6;
    const int sh = int(bit & 63);
    const std::uint64_t v = symbols[i] & mask;
    words[w] |= v << sh;
    if (sh > 64 - symbol_bits) words[w + 1] |= v >> (64 - sh);
  }
}

AnalyticFec analytic_host_fec(const LinkConfig& config, std::span<const double> lane_ber,
                              const HostFec& fec) {
  // Which data lane carries host bit i: i mod D (bit striping) or (i / 64) mod D (word striping).
  // The pattern of lanes under a codeword repeats after lcm(codeword bits, unit * D) bits.
  const std::int64_t d = config.data_lanes;
  const std::int64_t unit = config.striping == Striping::kBit ? 1 : 64;
  const std::int64_t cw = fec.codeword_bits();
  const int n = fec.symbols(), t = fec.correctable(), sb = fec.symbol_bits();
  const std::int64_t alignments = std::lcm(cw, unit * d) / cw;
  std::vector<double> log_ok_lane(d);
  for (std::int64_t i = 0; i < d; ++i) log_ok_lane[i] = std::log1p(-std::min(lane_ber[i], 0.5));
  AnalyticFec out;
  std::vector<double> dist(t + 2);
  double sum_cer = 0, sum_ps = 0;
  for (std::int64_t a = 0; a < alignments; ++a) {
    std::fill(dist.begin(), dist.end(), 0.0);
    dist[0] = 1.0;
    int top = 0;
    for (int sym = 0; sym < n; ++sym) {
      double log_ok = 0;
      for (int b = 0; b < sb; ++b) {
        const std::int64_t bit = a * cw + std::int64_t{sym} * sb + b;
        log_ok += log_ok_lane[(bit / unit) % d];
      }
      const double ps = -std::expm1(log_ok);
      sum_ps += ps;
      // Convolve; only counts up to t + 1 matter (everything above is "uncorrectable").
      top = std::min(top + 1, t + 1);
      for (int k = top; k >= 1; --k) {
        double v = dist[k] * (1 - ps) + dist[k - 1] * ps;
        if (k == t + 1) v = dist[k] + dist[k - 1] * ps;  // absorbing "> t"
        dist[k] = v;
      }
      dist[0] *= 1 - ps;
    }
    sum_cer += dist[t + 1];
  }
  out.codeword_error_ratio = sum_cer / alignments;
  out.mean_symbol_error_probability = sum_ps / (double(alignments) * n);
  // A frame at a random alignment overlaps 1 + (F - 1) / codeword bits codewords on average.
  const double overlap = 1.0 + (config.frame_bits - 1.0) / cw;
  out.frame_loss_ratio = -std::expm1(overlap * std::log1p(-out.codeword_error_ratio));
  return out;
}

}  // namespace mosaic::link
