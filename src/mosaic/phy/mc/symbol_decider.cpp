#include "mosaic/phy/mc/symbol_decider.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/causal_response.hpp"
#include "mosaic/phy/mc/kernels.hpp"
#include "mosaic/phy/mc/segment.hpp"
#include "mosaic/phy/mc/superposition_kernels.hpp"
#include "mosaic/phy/mc/waveform_decider.hpp"

namespace mosaic::phy::mc {
namespace {

// The screen sums a lane's neighbours one lane at a time, some 8x the cost of a decision by the
// full chunk table: past about one open decision in 25 the full sums are faster (prototype
// channel, 1 thread: 88 against 53 Mbit/s with 1.3 % open, 45 against 54 with 5.5 %). A segment
// that leaves more than 1 in kScreenOpenShare open hands the next ones to the full sums, and every
// kScreenProbe-th segment tries the screen again (a few per cent of the full sums' time where the
// neighbours are strong throughout). Past 8 counted channels the full sums are the vector
// kernel's, slower than the table's, and the screen stays ahead of them to about one open
// decision in 5 (10 prototype channels, 1 thread: 92, 76 and 53 against 27-37 Mbit/s at -13,
// -12 and -11 dB; alike at -10 dB, 19 % open), so there the switch waits for 1 in 8.
constexpr std::size_t kScreenOpenShare = 32;
constexpr std::size_t kScreenOpenShareOverLanes = 8;
constexpr std::uint64_t kScreenProbe = 256;

}  // namespace

SymbolDecider::SymbolDecider(const Config& config, std::span<const SymbolSource> sources)
    : config_(config),
      first_bit_(first_decided_bit(config.samples_per_ui, config.decision_samples)) {
  const int os = config.samples_per_ui;
  const int jitter_reach = os;  // |jitter| is clamped to os - 1 samples
  const int d0 = static_cast<int>(std::floor(config.decision_samples));
  pos0_ = d0 - jitter_reach;
  const int positions = 2 * jitter_reach + 2;
  const int decision_lag = decision_lag_bits(os, config.decision_samples);
  for (const SymbolSource& src : sources) {
    const PulseResponse& pulse = *src.pulse;
    Taps set;
    const int n = static_cast<int>(pulse.h.size());
    const int shift = (config.span_ui / 4) * os;
    // Lags from -precursors to the tail; bits k - lag; positions relative to the bit start.
    const int max_pre = d0 / os;
    set.first_lag = -max_pre - 1;
    set.lags = config.span_ui / 2 + max_pre + 1;
    set.taps.assign(static_cast<std::size_t>(positions) * set.lags, 0.0);
    double peak = 0.0;
    for (double v : pulse.h) peak = std::max(peak, std::abs(v));
    int first_used = set.lags, last_used = 0;
    for (int q = 0; q < positions; ++q)
      for (int j = 0; j < set.lags; ++j) {
        const int lag = set.first_lag + j;
        // Position in this channel's own engine time: its delay and precursor room removed.
        const int t = pos0_ + q + lag * os - src.delay_samples;
        double v = 0.0;
        if (t > -shift && t < n - shift) v = pulse.h[((t + shift) % n + n) % n];
        if (std::abs(v) < kTapFloor * peak) v = 0.0;
        set.taps[static_cast<std::size_t>(q) * set.lags + j] = src.weight * src.swing_a * v;
        if (v != 0.0) {
          first_used = std::min(first_used, j);
          last_used = std::max(last_used, j);
        }
      }
    // Trim the lag range to what is used at some position: a lag whose taps are all zero adds
    // +-0 to every sum, which leaves it as it is, and it would take a bit of every pattern.
    if (first_used > last_used) first_used = 0;
    const int keep = last_used + 1 - first_used;
    std::vector<double> trimmed(static_cast<std::size_t>(positions) * keep);
    for (int q = 0; q < positions; ++q)
      for (int j = 0; j < keep; ++j)
        trimmed[static_cast<std::size_t>(q) * keep + j] =
            set.taps[static_cast<std::size_t>(q) * set.lags + first_used + j];
    set.taps = std::move(trimmed);
    set.first_lag += first_used;
    set.lags = keep;
    set.lag_from.resize(positions);
    set.lag_to.resize(positions);
    nonzero_lag_ranges(set.taps.data(), positions, set.lags, set.lag_from.data(),
                       set.lag_to.data());
    // The oldest lag must still be in every source's bit history.
    history_bits_ = std::max(history_bits_, set.first_lag + set.lags + decision_lag + 1);
    taps_.push_back(std::move(set));
  }
  if (taps_.size() == 1) {
    if (config.allow_pattern_table && PatternTable::fits(positions, taps_[0].lags))
      table_.emplace(taps_[0].taps.data(), positions, taps_[0].lags, config.base_a);
    return;
  }
  std::vector<int> lags;
  std::vector<SuperpositionSource> view;
  for (const Taps& t : taps_) {
    lags.push_back(t.lags);
    view.push_back({t.taps.data(), t.first_lag, t.lags, nullptr});
  }
  const bool whole = config.allow_pattern_table && CrosstalkScreen::fits(positions, lags[0], true);
  if (whole || CrosstalkScreen::fits(positions, lags[0], false))
    screen_.emplace(view, positions, config.base_a, whole);
  if (config.allow_pattern_table && ChunkPatternTable::fits(positions, lags))
    chunk_table_.emplace(view, positions, config.base_a);
}

void SymbolDecider::process(std::span<const float* const> source_bits, std::span<float> decisions) {
  assert(source_bits.size() == taps_.size());
  assert(decisions.size() == static_cast<std::size_t>(kSegmentBits) * kLanes);
  const int os = config_.samples_per_ui;
  std::array<float, kSegmentBits * kLanes> jit, noise;
  const std::uint64_t segment = segment_++;
  const std::uint64_t block0 = segment * kLanes;
  const auto channel = static_cast<std::uint64_t>(config_.channel);
  gaussian_lanes({config_.seed, static_cast<std::uint32_t>(RngPurpose::kMcJitter), channel, block0},
                 0, kSegmentBits / 4, jit.data());
  gaussian_lanes({config_.seed, static_cast<std::uint32_t>(RngPurpose::kMcNoise), channel, block0},
                 0, kSegmentBits / 4, noise.data());
  SuperpositionInput in;
  sources_.resize(taps_.size());
  for (std::size_t s = 0; s < taps_.size(); ++s)
    sources_[s] = {taps_[s].taps.data(), taps_[s].first_lag,       taps_[s].lags,
                   source_bits[s],       taps_[s].lag_from.data(), taps_[s].lag_to.data()};
  in.sources = sources_.data();
  in.n_sources = static_cast<int>(taps_.size());
  in.jitter = jit.data();
  in.noise = noise.data();
  in.first_bit = first_bit_;
  in.first_position = pos0_;
  in.decision_samples = config_.decision_samples;
  in.jitter_rms_samples = config_.jitter_rms_samples;
  in.jitter_limit_samples = os - 1;
  in.base_a = config_.base_a;
  in.thermal_var_a2 = config_.thermal_sigma_a * config_.thermal_sigma_a;
  in.shot_a2_per_a = config_.shot_a2_per_a;
  in.threshold_a = config_.threshold_a;
  // A victim alone sums straight on; with neighbours, in chunks that a table can hold.
  in.chunk_lags = taps_.size() > 1 ? ChunkPatternTable::kChunkLags : 0;
  if (table_) {
    superpose_by_pattern(in, *table_, decisions.data());
  } else if (screen_ && (screening_ || segment % kScreenProbe == 0)) {
    const std::uint64_t summed = screen_->summed();
    superpose_screened(in, *screen_, decisions.data());
    const std::size_t share = chunk_table_ ? kScreenOpenShare : kScreenOpenShareOverLanes;
    screening_ = (screen_->summed() - summed) * share <= decisions.size();
  } else if (chunk_table_) {
    superpose_by_chunks(in, *chunk_table_, decisions.data());
  } else {
    superpose_lanes(in, decisions.data());
  }
}

}  // namespace mosaic::phy::mc
