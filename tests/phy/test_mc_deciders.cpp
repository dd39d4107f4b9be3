// Monte Carlo deciders, error counter and eye histogram: a waveform decider against a scalar
// reference (jitter, interpolation, the tail across segments), the symbol decider on a delta
// pulse (the bits, delayed) and against the Gaussian BER Q(swing / 2 sigma), the counter's sum and
// the eye's bins (the decision sample at 0).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/phy/mc/bit_history.hpp"
#include "mosaic/phy/mc/error_counter.hpp"
#include "mosaic/phy/mc/eye_histogram.hpp"
#include "mosaic/phy/mc/stimulus.hpp"
#include "mosaic/phy/mc/symbol_decider.hpp"
#include "mosaic/phy/mc/waveform_decider.hpp"

namespace mosaic::phy::mc {
namespace {

constexpr int kOs = 16;
constexpr std::size_t kBits = std::size_t{kSegmentBits} * kLanes;
constexpr std::size_t kSamples = kBits * kOs;

// The jittered, interpolated decisions worked out one lane at a time on the whole waveform.
TEST(McWaveformDecider, MatchesAScalarReference) {
  WaveformDecider::Config c{21, 4, kOs, 37.25, 0.5, 3.0};
  WaveformDecider decider(c);
  const int segments = 4;
  std::vector<float> wave(kSamples * segments);
  Rng rng(1, RngPurpose::kMcData, 0);
  for (auto& v : wave) v = static_cast<float>(rng.uniform());
  const long tail = WaveformDecider::kTailUi * kOs;
  for (int u = 0; u < segments; ++u) {
    std::vector<float> decisions(kBits);
    decider.process(std::span<const float>(wave).subspan(u * kSamples, kSamples), decisions);
    std::vector<float> jit(kBits);
    // The kernel's own draws (tested against core::Rng in McKernels): the decision logic is tested.
    gaussian_lanes(
        {21, static_cast<std::uint32_t>(RngPurpose::kMcJitter), 4, std::uint64_t(u) * kLanes}, 0,
        kSegmentBits / 4, jit.data());
    for (int l = 0; l < kLanes; ++l)
      for (int j = 0; j < kSegmentBits; ++j) {
        const double delta = std::clamp(3.0 * jit[j * kLanes + l], -15.0, 15.0);
        // Relative to the segment's start minus the tail; before segment 0 the waveform is 0.
        const double t = decider.first_bit() * double(kOs) + 37.25 + tail + j * kOs + delta;
        const long i0 = static_cast<long>(std::floor(t));
        auto y = [&](long i) {
          const long g = u * long(kSamples / kLanes) - tail + i;
          return g < 0 ? 0.0f : wave[g * kLanes + l];
        };
        const double v = (1.0 - (t - i0)) * y(i0) + (t - i0) * y(i0 + 1);
        ASSERT_EQ(decisions[j * kLanes + l], v > 0.5 ? 1.0f : 0.0f) << u << " " << l << " " << j;
      }
  }
  EXPECT_EQ(decider.first_bit(), first_decided_bit(kOs, 37.25));
  EXPECT_EQ(decider.first_bit(), -4);  // ceil((-32 - 37.25) / 16)
}

// A pulse that is one sample, L bits after the decision instant: the decisions are the bits
// sent L bits earlier.
struct DeltaPulse {
  static constexpr int kSpan = 32;
  static constexpr int kDecision = 40;
  static constexpr int kLag = 3;
  PulseResponse pulse;

