#include "mosaic/link/session.hpp"

#include <algorithm>

#include "mosaic/link/period_state.hpp"

namespace mosaic::link {

Session::Session(const LinkConfig& config, FaultPlan faults, std::uint64_t seed, LinkUp link_up)
    : config_(config),
      host_fec_(make_host_fec(config_.host_fec)),
      tx_(config_),
      channels_(config_, std::move(faults), seed),
      rx_(config_) {
  const std::size_t hw = config_.host_words_per_period();
  out_.assign(hw, 0);
  sent_[0].assign(hw, 0);
  sent_[1].assign(hw, 0);
  flag_.assign(hw, 0);
  stats_.host_fec = host_fec_->name();
  stats_.host_fec_t = host_fec_->correctable();
  stats_.channel_counters.assign(std::size_t(config_.physical_channels), {});
  stats_.period_s = config_.period_s();
  stats_.swap_threshold_errors = rx_.swap_threshold();
  bring_up(link_up);
}

void Session::bring_up(LinkUp link_up) {
  const bool train = link_up == LinkUp::kTrain;
  // Every channel carries the training pattern; the receiver locks and counts errors. The first
  // period only locks, so at least two are run.
  training_ = train ? std::max(2, config_.training_periods) : 0;
  for (int n = 0; n < training_; ++n) {
    tx_.train(channels_.next_input());
    channels_.process_written(rx_.next_wire());
    rx_.process_written(out_);
  }
  const LaneMap map = train ? choose_lane_map(config_, rx_.training()) : identity_lane_map(config_);
  lane_channels_ = map.channel_of_slot;
  stats_.mapped_out = map.mapped_out;
  stats_.mapped_out_why = map.mapped_out_why;
  if (train)
    stats_.mapout_threshold_errors =
        config_.mapout_threshold(std::uint64_t(training_ - 1) * config_.payload_bits());
  tx_.set_lane_map(map);
  rx_.set_lane_map(map, training_);
  // The receiver's spares: channels that passed training and carry no lane.
  stats_.spares_left = std::max(0, config_.physical_channels - config_.active_lanes() -
                                       static_cast<int>(map.mapped_out.size()));
  count_events(0, 0);
  stats_.locks = rx_.locks();
  stats_.corrected_per_channel = rx_.corrected_per_channel();
  stats_.link_up_s = double(training_) * config_.period_s();
  update_channels(false);
}

void Session::count_events(std::size_t swaps_seen, std::size_t locks_seen) {
  auto& counters = stats_.channel_counters;
  for (std::size_t i = swaps_seen; i < rx_.swaps().size(); ++i) {
    ++counters[std::size_t(rx_.swaps()[i].from_channel)].swapped_out;
    ++counters[std::size_t(rx_.swaps()[i].to_channel)].swapped_in;
  }
  // A port that lost lock reads no identity; it is the channel the model routes to that port.
  const auto& perm = channels_.permutation();
  for (std::size_t i = locks_seen; i < rx_.locks().size(); ++i) {
    const LockEvent& e = rx_.locks()[i];
    const int c = e.channel >= 0 ? e.channel : perm[std::size_t(e.port)];
    ++(e.locked ? counters[std::size_t(c)].locks_gained : counters[std::size_t(c)].locks_lost);
  }
}

void Session::update_channels(bool decoded) {
  auto& counters = stats_.channel_counters;
  const auto& injected = channels_.injected_errors();
  const auto& corrected = rx_.corrected_per_channel();
  for (std::size_t c = 0; c < counters.size(); ++c) {
    counters[c].bit_errors_injected = injected[c];
    counters[c].ecc_corrected_bits = corrected[c];
    counters[c].lane = -1;
  }
  const auto& map = rx_.channel_of_slot();
  for (int s : config_.active_slots) {
    const int c = map[std::size_t(s)];
    if (c < 0) continue;
    counters[std::size_t(c)].lane = s;
    if (!decoded) continue;
    counters[std::size_t(c)].bits_carried += config_.payload_bits();
    ++counters[std::size_t(c)].periods_carrying;
  }
}

void Timeline::add(LinkState state, std::uint64_t corrected_bits, std::uint64_t codewords_lost) {
  if (bins.empty() || bins.back().periods == periods_per_bin) {
    if (bins.size() == kMaxBins) {
      for (std::size_t i = 0; i < kMaxBins / 2; ++i) {
        Bin& to = bins[i];
        const Bin& a = bins[2 * i];
        const Bin& b = bins[2 * i + 1];
        to = {a.first_period,
              a.periods + b.periods,
              a.periods_degraded + b.periods_degraded,
              a.periods_down + b.periods_down,
              std::max(a.worst, b.worst),
              a.ecc_corrected_bits + b.ecc_corrected_bits,
              a.codewords_lost + b.codewords_lost};
      }
      bins.resize(kMaxBins / 2);
      periods_per_bin *= 2;
    }
    if (bins.empty() || bins.back().periods == periods_per_bin) {
      const std::int64_t first = bins.empty() ? 0 : bins.back().first_period + bins.back().periods;
      bins.push_back({});
      bins.back().first_period = first;
    }
  }
  Bin& bin = bins.back();
  ++bin.periods;
  bin.periods_degraded += state == LinkState::kDegraded;
  bin.periods_down += state == LinkState::kDown;
  bin.worst = std::max(bin.worst, state);
  bin.ecc_corrected_bits += corrected_bits;
  bin.codewords_lost += codewords_lost;
}

void Session::step(std::span<const std::uint64_t> host, const HostEnd& host_end) {
  const auto in = host_in();
  std::copy(host.begin(), host.begin() + std::ptrdiff_t(in.size()), in.begin());
  step(host_end);
}

void Session::step(const HostEnd& host_end) {
  const std::int64_t n = period();
  while (!reverse_.empty() && reverse_.front().deliver <= n) {
    tx_.receive(reverse_.front().message);
    reverse_.pop_front();
  }
  const double start_s = double(n) * config_.period_s();
  while (!pending_ber_.empty() && pending_ber_.front().time_s <= start_s) {
    apply_ber(pending_ber_.front());
    pending_ber_.erase(pending_ber_.begin());
  }
  // A clean period decoded after a clean one, with nothing in either end waiting to change,
  // comes out as it went in: its bits need not be run (see set_skip_clean_periods).
  const bool transparent = channels_.transparent();
  const bool clean = skip_clean_ && transparent && channels_.clean_period();
  const bool skip = clean && previous_clean_ && tx_.settled() && reverse_.empty() &&
                    rx_.clean_ready() && n > training_;
  if (!skip) add_carried();
  if (skipped_previous_ && !skip) {
    // The receiver decodes the period before from its wire: write it after all, as it was sent.
    const std::int64_t j = n - 1 - training_;
    tx_.redo_previous(sent_[j % 2], rx_.previous_wire_to_redo());
  }
  previous_clean_ = clean;
  skipped_previous_ = skip;
  bool decoded = true;
  if (skip) {
    tx_.skip_period();
    channels_.skip_clean_period();
    rx_.process_clean();
    ++periods_skipped_;
  } else if (transparent) {
    // Straight onto the receiver's wire, the channels' errors added there.
    const auto wire = rx_.next_wire();
    tx_.process(host_in(), wire);
    channels_.impair_in_place(wire);
    decoded = rx_.process_written(out_);
  } else {
    if (channels_.needs_previous()) channels_.restore_previous(rx_.previous_wire());
    tx_.process(host_in(), channels_.next_input());  // written where the channels read it
    channels_.process_written(rx_.next_wire());
    decoded = rx_.process_written(out_);
  }
  if (decoded) {
    const RxPeriodReport& rep = rx_.last();
    const std::int64_t j = rep.period - training_;
    const std::size_t lanes = std::size_t(config_.data_lanes);
    // The flags of the period before are cleared only when it had any.
    if (rep.all_rows_flagged || flag_set_)
      std::fill(flag_.begin(), flag_.end(), rep.all_rows_flagged ? 1 : 0);
    flag_set_ = rep.all_rows_flagged || !rep.ecc.uncorrectable_rows.empty();
    for (int k : rep.ecc.uncorrectable_rows)
      std::fill_n(flag_.begin() + std::ptrdiff_t(std::size_t(k) * lanes), lanes, 1);
    HostFecOutcome fec;
    // A skipped period's words out are the words sent.
    if (host_end)
      fec = host_end({j, skip ? sent_[j % 2] : out_, sent_[j % 2], flag_, flag_set_, &rep});
    account(rep, fec);
  }
  for (const auto& m : rx_.take_requests()) reverse_.push_back({n + 1, m});

  // Events only ever grow: append what this period added.
  const auto append = [](auto& to, const auto& from) {
    to.insert(to.end(), from.begin() + std::ptrdiff_t(to.size()), from.end());
  };
  stats_.spares_left -= static_cast<int>(rx_.swaps().size() - stats_.swaps.size());
  count_events(stats_.swaps.size(), stats_.locks.size());
  append(stats_.swaps, rx_.swaps());
  append(stats_.locks, rx_.locks());
  append(stats_.spares_exhausted, rx_.exhausted());
  if (skip) {
    ++carried_unadded_;  // update_channels(true) for a period that changed no counter
    return;
  }
  stats_.corrected_per_channel = rx_.corrected_per_channel();
  update_channels(decoded);
}

void Session::add_carried() const {
  if (carried_unadded_ == 0) return;
  auto& counters = stats_.channel_counters;
  const auto& map = rx_.channel_of_slot();
  const std::uint64_t periods = std::uint64_t(carried_unadded_);
  for (int s : config_.active_slots) {
    const int c = map[std::size_t(s)];
    if (c < 0) continue;
    counters[std::size_t(c)].bits_carried += config_.payload_bits() * periods;
    counters[std::size_t(c)].periods_carrying += carried_unadded_;
  }
  carried_unadded_ = 0;
}

void Session::account(const RxPeriodReport& rep, const HostFecOutcome& fec) {
  SessionStats& s = stats_;
  s.flagged_rows +=
      rep.all_rows_flagged ? config_.payload_words() : rep.ecc.uncorrectable_rows.size();
  s.ecc_corrected_bits += rep.ecc.corrected_bits;
  s.ecc_uncorrectable_bit_times += rep.ecc.uncorrectable_bit_times;
  s.fec += fec;
  const auto [state, why] = period_state(rep, fec.lost() > 0, config_);
  s.state_reasons |= why;
  s.worst_state = std::max(s.worst_state, state);
  s.link_state = state;
  s.periods_degraded += state == LinkState::kDegraded;
  s.periods_down += state == LinkState::kDown;
  ++s.periods;
  s.timeline.add(state, rep.ecc.corrected_bits, fec.lost());
}

double Session::now_s() const {
  // Half a UI before the next period starts, so that the model's rounding up to a whole bit lands
  // on the period's first bit.
  const double bits = double(period()) * config_.words_per_period * 64.0;
  return (bits - 0.5) / (config_.line_rate_gbps * 1e9);
}

void Session::schedule(const FaultEvent& e) {
  switch (e.kind) {
    case FaultKind::kDeath:
      channels_.add_failure({e.channel, e.time_s, FailureMode::kDead});
      break;
    case FaultKind::kSkew:
      channels_.mutable_plan().skew_steps.push_back({e.channel, e.time_s, e.value});
      break;
    case FaultKind::kBer:
      if (e.time_s <= double(period()) * config_.period_s()) {
        apply_ber(e);
        break;
      }
      pending_ber_.insert(std::upper_bound(pending_ber_.begin(), pending_ber_.end(), e,
                                           [](const FaultEvent& a, const FaultEvent& b) {
                                             return a.time_s < b.time_s;
                                           }),
                          e);
      break;
  }
}

void Session::inject(FaultEvent event) {
  event.time_s = now_s();
  schedule(event);
}

void Session::apply_ber(const FaultEvent& e) {
  FaultPlan& plan = channels_.mutable_plan();
  if (e.channel < 0) {
    plan.background_ber = e.value;
    plan.channel_ber.clear();
    return;
  }
  if (plan.channel_ber.empty())
    plan.channel_ber.assign(config_.physical_channels, plan.background_ber);
  plan.channel_ber[e.channel] = e.value;
}

std::vector<int> Session::channels_in_service() const {
  std::vector<int> pool;
  for (int c : lane_channels_)
    if (c >= 0 && rx_.training()[c].locked) pool.push_back(c);
  std::sort(pool.begin(), pool.end());
  return pool;
}

}  // namespace mosaic::link
