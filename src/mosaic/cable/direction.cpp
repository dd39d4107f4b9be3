#include "mosaic/cable/direction.hpp"

#include <algorithm>

namespace mosaic::cable {

CableDirection::CableDirection(const LinkSpec& spec, link::FaultPlan faults, std::uint64_t seed)
    : session_(link::LinkConfig::from_spec(spec), std::move(faults), seed),
      encoder_(session_.host_fec(), &sent_log_),
      decoder_(session_.host_fec(), &sent_log_) {
  failed_.assign(config().physical_channels, 0);
  for (int c : session_.channels().plan().dead_channels) failed_[c] = 1;
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
  return encoder_.pending_bytes() < encoder_.capacity(config().host_words_per_period());
}

void CableDirection::step(const FrameSink& sink) {
  encoder_.fill(session_.host_in());
  session_.step([&](const link::DeliveredPeriod& p) {
    return decoder_.process(p.words, p.sent, p.flagged, sink);
  });
  stats_.decoder = decoder_.counters();
}

void CableDirection::inject(const link::FaultEvent& event) {
  if (event.kind == link::FaultKind::kDeath) {
    if (failed_[event.channel]) return;
    failed_[event.channel] = 1;
    ++stats_.channels_failed;
  }
  session_.inject(event);
}

std::vector<int> CableDirection::active_channels() const {
  std::vector<int> out;
  for (int s : config().active_slots) out.push_back(session_.receiver().channel_of_slot()[s]);
  std::sort(out.begin(), out.end());
  return out;
}

DirectionStats CableDirection::stats() const {
  DirectionStats s = stats_;
  s.link = session_.stats();
  return s;
}

}  // namespace mosaic::cable