  DeltaPulse() {
    pulse.samples_per_ui = kOs;
    pulse.span_ui = kSpan;
    pulse.h.assign(kSpan * kOs, 0.0);
    // The decider reads sample (kDecision + lag os + span/4 UI) for lag `lag`.
    const int idx = kSpan / 4 * kOs + kDecision + kLag * kOs;
    pulse.h[idx] = 1.0;
    pulse.peak = idx;
  }
  SymbolDecider decider(double thermal_sigma) const {
    const SymbolDecider::Config c{5,   2,   kOs,           kSpan, double(kDecision),
                                  0.5, 0.0, thermal_sigma, 0.0,   0.0};
    const SymbolSource s{&pulse, 1.0, 1.0, 0};
    return SymbolDecider(c, std::span<const SymbolSource>(&s, 1));
  }
};

TEST(McSymbolDecider, DeltaPulseDecidesTheDelayedBits) {
  const DeltaPulse delta;
  SymbolDecider decider = delta.decider(0.0);
  BitHistory bits(static_cast<std::size_t>(decider.history_bits()));
  const auto stimulus = make_stimulus(DataPattern::kRandom, 8, 2);
  std::vector<float> sent;  // every lane's bits, segment after segment
  for (int u = 0; u < 4; ++u) {
    std::span<float> fresh = bits.advance();
    stimulus->process(fresh);
    sent.insert(sent.end(), fresh.begin(), fresh.end());
    std::vector<float> decisions(kBits);
    const float* start = bits.segment_start();
    decider.process(std::span<const float* const>(&start, 1), decisions);
    for (int j = 0; j < kSegmentBits; ++j) {
      const long k = long(u) * kSegmentBits + decider.first_bit() + j - DeltaPulse::kLag;
      for (int l = 0; l < kLanes; ++l)
        ASSERT_EQ(decisions[j * kLanes + l], k < 0 ? 0.0f : sent[k * kLanes + l]) << u << " " << j;
    }
  }
}

// Levels 0 and 1, threshold 1/2, Gaussian noise sigma: BER = Q(1 / (2 sigma)).
TEST(McSymbolDecider, GaussianNoiseGivesTheQFunction) {
  const DeltaPulse delta;
  const double sigma = 0.25;
  SymbolDecider decider = delta.decider(sigma);
  BitHistory bits(static_cast<std::size_t>(decider.history_bits()));
  const auto stimulus = make_stimulus(DataPattern::kRandom, 8, 2);
  ErrorCounter counter;
  const int segments = 60;
  std::vector<float> history;
  for (int u = 0; u < segments; ++u) {
    stimulus->process(bits.advance());
    std::vector<float> decisions(kBits);
    const float* start = bits.segment_start();
    decider.process(std::span<const float* const>(&start, 1), decisions);
    const long first = decider.first_bit() - DeltaPulse::kLag;  // bit of the first decision
    counter.process(decisions, std::span<const float>(start + first * kLanes, kBits));
  }
  const double n = double(segments) * kBits;
  const double p = q_function(0.5 / sigma);
  EXPECT_NEAR(counter.errors() / n, p, 5.0 * std::sqrt(p / n));
}

TEST(McErrorCounter, CountsEveryLane) {
  std::vector<float> sent(kBits, 0.0f), decided(kBits, 0.0f);
  for (std::size_t i = 0; i < kBits; i += 3) sent[i] = decided[i] = 1.0f;
  decided[2 * kLanes + 2] = 1.0f - decided[2 * kLanes + 2];
  decided[9 * kLanes + 2] = 1.0f - decided[9 * kLanes + 2];
  decided[63 * kLanes + 5] = 1.0f - decided[63 * kLanes + 5];
  ErrorCounter c;
  c.process(decided, sent);
  c.process(decided, sent);
  EXPECT_EQ(c.errors(), 6.0);
  c.reset();
  EXPECT_EQ(c.errors(), 0.0);
}

// A constant waveform fills one amplitude row evenly over the two unit intervals; samples outside
// the range land in the edge rows.
TEST(McEyeHistogram, BinsTimeAndAmplitude) {
  EyeHistogram::Config c;
  c.samples_per_ui = kOs;
  c.amplitude_bins = 10;
  c.amplitude_min_a = 0.0;
  c.amplitude_max_a = 1.0;
  c.decision_samples = 7.0;
  c.first_segment = 2;
  EyeHistogram eye(c);
  std::vector<float> y(kSamples, 0.35f);
  eye.process(y);
  eye.process(y);
  const EyeDiagram& d = eye.diagram();
  ASSERT_EQ(d.time_bins, 2 * kOs);
  const std::uint64_t per_bin = 2 * kLanes * (kSamples / kLanes) / d.time_bins;
  for (int a = 0; a < d.amplitude_bins; ++a)
    for (int t = 0; t < d.time_bins; ++t)
      ASSERT_EQ(d.counts[a * d.time_bins + t], a == 3 ? per_bin : 0u) << a << " " << t;
  eye.reset();
  std::fill(y.begin(), y.begin() + kSamples / 2, -5.0f);
  std::fill(y.begin() + kSamples / 2, y.end(), 7.0f);
  eye.process(y);
  std::uint64_t low = 0, high = 0;
  for (int t = 0; t < d.time_bins; ++t) {
    low += d.counts[t];
    high += d.counts[9 * d.time_bins + t];
  }
  EXPECT_EQ(low, kSamples / 2);
  EXPECT_EQ(high, kSamples / 2);
}

// One bin per sample, centred on it: the samples at the decision instants (every UI after it) fill
// the bin centred on 0 UI and the one centred on -1 UI, none between.
TEST(McEyeHistogram, TheDecisionSampleIsDrawnAtZero) {
  EyeHistogram::Config c;
  c.samples_per_ui = kOs;
  c.amplitude_bins = 2;
  c.amplitude_min_a = 0.0;
  c.amplitude_max_a = 1.0;
  c.decision_samples = 7.0;
  EyeHistogram eye(c);
  std::vector<float> y(kSamples, 0.25f);
  for (std::size_t i = 0; i < kSamples / kLanes; ++i)
    if (i % kOs == 7)
      for (int l = 0; l < kLanes; ++l) y[i * kLanes + l] = 0.75f;
  eye.process(y);
  const EyeDiagram& d = eye.diagram();
  const double dt = (d.time_stop_ui - d.time_start_ui) / d.time_bins;
  EXPECT_NEAR(dt, 1.0 / kOs, 1e-15);
  EXPECT_NEAR(d.time_start_ui + (kOs + 0.5) * dt, 0.0, 1e-12);
  EXPECT_NEAR(d.time_start_ui + 0.5 * dt, -1.0, 1e-12);
  const std::uint64_t per_ui = kLanes * (kSamples / kLanes / kOs) / 2;
  for (int t = 0; t < d.time_bins; ++t)
    EXPECT_EQ(d.counts[d.time_bins + t], t == 0 || t == kOs ? per_ui : 0u) << t;
}

}  // namespace
}  // namespace mosaic::phy::mc
