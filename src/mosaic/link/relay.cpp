#include "mosaic/link/relay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <deque>

#include "mosaic/core/rng.hpp"
#include "mosaic/link/receiver.hpp"
#include "mosaic/link/transmitter.hpp"

namespace mosaic::link {
namespace {

// Host FEC bookkeeping over the error pattern, codeword by codeword across periods.
class FecTally {
 public:
  explicit FecTally(int frame_bits) : frame_bits_(frame_bits) {}

  void add(std::span<const std::uint64_t> err, std::span<const std::uint8_t> flag) {
    for (std::size_t p = 0; p < err.size();) {
      const std::size_t take = std::min<std::size_t>(Rs544::kCodewordWords - fill_, err.size() - p);
      for (std::size_t i = 0; i < take; ++i) {
        buf_[fill_ + i] = err[p + i];
        nonzero_ |= err[p + i] != 0;
        flagged_ |= flag[p + i] != 0;
      }
      fill_ += take;
      p += take;
      if (fill_ == Rs544::kCodewordWords) finish();
    }
  }
  HostFecOutcome outcome(std::uint64_t bits) {
    out_.frames = bits / frame_bits_;
    out_.codeword_error_ratio =
        out_.codewords ? double(out_.uncorrectable + out_.miscorrected) / out_.codewords : 0.0;
    out_.frame_loss_ratio = out_.frames ? double(out_.frames_lost) / out_.frames : 0.0;
    return out_;
  }

 private:
  void finish() {
    const std::uint64_t c = out_.codewords++;
    if (flagged_) ++out_.link_flagged;
    if (!nonzero_) {
      ++out_.clean;
    } else {
      std::uint16_t sym[Rs544::kN];
      unpack_symbols(buf_, sym);
      const int r = rs_.decode(sym);
      bool bad = true;
      if (r < 0) {
        ++out_.uncorrectable;
      } else if (std::all_of(sym, sym + Rs544::kN, [](std::uint16_t v) { return v == 0; })) {
        ++out_.corrected;
        bad = false;
      } else {
        ++out_.miscorrected;
        if (!flagged_) ++out_.silent;
      }
      if (bad) {
        const std::uint64_t f0 = c * Rs544::kCodewordBits / frame_bits_;
        const std::uint64_t f1 =
            (c * Rs544::kCodewordBits + Rs544::kCodewordBits - 1) / frame_bits_;
        for (std::uint64_t f = std::max(f0, next_frame_); f <= f1; ++f) ++out_.frames_lost;
        next_frame_ = std::max(next_frame_, f1 + 1);
      }
    }
    fill_ = 0;
    nonzero_ = flagged_ = false;
  }

  int frame_bits_;
  Rs544 rs_;
  std::uint64_t buf_[Rs544::kCodewordWords] = {};
  std::size_t fill_ = 0;
  bool nonzero_ = false, flagged_ = false;
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

  // Link-up: every channel carries the training pattern; the receiver locks and counts errors.
  const int training = options.train ? std::max(2, cfg.training_periods) : 0;
  for (int n = 0; n < training; ++n) {
    tx.train(wire_tx);
    channels.process(wire_tx, wire_rx);
    rx.process(wire_rx, out);
  }
  LaneMap map = options.train ? choose_lane_map(cfg, rx.training()) : identity_lane_map(cfg);
  res.mapped_out = map.mapped_out;
  tx.set_lane_map(map);
  rx.set_lane_map(map, training);

  const std::int64_t data_periods = static_cast<std::int64_t>(
      (options.host_bits + cfg.host_bits_per_period() - 1) / cfg.host_bits_per_period());
  struct InFlight {
    std::int64_t deliver;
    SwapMessage message;
  };
  std::deque<InFlight> reverse;
  FecTally fec(cfg.frame_bits);
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
      res.worst_state = worse(res.worst_state, rep.state);
      res.link_state = rep.state;
      res.periods_degraded += rep.state == LinkState::kDegraded;
      res.periods_down += rep.state == LinkState::kDown;
      ++res.periods;
      fec.add(err, flag);
      if (options.sink) options.sink(j, out);
    }
    for (const auto& m : rx.take_requests()) reverse.push_back({n + 1, m});
  }
  res.bits_in = res.bits_out =
      static_cast<std::uint64_t>(data_periods) * cfg.host_bits_per_period();
  res.bit_exact = res.bit_errors == 0;
  res.fec = fec.outcome(res.bits_out);
  res.silent_corruption = res.fec.silent > 0;
  res.swaps = rx.swaps();
  res.locks = rx.locks();
  res.spares_exhausted = rx.exhausted();
  res.corrected_per_channel = rx.corrected_per_channel();
  res.simulated_s = double(training + data_periods + 1) * cfg.period_s();

  // Steady-state prediction from the channels' BERs under the final lane map.
  std::vector<double> slot_ber(cfg.row_slots(), 0.0);
  std::vector<std::uint8_t> broken(cfg.physical_channels, 0);
  for (int c : options.faults.dead_channels) broken[c] = 1;
  for (const auto& f : options.faults.failures)
    if (f.time_s < res.simulated_s) broken[f.channel] = 1;
  const auto& final_map = rx.channel_of_slot();
  for (int s : cfg.active_slots) {
    const int c = final_map[s];
    slot_ber[s] = c < 0 || broken[c] ? 0.5 : options.faults.ber_of(c);
  }
  res.analytic = analytic_host_fec(cfg, post_ecc_lane_ber(cfg, slot_ber));
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
