#include "mosaic/link/channel_model.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <string>

#include "mosaic/core/error.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic::link {

ChannelModel::ChannelModel(const LinkConfig& config, FaultPlan plan, std::uint64_t seed)
    : config_(&config), plan_(std::move(plan)), seed_(seed) {
  const int n = config.physical_channels;
  auto check_channel = [&](const char* field, int c) {
    if (c < 0 || c >= n) throw ConfigError(field, std::to_string(c), "0.." + std::to_string(n - 1));
  };
  for (int c : plan_.dead_channels) check_channel("fault.dead_channel", c);
  for (const auto& f : plan_.failures) check_channel("fault.fail", f.channel);
  for (const auto& b : plan_.bursts) check_channel("fault.burst", b.channel);
  for (const auto& s : plan_.skew_steps) {
    check_channel("fault.skew_step", s.channel);
    if (s.skew_ui < 0 || s.skew_ui > config.words_per_period * 64 - 128)
      throw ConfigError("fault.skew_step", std::to_string(s.skew_ui),
                        "0.." + std::to_string(config.words_per_period * 64 - 128) + " UI");
  }
  for (double s : plan_.skew_ui)
    if (s < 0 || s > config.words_per_period * 64 - 128)
      throw ConfigError("fault.skew_ui", std::to_string(s),
                        "0.." + std::to_string(config.words_per_period * 64 - 128) + " UI");
  for (double b : plan_.channel_ber)
    if (!(b >= 0 && b <= 0.5)) throw ConfigError("fault.ber", std::to_string(b), "0..0.5");
  if (!(plan_.background_ber >= 0 && plan_.background_ber <= 0.5))
    throw ConfigError("fault.ber", std::to_string(plan_.background_ber), "0..0.5");
  reset();
}

void ChannelModel::add_failure(const ChannelFailure& failure) {
  if (failure.channel < 0 || failure.channel >= config_->physical_channels)
    throw ConfigError("fault.fail", std::to_string(failure.channel),
                      "0.." + std::to_string(config_->physical_channels - 1));
  plan_.failures.push_back(failure);
}

void ChannelModel::reset() {
  const int n = config_->physical_channels;
  perm_.resize(n);
  std::iota(perm_.begin(), perm_.end(), 0);
  if (plan_.permute) {
    Rng rng(seed_, RngPurpose::kLinkPermutation, 0);
    for (int i = n - 1; i > 0; --i) std::swap(perm_[i], perm_[rng.next_u64() % (i + 1)]);
  }
  skew_.assign(n, 0);
  for (int c = 0; c < n && c < static_cast<int>(plan_.skew_ui.size()); ++c)
    skew_[c] = static_cast<int>(std::lround(plan_.skew_ui[c]));
  skews_zero_ = std::all_of(skew_.begin(), skew_.end(), [](int b) { return b == 0; });
  prev_.assign(std::size_t(config_->words_per_period) * n, 0);
  cur_ = prev_;
  input_open_ = false;
  previous_elsewhere_ = false;
  injected_.assign(std::size_t(n), 0);
  period_ = 0;
}

double ChannelModel::first_error_gap(Rng& rng, double inv_log1m_p) {
  return std::log(rng.uniform()) * inv_log1m_p;
}

std::int64_t ChannelModel::bit_at(double t) const {
  const double bits_per_s = config_->line_rate_gbps * 1e9;
  return static_cast<std::int64_t>(std::ceil(t * bits_per_s));
}

void ChannelModel::impair(std::span<std::uint64_t> rows) {
  const int n = config_->physical_channels;
  const int w = config_->words_per_period;
  const std::int64_t period_bits = std::int64_t{w} * 64;
  const std::int64_t start = period_ * period_bits;
  auto word = [&](int c, std::int64_t local_row) -> std::uint64_t& {
    return rows[std::size_t(local_row) * n + c];
  };
  // Sets bits [from, to) of channel c (period-local) with fn(old word, mask) -> new word.
  auto apply_range = [&](int c, std::int64_t from, std::int64_t to, auto&& fn) {
    from = std::max<std::int64_t>(from, 0);
    to = std::min(to, period_bits);
    for (std::int64_t b = from; b < to;) {
      const std::int64_t r = b >> 6;
      const int lo = int(b & 63);
      const int hi = int(std::min<std::int64_t>(to - r * 64, 64));
      const std::uint64_t mask =
          (hi == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << hi) - 1) & (~std::uint64_t{0} << lo);
      word(c, r) = fn(word(c, r), mask, r);
      b = (r + 1) * 64;
    }
  };
  // Random bit errors: geometric gaps between flips.
  for (int c = 0; c < n; ++c) {
    const double p = plan_.ber_of(c);
    if (p <= 0) continue;
    Rng rng(seed_, RngPurpose::kLinkBitErrors, c, period_);
    if (p >= 0.5) {
      for (int r = 0; r < w; ++r) {
        const std::uint64_t flips = rng.next_u64();
        word(c, r) ^= flips;
        injected_[c] += std::uint64_t(std::popcount(flips));
      }
      continue;
    }
    // Gaps are compared as doubles before any conversion: at a BER like 1e-300 a gap is ~1e302
    // bits, far beyond any integer, and simply means no error in this period.
    const double inv = 1.0 / std::log1p(-p);
    const double limit = static_cast<double>(period_bits);
    double gap = first_error_gap(rng, inv);
    std::uint64_t flipped = 0;
    for (std::int64_t b = 0; gap < limit - static_cast<double>(b);) {
      b += static_cast<std::int64_t>(gap);
      word(c, b >> 6) ^= std::uint64_t{1} << (b & 63);
      ++b;
      ++flipped;
      gap = first_error_gap(rng, inv);
    }
    injected_[c] += flipped;
  }
  for (const auto& burst : plan_.bursts) {
    const std::int64_t from = bit_at(burst.start_s) - start;
    const std::int64_t to = bit_at(burst.start_s + burst.duration_s) - start;
    if (to <= 0 || from >= period_bits) continue;
    Rng rng(seed_, RngPurpose::kLinkFaults, burst.channel, period_);
    apply_range(burst.channel, from, to, [&](std::uint64_t v, std::uint64_t mask, std::int64_t) {
      std::uint64_t flips = 0;
      for (int i = 0; i < 64; ++i)
        if (rng.uniform() < burst.ber) flips |= std::uint64_t{1} << i;
      injected_[burst.channel] += std::uint64_t(std::popcount(flips & mask));
      return v ^ (flips & mask);
    });
  }
  auto fail = [&](int c, std::int64_t from, FailureMode mode) {
    if (from >= period_bits) return;
    Rng rng(seed_, RngPurpose::kLinkFaults, 0x10000 + c, period_);
    apply_range(c, from, period_bits, [&](std::uint64_t v, std::uint64_t mask, std::int64_t) {
      const std::uint64_t f = mode == FailureMode::kDead       ? 0
                              : mode == FailureMode::kStuckOne ? ~std::uint64_t{0}
                                                               : rng.next_u64();
      return (v & ~mask) | (f & mask);
    });
  };
  for (int c : plan_.dead_channels) fail(c, 0, FailureMode::kDead);
  for (const auto& f : plan_.failures) fail(f.channel, bit_at(f.time_s) - start, f.mode);
}

