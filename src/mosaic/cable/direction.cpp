#include "mosaic/cable/direction.hpp"

#include <algorithm>

#include "mosaic/link/period_state.hpp"

namespace mosaic::cable {

CableDirection::CableDirection(const LinkSpec& spec, link::FaultPlan faults, std::uint64_t seed)
    : config_(std::make_unique<link::LinkConfig>(link::LinkConfig::from_spec(spec))),
      tx_(*config_),
      channels_(*config_, std::move(faults), seed),
      rx_(*config_),
      encoder_(&sent_log_),
      decoder_(&sent_log_) {
  const link::LinkConfig& cfg = *config_;
  const std::size_t hw = cfg.host_words_per_period();
  wire_tx_.assign(std::size_t(cfg.words_per_period) * cfg.physical_channels, 0);
  wire_rx_ = wire_tx_;
  out_.assign(hw, 0);
  sent_[0].assign(hw, 0);
  sent_[1].assign(hw, 0);
  failed_.assign(cfg.physical_channels, 0);
  for (int c : channels_.plan().dead_channels) failed_[c] = 1;

  // Link-up as in link::run_relay: training pattern everywhere, then the lane map.
  training_ = std::max(2, cfg.training_periods);
  for (int n = 0; n < training_; ++n) {
    tx_.train(wire_tx_);
    channels_.process(wire_tx_, wire_rx_);
    rx_.process(wire_rx_, out_);
  }
  const link::LaneMap map = link::choose_lane_map(cfg, rx_.training());
  tx_.set_lane_map(map);
  rx_.set_lane_map(map, training_);
  int locked = 0;
  for (const auto& t : rx_.training()) locked += t.locked;
  stats_.spares_left = std::max(0, locked - cfg.active_lanes());
}

bool CableDirection::push(std::span<const std::uint8_t> frame, std::int64_t ingress_ns) {
  if (!encoder_.push(frame, ingress_ns)) {
    ++stats_.frames_rejected;
    return false;
  }
  ++stats_.frames_in;
  stats_.bytes_in += frame.size();
  return true;
}

bool CableDirection::has_room() const {
  return encoder_.pending_bytes() < encoder_.capacity(config_->host_words_per_period());
}

void CableDirection::step(const FrameSink& sink) {
  const std::int64_t n = channels_.periods_processed();
  while (!reverse_.empty() && reverse_.front().deliver <= n) {
    tx_.receive(reverse_.front().message);
    reverse_.pop_front();
  }
  const std::int64_t i = n - training_;
  auto& host = sent_[i % 2];
  encoder_.fill(host);
  tx_.process(host, wire_tx_);
  channels_.process(wire_tx_, wire_rx_);
  if (rx_.process(wire_rx_, out_)) {
    const std::int64_t j = rx_.last().period - training_;
    const auto lost_before = decoder_.counters().codewords_uncorrectable;
    decoder_.process(out_, sent_[j % 2], sink);
    const auto& rep = rx_.last();
    stats_.ecc_corrected_bits += rep.ecc.corrected_bits;
    stats_.ecc_uncorrectable_bit_times += rep.ecc.uncorrectable_bit_times;
    const bool lost = decoder_.counters().codewords_uncorrectable > lost_before;
    stats_.state = link::period_state(rep, lost, *config_).state;
    stats_.worst_state = std::max(stats_.worst_state, stats_.state);
  }
  for (const auto& m : rx_.take_requests()) reverse_.push_back({n + 1, m});
  ++stats_.periods;
  stats_.decoder = decoder_.counters();
  const auto swaps = rx_.swaps().size();
  stats_.spares_left -= static_cast<int>(swaps - stats_.swaps);
  stats_.swaps = swaps;
  stats_.spares_exhausted = rx_.exhausted().size();
}

double CableDirection::now_s() const {
  // Half a UI before the next period starts, so that the model's rounding up to a whole bit lands
  // on the period's first bit.
  const double bits = double(channels_.periods_processed()) * config_->words_per_period * 64.0;
  return (bits - 0.5) / (config_->line_rate_gbps * 1e9);
}

void CableDirection::kill(int channel) {
  if (failed_[channel]) return;
  failed_[channel] = 1;
  ++stats_.channels_failed;
  channels_.mutable_plan().failures.push_back({channel, now_s(), link::FailureMode::kDead});
}

void CableDirection::set_ber(double ber, int channel) {
  link::FaultPlan& plan = channels_.mutable_plan();
  if (channel < 0) {
    plan.background_ber = ber;
    plan.channel_ber.clear();
    return;
  }
  if (plan.channel_ber.empty())
    plan.channel_ber.assign(config_->physical_channels, plan.background_ber);
  plan.channel_ber[channel] = ber;
}

void CableDirection::set_skew(int channel, int skew_ui) {
  channels_.mutable_plan().skew_steps.push_back({channel, now_s(), double(skew_ui)});
}

std::vector<int> CableDirection::active_channels() const {
  std::vector<int> out;
  for (int s : config_->active_slots) out.push_back(rx_.channel_of_slot()[s]);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace mosaic::cable
