#include "mosaic/phy/pattern_response.hpp"

#include <algorithm>

namespace mosaic::phy {
namespace {

// The window's bits, from the cursor's: kFirst (oldest) to kLast (the precursors' newest).
constexpr int kFirst = PatternResponse::kPrecursorBits - PatternResponse::kWindowBits + 1;
constexpr int kLast = PatternResponse::kPrecursorBits;

}  // namespace

PatternResponse::PatternResponse(const SlotLight& light, std::span<const double> downstream,
                                 int peak, int span_ui, double drive_offset)
    : slot_bits_(light.bits),
      os_(light.samples_per_ui),
      n_(static_cast<int>(downstream.size())),
      peak_(peak),
      span_ui_(span_ui),
      drive_offset_(drive_offset),
      residual_rms_(light.residual_rms),
      g_(downstream.begin(), downstream.end()) {
  const int L = slot_bits_;
  const int patterns = 1 << L;
  const auto at = [&](int p, int j) { return light.u[static_cast<std::size_t>(p) * os_ + j]; };
  // The mean slot light and each pattern bit's main effect (mean with the bit at 1 minus with it
  // at 0), then through the chain (circular convolution over the slot's samples).
  std::vector<double> mean_y(os_, 0.0);
  std::vector<double> effect_y(static_cast<std::size_t>(L) * os_, 0.0);
  for (int p = 0; p < patterns; ++p) {
    for (int j = 0; j < os_; ++j) {
      mean_y[j] += at(p, j) / patterns;
      for (int i = 0; i < L; ++i)
        effect_y[static_cast<std::size_t>(i) * os_ + j] +=
            ((p >> i) & 1 ? 2.0 : -2.0) * at(p, j) / patterns;
    }
  }
  auto through_chain = [&](const double* slot, double* out) {
    for (int t = 0; t < n_; ++t) {
      double acc = 0.0;
      for (int j = 0; j < os_; ++j) acc += slot[j] * g_[t - j >= 0 ? t - j : t - j + n_];
      out[t] = acc;
    }
  };
  mean_.resize(n_);
  through_chain(mean_y.data(), mean_.data());
  effect_.resize(static_cast<std::size_t>(L) * n_);
  for (int i = 0; i < L; ++i)
    through_chain(effect_y.data() + static_cast<std::size_t>(i) * os_,
                  effect_.data() + static_cast<std::size_t>(i) * n_);
  // Slots j whose bits j-L+1..j reach into the window: pattern bits [i_lo, i_lo + width) inside.
  for (int j = kFirst; j <= kLast + L - 1; ++j) {
    const int oldest = j - L + 1;
    const int i_lo = std::max(0, kFirst - oldest);
    const int i_hi = std::min(L - 1, kLast - oldest);
    WindowSlot w;
    w.j = j;
    w.width = i_hi - i_lo + 1;
    w.shift = oldest + i_lo - kFirst;
    const int inside = 1 << w.width;
    w.light.assign(static_cast<std::size_t>(inside) * os_, 0.0);
    const int patterns_per_slot = patterns / inside;  // both powers of two: exact
    const double per = 1.0 / static_cast<double>(patterns_per_slot);
    for (int p = 0; p < patterns; ++p) {
      const int q = (p >> i_lo) & (inside - 1);
      for (int k = 0; k < os_; ++k)
        w.light[static_cast<std::size_t>(q) * os_ + k] += at(p, k) * per;
    }
    window_slots_.push_back(std::move(w));
  }
}

void PatternResponse::at(int s, PatternLevels& out) const {
  const int L = slot_bits_;
  const int half = span_ui_ / 2;
  const std::size_t all = std::size_t{1} << kWindowBits;
  const int slots = 2 * half;
  // scratch: the window's levels, one slot's samples of the chain and its inside patterns; where:
  // the sample each slot's light reaches the sampling instant through.
  out.scratch.assign(all + os_ + (std::size_t{1} << L), 0.0);
  double* level = out.scratch.data();
  double* g_at = level + all;
  double* reduced = g_at + os_;
  out.where.resize(slots);
  int* where = out.where.data();
  // Slot j's light reaches the sample at t0 - j os on the circular window: walked without a
  // division per slot, as the linear taps are gathered.
  int t = ((peak_ + s + half * os_) % n_ + n_) % n_;
  for (int j = -half; j < half; ++j) {
    where[j + half] = t;
    t -= os_;
    if (t < 0) t += n_;
  }
  auto at_slot = [&](int j) { return where[j + half]; };
  // Every slot's mean is a constant; a slot reaching into the window trades its mean for its
  // exact levels (averaged over its bits outside).
  double constant = 0.0;
  for (int j = -half; j < half; ++j)
    if (j < kFirst || j > kLast + L - 1) constant += mean_[at_slot(j)];
  for (const WindowSlot& w : window_slots_) {
    const int t = at_slot(w.j);
    for (int k = 0; k < os_; ++k) g_at[k] = g_[t - k >= 0 ? t - k : t - k + n_];
    const int inside = 1 << w.width;
    for (int q = 0; q < inside; ++q) {
      const double* y = w.light.data() + static_cast<std::size_t>(q) * os_;
      double acc = 0.0;
      for (int k = 0; k < os_; ++k) acc += y[k] * g_at[k];
      reduced[q] = acc;
    }
    const std::size_t mask = static_cast<std::size_t>(inside - 1);
    for (std::size_t b = 0; b < all; ++b) level[b] += reduced[(b >> w.shift) & mask];
  }
  // Bits outside the window: each slot holding the bit adds its main effect there.
  out.taps.clear();
  double tap_sum = 0.0;
  for (int k = -half - L + 1; k < half; ++k) {
    if (k >= kFirst && k <= kLast) continue;
    double a = 0.0;
    for (int j = std::max(k, -half); j <= std::min(k + L - 1, half - 1); ++j)
      a += effect_[static_cast<std::size_t>(k - (j - L + 1)) * n_ + at_slot(j)];
    out.taps.push_back(a);
    tap_sum += a;
  }
  // The taps are fair bits {0, a}: their mean a/2 is already in the window's conditional levels.
  const double offset = constant - 0.5 * tap_sum - drive_offset_;
  const int cursor = -kFirst;
  const std::size_t others = all / 2;
  out.level0.resize(others);
  out.level1.resize(others);
  const std::size_t low_mask = (std::size_t{1} << cursor) - 1;
  for (std::size_t b = 0; b < others; ++b) {
    const std::size_t full = (b & low_mask) | ((b & ~low_mask) << 1);
    out.level0[b] = level[full] + offset;
    out.level1[b] = level[full | (std::size_t{1} << cursor)] + offset;
  }
}

}  // namespace mosaic::phy