bool ChannelModel::clean_period() const {
  if (!plan_.dead_channels.empty()) return false;
  const std::int64_t period_bits = std::int64_t{config_->words_per_period} * 64;
  const std::int64_t start = period_ * period_bits;
  // The same tests as impair(): a failure from any bit before this period's end, a burst that
  // overlaps it, or a first error gap inside it would change a bit.
  for (const auto& f : plan_.failures)
    if (bit_at(f.time_s) - start < period_bits) return false;
  for (const auto& burst : plan_.bursts)
    if (bit_at(burst.start_s + burst.duration_s) - start > 0 &&
        bit_at(burst.start_s) - start < period_bits)
      return false;
  if (plan_.channel_ber.empty() && plan_.background_ber <= 0) return true;
  const double limit = static_cast<double>(period_bits);
  for (int c = 0; c < config_->physical_channels; ++c) {
    const double p = plan_.ber_of(c);
    if (p <= 0) continue;
    if (p >= 0.5) return false;
    Rng rng(seed_, RngPurpose::kLinkBitErrors, c, period_);
    if (first_error_gap(rng, 1.0 / std::log1p(-p)) < limit) return false;
  }
  return true;
}

void ChannelModel::skip_clean_period() {
  // What impair_in_place() leaves behind for a period that changes no bit.
  previous_elsewhere_ = true;
  ++period_;
}

void ChannelModel::process(std::span<const std::uint64_t> tx, std::span<std::uint64_t> rx) {
  const std::span<std::uint64_t> in = next_input();
  std::copy(tx.begin(), tx.begin() + in.size(), in.begin());
  process_written(rx);
}

std::span<std::uint64_t> ChannelModel::next_input() {
  if (!input_open_) std::swap(prev_, cur_);
  input_open_ = true;
  return cur_;
}

bool ChannelModel::transparent() const {
  // Skews change only through skew steps, which make the model non-transparent for good.
  return !plan_.permute && plan_.skew_steps.empty() && skews_zero_;
}

void ChannelModel::impair_in_place(std::span<std::uint64_t> wire) {
  impair(wire);
  previous_elsewhere_ = true;
  ++period_;
}

void ChannelModel::restore_previous(std::span<const std::uint64_t> wire) {
  // cur_ becomes prev_ when the next period's input is opened.
  std::copy(wire.begin(), wire.begin() + std::ptrdiff_t(cur_.size()), cur_.begin());
  previous_elsewhere_ = false;
}

void ChannelModel::process_written(std::span<std::uint64_t> rx) {
  const int n = config_->physical_channels;
  const int w = config_->words_per_period;
  const std::int64_t period_bits = std::int64_t{w} * 64;
  next_input();  // opens the period's buffer when the caller wrote none (process() did)
  input_open_ = false;
  previous_elsewhere_ = false;
  impair(cur_);
  if (transparent()) {
    // Every port sees its own channel's word k of this period: the gather below is a copy.
    std::copy(cur_.begin(), cur_.end(), rx.begin());
    ++period_;
    return;
  }
  for (int k = 0; k < w; ++k) {
    // Skew steps take effect on whole words.
    const std::int64_t row_bit = period_ * period_bits + 64 * k;
    for (const auto& s : plan_.skew_steps) {
      const std::int64_t at = bit_at(s.time_s);
      if (at > row_bit - 64 && at <= row_bit)
        skew_[s.channel] = static_cast<int>(std::lround(s.skew_ui));
    }
    std::uint64_t* out = rx.data() + std::size_t(k) * n;
    for (int q = 0; q < n; ++q) {
      const int c = perm_[q];
      // Output bit 64k + j is the input bit skew bits earlier (previous period when negative).
      const std::int64_t b = 64 * std::int64_t{k} - skew_[c] + period_bits;  // into [prev | cur]
      const std::int64_t r = b >> 6;
      const int sh = int(b & 63);
      auto at = [&](std::int64_t row) {
        return row < w ? prev_[std::size_t(row) * n + c] : cur_[std::size_t(row - w) * n + c];
      };
      out[q] = (at(r) >> sh) | ((r + 1 < 2 * w ? at(r + 1) << 1 : 0) << (63 - sh));
    }
  }
  ++period_;
}

}  // namespace mosaic::link
