// The receiver's side of the spare-swap protocol: the management words of the markers (a swap's
// acknowledgement), the switch at the agreed boundary, and the decision to swap a lane.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "mosaic/link/receiver.hpp"

namespace mosaic::link {

void Receiver::read_management(std::int64_t m) {
  // Majority vote per message word over the channels carrying it.
  std::uint16_t word[3] = {};
  for (int part = 0; part < 3; ++part) {
    std::uint16_t cand = 0;
    int count = 0, total = 0;
    std::vector<std::uint16_t> seen;
    for (int q = 0; q < config_->physical_channels; ++q) {
      AlignmentMarker mk;
      if (!ports_[q].locked || ports_[q].channel % 3 != part) continue;
      if (!marker_ok(q, m, ports_[q].offset, ports_[q].channel, &mk)) continue;
      seen.push_back(mk.management);
      if (count == 0) cand = mk.management;
      count += mk.management == cand ? 1 : -1;
    }
    total = static_cast<int>(seen.size());
    const auto votes = std::count(seen.begin(), seen.end(), cand);
    if (total == 0 || 2 * votes <= total) return;
    word[part] = cand;
  }
  if (word[0] == AlignmentMarker::kIdleManagement || word[0] >= config_->row_slots()) return;
  Pending& pend = pending_[word[0]];
  if (pend.spare == word[1] && pend.boundary % AlignmentMarker::kSeqModulo == word[2])
    pend.acknowledged = true;
}

void Receiver::apply_swaps(std::int64_t m) {
  for (int s : config_->active_slots) {
    Pending& p = pending_[s];
    if (p.spare < 0 || p.boundary != m) continue;
    const int old = channel_of_slot_[s];
    if (old >= 0) slot_of_channel_[old] = -2;
    channel_of_slot_[s] = p.spare;
    slot_of_channel_[p.spare] = s;
    reserved_[p.spare] = 0;
    swaps_.push_back(
        SwapEvent{m, time_of(m), p.decided, s, old, p.spare, p.count, p.reason, p.acknowledged});
    suspect_[s] = 0;
    window_slot_[s] = 0;
    p = Pending{-1, 0, 0, 0, false, Verdict::kMarkersLost};
  }
}

void Receiver::decide_swaps(std::int64_t m) {
  for (int s : config_->active_slots) {
    // A lane is replaced when its channel has failed (lock or markers gone, no skew step to
    // follow) or when its corrected errors in this window put its BER above link.swap_ber with
    // link.swap_confidence; a few corrected errors are what a healthy lane shows at any BER up to
    // the KP4 limit and decide nothing.
    window_slot_[s] += corrected_slot_[s];
    const bool failed = failed_[s] != 0;
    if (!failed && window_slot_[s] < swap_threshold_) continue;
    if (pending_[s].spare >= 0 || suspect_[s]) continue;
    int best = -1;
    for (int c = 0; c < config_->physical_channels; ++c) {
      if (slot_of_channel_[c] != -1 || reserved_[c] || port_of_channel_[c] < 0) continue;
      if (spare_errors_[c] >= swap_threshold_) continue;
      if (best < 0 || spare_errors_[c] < spare_errors_[best]) best = c;
    }
    suspect_[s] = 1;  // a known failing lane: an erasure for the ECC until it is replaced
    if (best < 0) {
      no_spare_[s] = 1;
      exhausted_.push_back({m, time_of(m), s, channel_of_slot_[s]});
      continue;
    }
    reserved_[best] = 1;
    const std::int64_t boundary = m + config_->swap_lead_periods;
    const int c = channel_of_slot_[s];
    const Verdict why = !failed                            ? Verdict::kBer
                        : c < 0 || port_of_channel_[c] < 0 ? Verdict::kNoLock
                                                           : Verdict::kMarkersLost;
    pending_[s] = Pending{best, boundary, m, std::uint32_t(window_slot_[s]), false, why};
    requests_.push_back(SwapMessage{std::uint16_t(s), std::uint16_t(best),
                                    std::uint16_t(boundary % AlignmentMarker::kSeqModulo)});
  }
  end_swap_window(m);
}

void Receiver::end_swap_window(std::int64_t m) {
  if ((m - first_data_ + 1) % config_->swap_window_periods == 0) {
    std::fill(window_slot_.begin(), window_slot_.end(), 0);
    std::fill(spare_errors_.begin(), spare_errors_.end(), 0);
  }
}

}  // namespace mosaic::link
