#include "mosaic/link/relay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>

#include "mosaic/core/rng.hpp"
#include "mosaic/link/ecc_model.hpp"
#include "mosaic/link/kernels.hpp"

namespace mosaic::link {
namespace {

// Host FEC bookkeeping over the error pattern, codeword by codeword across periods. Codewords are
// codeword_bits() consecutive host bits from the start of the stream, whatever their alignment to
// 64-bit words; only words with errors or flags are looked at.
class FecTally {
 public:
  FecTally(const HostFec& fec, int frame_bits)
      : fec_(&fec), cw_bits_(std::uint64_t(fec.codeword_bits())), frame_bits_(frame_bits) {}

  // Adds the next words of the stream; returns the outcome of the codewords they complete.
  HostFecOutcome add(std::span<const std::uint64_t> err, std::span<const std::uint8_t> flag) {
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
    HostFecOutcome done = done_;
    done_ = {};
    return done;
  }

  std::uint64_t frames_lost() const { return frames_lost_; }

 private:
  // Completes every codeword before c (the current one with what was gathered, later ones clean).
  void advance_to(std::uint64_t c) {
    if (c <= current_) return;
    finish();
    done_.codewords += c - current_ - 1;
    done_.clean += c - current_ - 1;
    done_.count_symbol_errors(0, c - current_ - 1);
    current_ = c;
  }
  void finish() {
    ++done_.codewords;
    if (flagged_) ++done_.link_flagged;
    std::erase_if(symbols_, [](const SymbolError& e) { return e.value == 0; });
    done_.count_symbol_errors(symbols_.size());
    const FecVerdict v = fec_->judge(symbols_);
    if (v == FecVerdict::kClean) ++done_.clean;
    if (v == FecVerdict::kCorrected) ++done_.corrected;
    if (v == FecVerdict::kUncorrectable) ++done_.uncorrectable;
    if (v == FecVerdict::kMiscorrected) {
      ++done_.miscorrected;
      if (!flagged_) ++done_.silent;
    }
    if (v == FecVerdict::kUncorrectable || v == FecVerdict::kMiscorrected) {
      const std::uint64_t f0 = current_ * cw_bits_ / frame_bits_;
      const std::uint64_t f1 = (current_ * cw_bits_ + cw_bits_ - 1) / frame_bits_;
      for (std::uint64_t f = std::max(f0, next_frame_); f <= f1; ++f) ++frames_lost_;
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
  std::uint64_t frames_lost_ = 0;
  HostFecOutcome done_;  // codewords completed since the last add() returned
};

}  // namespace

RelayResult run_relay(const LinkSpec& spec, const RelayOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  Session session(LinkConfig::from_spec(spec), options.faults, spec.seed,
                  options.train ? Session::LinkUp::kTrain : Session::LinkUp::kIdentity);
  const LinkConfig& cfg = session.config();
  const HostFec& host_fec = session.host_fec();
  const std::size_t hw = cfg.host_words_per_period();
  const int training = session.training_periods();

  RelayResult res;
  res.data_lanes = cfg.data_lanes;
  res.ecc_lanes = cfg.ecc_lanes;
  res.groups = cfg.groups;
  res.spare_channels = cfg.physical_channels - cfg.active_lanes();

  const std::int64_t data_periods = static_cast<std::int64_t>(
      (options.host_bits + cfg.host_bits_per_period() - 1) / cfg.host_bits_per_period());
  if (options.random_deaths > 0) {
    // After link-up, and early enough for the last swap to complete within the run.
    const double from = training * cfg.period_s();
    const double to = std::max(
        from, double(training + data_periods - cfg.swap_lead_periods - 2) * cfg.period_s());
    res.injected = draw_random_deaths(spec.seed, session.channels_in_service(),
                                      options.random_deaths, from, to);
    for (const auto& death : res.injected) session.schedule(death);
  }

  FecTally fec(host_fec, cfg.frame_bits);
  std::vector<std::uint64_t> err(hw);
  const HostEnd host_end = [&](const DeliveredPeriod& p) {
    for (std::size_t w = 0; w < hw; ++w) err[w] = p.words[w] ^ p.sent[w];
    const std::uint64_t errors = count_ones(err);
    res.bit_errors += errors;
    if (options.sink) options.sink(p.index, p.words);
    return fec.add(err, p.flagged);
  };
  for (std::int64_t i = 0; i <= data_periods; ++i) {
    if (options.progress && i % 256 == 0) {
      const double bits = static_cast<double>(i) * cfg.host_bits_per_period();
      options.progress->update(static_cast<double>(i) / (data_periods + 1),
                               fmt::format("{:.3g} host bits", bits));
    }
    const auto host = session.host_in();
    if (i == data_periods) {
      std::fill(host.begin(), host.end(), 0);  // flushes the last data period out
    } else if (options.source) {
      options.source(i, host);
    } else {
      Rng rng(spec.seed, RngPurpose::kLinkPayload, 0, static_cast<std::uint64_t>(i));
      for (auto& w : host) w = rng.next_u64();
    }
    session.step(host_end);
  }
  static_cast<SessionStats&>(res) = session.stats();
  res.bits_in = res.bits_out =
      static_cast<std::uint64_t>(data_periods) * cfg.host_bits_per_period();
  res.bit_exact = res.bit_errors == 0;
  res.post_ecc_ber = res.bits_out ? double(res.bit_errors) / double(res.bits_out) : 0.0;
  res.frames = res.bits_out / std::uint64_t(cfg.frame_bits);
  res.frames_lost = fec.frames_lost();
  res.frame_loss_ratio = res.frames ? double(res.frames_lost) / double(res.frames) : 0.0;
  res.silent_corruption = res.fec.silent > 0;
  res.simulated_s = double(training + data_periods + 1) * cfg.period_s();

  // Steady-state prediction from the channels' BERs under the final lane map: failed channels
  // still in service are erased lanes.
  std::vector<double> slot_ber(cfg.row_slots(), 0.0);
  std::vector<std::uint8_t> erased(cfg.row_slots(), 0);
  std::vector<std::uint8_t> broken(cfg.physical_channels, 0);
  for (int c : options.faults.dead_channels) broken[c] = 1;
  for (const auto& f : session.channels().plan().failures)
    if (f.time_s < res.simulated_s) broken[f.channel] = 1;
  const auto& final_map = session.receiver().channel_of_slot();
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
  res.analytic = analytic_host_fec(cfg, ecc.lane_ber, host_fec);
  // "Would lose codewords": at least one a second at the host rate, by the prediction.
  const double data_bits_per_period = double(cfg.payload_bits()) * cfg.data_lanes;
  const double codewords_per_s =
      data_bits_per_period / cfg.period_s() / double(host_fec.codeword_bits());
  res.predicted.down = res.analytic.codeword_error_ratio * codewords_per_s >= 1.0;
  if (res.predicted.down) {
    res.link_state = LinkState::kDown;
    res.worst_state = LinkState::kDown;
    res.state_reasons |= kReasonCodewordsLost;
  }
  for (std::size_t c = 0; c < options.faults.skew_ui.size(); ++c)
    if (std::lround(options.faults.skew_ui[c]) > cfg.max_skew_bits)
      res.beyond_deskew.push_back(static_cast<int>(c));
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
