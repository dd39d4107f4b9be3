#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mosaic/core/rng.hpp"
#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

// How a channel fails at a given time.
enum class FailureMode {
  kDead,      // no light: the receiver sees zeros
  kStuckOne,  // stuck at one
  kNoisy,     // still lit but every bit random (BER 0.5)
};

struct ChannelFailure {
  int channel = 0;
  double time_s = 0.0;  // from the start of the run (training included)
  FailureMode mode = FailureMode::kDead;
};

struct ErrorBurst {
  int channel = 0;
  double start_s = 0.0;
  double duration_s = 0.0;
  double ber = 0.5;
};

struct SkewStep {
  int channel = 0;
  double time_s = 0.0;
  double skew_ui = 0.0;  // the channel's new skew
};

// Everything the channels do to the bits. Physical channel indices are the transmitter's.
struct FaultPlan {
  double background_ber = 0.0;      // every channel not listed in channel_ber
  std::vector<double> channel_ber;  // per physical channel (empty: background for all)
  std::vector<int> dead_channels;   // dark from the start (dead pixels)
  std::vector<ChannelFailure> failures;
  std::vector<ErrorBurst> bursts;
  std::vector<double> skew_ui;  // initial skew per channel (empty: none), 0..max_skew
  std::vector<SkewStep> skew_steps;
  bool permute = false;  // receiver ports see the channels in a random order

  double ber_of(int channel) const {
    return channel < static_cast<int>(channel_ber.size()) ? channel_ber[channel] : background_ber;
  }
};

// The optical channels between the two ends, at bit level: independent bit errors at each
// channel's BER, failures, bursts, per-channel delay (skew, in whole UI) with steps, and a fixed
// permutation of channels onto receiver ports. Random draws come from Rng keyed by (seed,
// purpose, channel, period), so results do not depend on anything but the seed.
class ChannelModel {
 public:
  ChannelModel(const LinkConfig& config, FaultPlan plan, std::uint64_t seed);

  // One period in transmitter wire format, one period out in receiver port order.
  void process(std::span<const std::uint64_t> tx, std::span<std::uint64_t> rx);
  // The same without the copy of the transmit rows: the transmitter writes the whole period into
  // next_input(), then process_written(rx). Until then next_input() returns the same buffer.
  std::span<std::uint64_t> next_input();
  void process_written(std::span<std::uint64_t> rx);
  // Without permutation, skew or skew steps every port sees its own channel's bits of this
  // period: the transmitter may then write the receiver's wire itself and impair_in_place() adds
  // the errors and failures there (no copy). The model then keeps no copy of the period; should
  // the next period not be transparent (a skew step injected), restore_previous() must first be
  // given that wire (the receiver's previous period), as the skew reads back into it.
  bool transparent() const;
  void impair_in_place(std::span<std::uint64_t> wire);
  bool needs_previous() const { return previous_elsewhere_; }
  // Whether the period about to run would come through unchanged: no dead or failing channel,
  // no burst, and no bit error drawn (the same draws impair() makes). Then a transparent model's
  // period is the identity, and skip_clean_period() stands for impair_in_place().
  bool clean_period() const;
  void skip_clean_period();
  void restore_previous(std::span<const std::uint64_t> wire);
  void reset();
  // Adds a failure to the plan (for deaths drawn once the lane map is known).
  void add_failure(const ChannelFailure& failure);

  // Receiver port q sees physical channel permutation()[q].
  const std::vector<int>& permutation() const { return perm_; }
  const FaultPlan& plan() const { return plan_; }
  // For faults injected while running (a live cable): changes apply from the next process()
  // call, times in the same run clock. The caller keeps the values in the ranges checked above.
  FaultPlan& mutable_plan() { return plan_; }
  std::int64_t periods_processed() const { return period_; }
  // Bits each physical channel flipped so far (random errors and bursts; a failure's lost bits
  // are not counted: a dead channel has no error count, only a state).
  const std::vector<std::uint64_t>& injected_errors() const { return injected_; }

 private:
  void impair(std::span<std::uint64_t> rows);
  // The first bit at or after time t (seconds of link time): where a failure, burst or skew step
  // given in time takes effect.
  std::int64_t bit_at(double t) const;
  // Bits to the next error (as a double: it may exceed any integer), one uniform draw.
  static double first_error_gap(Rng& rng, double inv_log1m_p);

  const LinkConfig* config_;
  FaultPlan plan_;
  std::uint64_t seed_;
  std::vector<int> perm_;
  std::vector<int> skew_;                  // current skew per channel, bits
  bool skews_zero_ = true;                 // every initial skew is 0
  std::vector<std::uint64_t> prev_, cur_;  // impaired transmit rows, previous and this period
  std::vector<std::uint64_t> injected_;    // per channel
  std::int64_t period_ = 0;
  bool input_open_ = false;          // next_input() handed out cur_ for this period
  bool previous_elsewhere_ = false;  // the last period was impaired in place, not in cur_
};

}  // namespace mosaic::link
