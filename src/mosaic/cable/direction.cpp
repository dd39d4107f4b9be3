#include "mosaic/cable/direction.hpp"

#include <algorithm>

namespace mosaic::cable {

CableDirection::CableDirection(const LinkSpec& spec, link::FaultPlan faults, std::uint64_t seed)
    : session_(link::LinkConfig::from_spec(spec), std::move(faults), seed),
      encoder_(session_.host_fec(), &sent_log_),
      decoder_(session_.host_fec(), &sent_log_) {
  session_.set_skip_clean_periods(true);
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

void CableDirection::step(const FrameSink& sink, std::int64_t now_ns, std::int64_t step_ns) {
  if (now_ns >= 0 && codel_.enabled()) {
    for (const SentFrame* f; (f = encoder_.oldest_queued()) != nullptr;) {
      if (!codel_.drop(now_ns, now_ns - f->ingress_ns, encoder_.pending_bytes(), step_ns)) break;
      encoder_.drop_oldest_queued();
      ++stats_.frames_shed;
    }
  }
  // The session's two host buffers take turns; each remembers where its non-zero bytes end.
  std::size_t& in_end = nonzero_end_[session_.data_period() % 2];
  in_end = encoder_.fill(session_.host_in(), in_end);
  session_.step([&](const link::DeliveredPeriod& p) {
    return decoder_.process(p.words, p.sent,
                            p.any_flagged ? p.flagged : std::span<const std::uint8_t>{}, sink,
                            nonzero_end_[p.index % 2]);
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
  s.periods_skipped = session_.periods_skipped();
  return s;
}

}  // namespace mosaic::cable
