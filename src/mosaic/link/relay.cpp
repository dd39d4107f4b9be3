#include "mosaic/link/relay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <deque>

#include "mosaic/core/error.hpp"
#include "mosaic/core/rng.hpp"
#include "mosaic/link/ecc_model.hpp"
#include "mosaic/link/period_state.hpp"
#include "mosaic/link/receiver.hpp"
#include "mosaic/link/transmitter.hpp"

namespace mosaic::link {
namespace {

// Host FEC bookkeeping over the error pattern, codeword by codeword across periods. Codewords are
// codeword_bits() consecutive host bits from the start of the stream, whatever their alignment to
// 64-bit words; only words with errors or flags are looked at.
class FecTally {
 public:
  FecTally(const HostFec& fec, int frame_bits)
      : fec_(&fec), cw_bits_(std::uint64_t(fec.codeword_bits())), frame_bits_(frame_bits) {}

  // Adds the next words of the stream; returns the codewords lost (uncorrectable or
  // miscorrected) among those completed by them.
  std::uint64_t add(std::span<const std::uint64_t> err, std::span<const std::uint8_t> flag) {
    const std::uint64_t lost_before = out_.uncorrectable + out_.miscorrected;
    for (std::size_t i = 0; i < err.size(); ++i) {
      if (err[i] == 0 && flag[i] == 0) continue;
      const std::uint64_t bit0 = (word_ + i) * 64;
      if (flag[i]) {
        for (std::uint64_t c = bit0 / cw_bits_; c <= (bit0 + 63) / cw_bits_; ++c) {
          advance_to(c);
          flagged_ = true;
        }
      }
      for (std::uint64_t e = err[i]; e; e &= e - 1) {
        const std::uint64_t bit = bit0 + std::uint64_t(std::countr_zero(e));
        const std::uint64_t c = bit / cw_bits_;
        advance_to(c);
        const std::uint64_t local = bit - c * cw_bits_;
        const int sym = int(local / ReedSolomon10::kSymbolBits);
        const auto v = std::uint16_t(1u << (local % ReedSolomon10::kSymbolBits));
        if (!symbols_.empty() && symbols_.back().index == sym)
          symbols_.back().value ^= v;
        else
          symbols_.push_back({sym, v});
      }
    }
    word_ += err.size();
    advance_to(word_ * 64 / cw_bits_);  // every codeword that ended inside these words
    return out_.uncorrectable + out_.miscorrected - lost_before;
  }

  HostFecOutcome outcome(std::uint64_t bits) {
    advance_to(bits / cw_bits_);
    out_.frames = bits / frame_bits_;
    out_.codeword_error_ratio =
        out_.codewords ? double(out_.uncorrectable + out_.miscorrected) / out_.codewords : 0.0;
    out_.frame_loss_ratio = out_.frames ? double(out_.frames_lost) / out_.frames : 0.0;
    return out_;
  }

 private:
  // Completes every codeword before c (the current one with what was gathered, later ones clean).
  void advance_to(std::uint64_t c) {
    if (c <= current_) return;
    finish();
    out_.codewords += c - current_ - 1;
    out_.clean += c - current_ - 1;
    current_ = c;
  }
  void finish() {
    ++out_.codewords;
    if (flagged_) ++out_.link_flagged;
    std::erase_if(symbols_, [](const SymbolError& e) { return e.value == 0; });
    const FecVerdict v = fec_->judge(symbols_);
    if (v == FecVerdict::kClean) ++out_.clean;
    if (v == FecVerdict::kCorrected) ++out_.corrected;
    if (v == FecVerdict::kUncorrectable) ++out_.uncorrectable;
    if (v == FecVerdict::kMiscorrected) {
      ++out_.miscorrected;
      if (!flagged_) ++out_.silent;
    }
    if (v == FecVerdict::kUncorrectable || v == FecVerdict::kMiscorrected) {
      const std::uint64_t f0 = current_ * cw_bits_ / frame_bits_;
      const std::uint64_t f1 = (current_ * cw_bits_ + cw_bits_ - 1) / frame_bits_;
      for (std::uint64_t f = std::max(f0, next_frame_); f <= f1; ++f) ++out_.frames_lost;
      next_frame_ = std::max(next_frame_, f1 + 1);
    }
    symbols_.clear();
    flagged_ = false;
  }

  const HostFec* fec_;
  std::uint64_t cw_bits_;
  std::uint64_t frame_bits_;
  std::uint64_t word_ = 0;     // host words seen
  std::uint64_t current_ = 0;  // codeword being gathered
  std::vector<SymbolError> symbols_;
  bool flagged_ = false;
  std::uint64_t next_frame_ = 0;
  HostFecOutcome out_;
};

LinkState worse(LinkState a, LinkState b) {
  return static_cast<int>(a) > static_cast<int>(b) ? a : b;
}

}  // namespace

RelayResult run_relay(const LinkSpec& spec, const RelayOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  const LinkConfig cfg = LinkConfig::from_spec(spec);
  const auto host_fec = make_host_fec(cfg.host_fec);
  Transmitter tx(cfg);
  ChannelModel channels(cfg, options.faults, spec.seed);
  Receiver rx(cfg);
  const std::size_t wire_words = std::size_t(cfg.words_per_period) * cfg.physical_channels;
  const std::size_t hw = cfg.host_words_per_period();
  std::vector<std::uint64_t> wire_tx(wire_words), wire_rx(wire_words), out(hw), err(hw);
  std::vector<std::uint64_t> in[2] = {std::vector<std::uint64_t>(hw),
                                      std::vector<std::uint64_t>(hw)};
  std::vector<std::uint8_t> flag(hw);

  RelayResult res;
  res.data_lanes = cfg.data_lanes;
  res.ecc_lanes = cfg.ecc_lanes;
  res.groups = cfg.groups;
  res.spare_channels = cfg.physical_channels - cfg.active_lanes();
  res.host_fec = host_fec->name();
  res.swap_threshold_errors = rx.swap_threshold();

  // Link-up: every channel carries the training pattern; the receiver locks and counts errors.
  const int training = options.train ? std::max(2, cfg.training_periods) : 0;
  for (int n = 0; n < training; ++n) {
    tx.train(wire_tx);
    channels.process(wire_tx, wire_rx);
    rx.process(wire_rx, out);
  }
  LaneMap map = options.train ? choose_lane_map(cfg, rx.training()) : identity_lane_map(cfg);
  res.mapped_out = map.mapped_out;
  res.mapped_out_why = map.mapped_out_why;
  if (options.train)
    res.mapout_threshold_errors =
        cfg.mapout_threshold(std::uint64_t(training - 1) * cfg.payload_bits());
  tx.set_lane_map(map);
  rx.set_lane_map(map, training);

  const std::int64_t data_periods = static_cast<std::int64_t>(
      (options.host_bits + cfg.host_bits_per_period() - 1) / cfg.host_bits_per_period());
  if (options.random_deaths > 0) {
    std::vector<int> pool;
    for (int c : map.channel_of_slot)
      if (c >= 0 && rx.training()[c].locked) pool.push_back(c);
    std::sort(pool.begin(), pool.end());
    if (options.random_deaths > static_cast<int>(pool.size()))
      throw ConfigError("fail_random", std::to_string(options.random_deaths),
                        "0.." + std::to_string(pool.size()) + " (channels in service)");
    const double from = training * cfg.period_s();
    const double to = std::max(
        from, double(training + data_periods - cfg.swap_lead_periods - 2) * cfg.period_s());
    Rng rng(spec.seed, RngPurpose::kLinkFaults, 0xFA11);
    const int n = static_cast<int>(pool.size());
    for (int i = 0; i < options.random_deaths; ++i) {
      std::swap(pool[i], pool[i + rng.next_u32() % (n - i)]);
      const ChannelFailure f{pool[i], from + rng.uniform() * (to - from), FailureMode::kDead};
      channels.add_failure(f);
      res.injected.push_back(f);
    }
  }
  const double data_bits_per_period = double(cfg.payload_bits()) * cfg.data_lanes;
  struct InFlight {
    std::int64_t deliver;
    SwapMessage message;
  };
  std::deque<InFlight> reverse;
  FecTally fec(*host_fec, cfg.frame_bits);
  for (std::int64_t i = 0; i <= data_periods; ++i) {
    if (options.progress && i % 256 == 0) {
      const double bits = static_cast<double>(i) * cfg.host_bits_per_period();
      options.progress->update(static_cast<double>(i) / (data_periods + 1),
                               fmt::format("{:.3g} host bits", bits));
    }
    const std::int64_t n = training + i;
    while (!reverse.empty() && reverse.front().deliver <= n) {
      tx.receive(reverse.front().message);
      reverse.pop_front();
    }
    auto& host = in[i % 2];
    if (i == data_periods) {
      std::fill(host.begin(), host.end(), 0);  // flushes the last data period out
    } else if (options.source) {
      options.source(i, host);
    } else {
      Rng rng(spec.seed, RngPurpose::kLinkPayload, 0, static_cast<std::uint64_t>(i));
      for (auto& w : host) w = rng.next_u64();
    }
    tx.process(host, wire_tx);
    channels.process(wire_tx, wire_rx);
    if (rx.process(wire_rx, out)) {
      const std::int64_t j = rx.last().period - training;
      const auto& sent = in[j % 2];
      std::uint64_t errors = 0;
      for (std::size_t w = 0; w < hw; ++w) {
        err[w] = out[w] ^ sent[w];
        errors += std::popcount(err[w]);
      }
      const auto& rep = rx.last();
      std::fill(flag.begin(), flag.end(), rep.all_rows_flagged ? 1 : 0);
      for (int k : rep.ecc.uncorrectable_rows)
        std::fill_n(flag.begin() + std::size_t(k) * cfg.data_lanes, cfg.data_lanes, 1);
      res.flagged_rows +=
          rep.all_rows_flagged ? cfg.payload_words() : rep.ecc.uncorrectable_rows.size();
      res.bit_errors += errors;
      res.ecc_corrected_bits += rep.ecc.corrected_bits;
      res.ecc_uncorrectable_bit_times += rep.ecc.uncorrectable_bit_times;
      const std::uint64_t lost = fec.add(err, flag);

      const auto [state, why] = period_state(rep, lost > 0, cfg);
      res.state_reasons |= why;
      res.worst_state = worse(res.worst_state, state);
      res.link_state = state;
      res.periods_degraded += state == LinkState::kDegraded;
      res.periods_down += state == LinkState::kDown;
      ++res.periods;
      if (options.sink) options.sink(j, out);
    }
    for (const auto& m : rx.take_requests()) reverse.push_back({n + 1, m});
  }
  res.bits_in = res.bits_out =
      static_cast<std::uint64_t>(data_periods) * cfg.host_bits_per_period();
  res.bit_exact = res.bit_errors == 0;
  res.post_ecc_ber = res.bits_out ? double(res.bit_errors) / double(res.bits_out) : 0.0;
  res.fec = fec.outcome(res.bits_out);
  res.silent_corruption = res.fec.silent > 0;
  res.swaps = rx.swaps();
  res.locks = rx.locks();
  res.spares_exhausted = rx.exhausted();
  res.corrected_per_channel = rx.corrected_per_channel();
  res.simulated_s = double(training + data_periods + 1) * cfg.period_s();

  // Steady-state prediction from the channels' BERs under the final lane map: failed channels
  // still in service are erased lanes.
  std::vector<double> slot_ber(cfg.row_slots(), 0.0);
  std::vector<std::uint8_t> erased(cfg.row_slots(), 0);
  std::vector<std::uint8_t> broken(cfg.physical_channels, 0);
  for (int c : options.faults.dead_channels) broken[c] = 1;
  for (const auto& f : channels.plan().failures)
    if (f.time_s < res.simulated_s) broken[f.channel] = 1;
  const auto& final_map = rx.channel_of_slot();
  for (int s : cfg.active_slots) {
    const int c = final_map[s];
    erased[s] = c < 0 || broken[c];
    slot_ber[s] = erased[s] ? 0.5 : options.faults.ber_of(c);
  }
  const EccPrediction ecc = predict_ecc(cfg, slot_ber, erased);
  const double bit_times = double(data_periods) * double(cfg.payload_bits());
  res.predicted.corrected_bits = ecc.corrected_bits * bit_times;
  res.predicted.flagged_bit_times = ecc.flagged_bit_times * bit_times;
  res.predicted.post_ecc_ber = ecc.post_ecc_ber;
  res.analytic = analytic_host_fec(cfg, ecc.lane_ber, *host_fec);
  // "Would lose codewords": at least one a second at the host rate, by the prediction.
  const double codewords_per_s =
      data_bits_per_period / cfg.period_s() / double(host_fec->codeword_bits());
  res.predicted.down = res.analytic.codeword_error_ratio * codewords_per_s >= 1.0;
  if (res.predicted.down) {
    res.link_state = LinkState::kDown;
    res.worst_state = LinkState::kDown;
    res.state_reasons |= kReasonCodewordsLost;
  }
  res.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

std::vector<std::uint64_t> relay_words(const LinkSpec& spec, std::span<const std::uint64_t> in,
                                       const FaultPlan& faults, RelayResult* result) {
  const LinkConfig cfg = LinkConfig::from_spec(spec);
  const std::size_t hw = cfg.host_words_per_period();
  std::vector<std::uint64_t> out(in.size());
  RelayOptions opt;
  opt.faults = faults;
  opt.host_bits = std::max<std::uint64_t>(1, in.size() * 64);
  opt.source = [&](std::int64_t i, std::span<std::uint64_t> words) {
    for (std::size_t w = 0; w < hw; ++w) {
      const std::size_t at = std::size_t(i) * hw + w;
      words[w] = at < in.size() ? in[at] : 0;
    }
  };
  opt.sink = [&](std::int64_t i, std::span<const std::uint64_t> words) {
    for (std::size_t w = 0; w < hw; ++w) {
      const std::size_t at = std::size_t(i) * hw + w;
      if (at < out.size()) out[at] = words[w];
    }
  };
  RelayResult r = run_relay(spec, opt);
  if (result) *result = std::move(r);
  return out;
}

}  // namespace mosaic::link
