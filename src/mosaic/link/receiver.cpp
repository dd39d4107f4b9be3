#include "mosaic/link/receiver.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "mosaic/link/kernels.hpp"

namespace mosaic::link {

Receiver::Receiver(const LinkConfig& config)
    : config_(&config), gearbox_(config), ecc_(config), swap_threshold_(config.swap_threshold()) {
  reset();
}

void Receiver::reset() {
  const int n = config_->physical_channels;
  const int rs = config_->row_slots();
  ring_.assign(std::size_t(2) * config_->words_per_period * n, 0);
  frame_.assign(std::size_t(config_->payload_words()) * rs, 0);
  row_.assign(rs, 0);
  dirty_rows_.assign(config_->payload_words(), 0);
  dirty_syn_.assign(std::size_t(config_->payload_words()) * ecc_.syndrome_words() + 1, 0);
  ports_.assign(n, Port{});
  port_of_channel_.assign(n, -1);
  candidates_.assign(rs, 0);
  corrected_slot_.assign(rs, 0);
  window_slot_.assign(rs, 0);
  spare_errors_.assign(n, 0);
  suspect_.assign(rs, 0);
  failed_.assign(rs, 0);
  no_spare_.assign(rs, 0);
  pending_.assign(rs, Pending{-1, 0, 0, 0, false, Verdict::kMarkersLost});
  reserved_.assign(n, 0);
  corrected_channel_.assign(n, 0);
  training_.assign(n, TrainingMeasurement{});
  requests_.clear();
  swaps_.clear();
  locks_.clear();
  exhausted_.clear();
  acc_.assign(rs, 0);
  last_ = RxPeriodReport{};
  received_ = 0;
  set_lane_map(identity_lane_map(*config_), INT64_MAX);  // training until a lane map is set
}

void Receiver::set_lane_map(const LaneMap& map, std::int64_t first_data_period) {
  clean_steady_ = false;
  channel_of_slot_ = map.channel_of_slot;
  slot_of_channel_.assign(config_->physical_channels, -1);
  for (int c : map.mapped_out) slot_of_channel_[c] = -2;  // never a spare
  for (int s = 0; s < config_->row_slots(); ++s)
    if (channel_of_slot_[s] >= 0) slot_of_channel_[channel_of_slot_[s]] = s;
  first_data_ = first_data_period;
}

std::vector<SwapMessage> Receiver::take_requests() {
  std::vector<SwapMessage> out;
  out.swap(requests_);
  return out;
}

std::uint64_t Receiver::bits_at(int port, std::int64_t bit) const {
  const std::int64_t rows = 2 * std::int64_t{config_->words_per_period};
  return ring_word((bit >> 6) % rows, rows, port, int(bit & 63));
}

bool Receiver::marker_ok(int port, std::int64_t period, int offset, int channel,
                         AlignmentMarker* out, bool acquire) const {
  const std::int64_t bit = period * config_->words_per_period * 64 + offset;
  const std::uint64_t w = bits_at(port, bit);
  AlignmentMarker want;
  want.sequence = static_cast<std::uint16_t>(period % AlignmentMarker::kSeqModulo);
  want.channel = static_cast<std::uint16_t>(channel < 0 ? 0 : channel);
  const int id = static_cast<int>((w >> 12) & 0xFFF);
  std::uint64_t known = 0;
  int tolerance = 0;
  if (channel < 0 || acquire) {
    // Acquiring lock: sync and sequence within a couple of bit errors, identity exactly as read
    // (checked against the next marker), so a noisy channel still locks but never to a wrong
    // identity.
    known = 0xFFFull | 0xFFFull << 24;
    tolerance = 2;
    if (id >= config_->physical_channels || (channel >= 0 && id != channel)) return false;
  } else {
    // Tracking a locked port: all 36 known bits, a few errors allowed, so bit errors (likely at
    // high BER) are not mistaken for a lost marker.
    known = (std::uint64_t{1} << 36) - 1;
    tolerance = kMarkerTolerance;
  }
  if (std::popcount((w ^ want.pack()) & known) > tolerance) return false;
  if (out) {
    const std::uint64_t fixed = (w & ~known) | (want.pack() & known);
    *out = *AlignmentMarker::unpack(fixed);
  }
  return true;
}

bool Receiver::marker_moved(int q, std::int64_t period) const {
  const Port& p = ports_[q];
  for (int o = 0; o <= config_->max_skew_bits; ++o)
    if (o != p.offset && marker_ok(q, period, o, p.channel, nullptr, true)) return true;
  return false;
}

void Receiver::track_lock(int q, std::int64_t m) {
  // A single corrupted marker (a bit error in 64 bits) must not drop a good channel: the port
  // keeps its offset through one missing marker; it only searches again at once in case the
  // channel's skew stepped, and gives up after kLossMarkers missing markers in a row.
  constexpr int kLossMarkers = 2;
  Port& p = ports_[q];
  if (p.locked) {
    if (marker_ok(q, m, p.offset, p.channel, nullptr)) {
      p.bad = 0;
      return;
    }
    for (int o = 0; o <= config_->max_skew_bits; ++o) {
      if (o == p.offset || !marker_ok(q, m, o, p.channel, nullptr, true) ||
          !marker_ok(q, m + 1, o, p.channel, nullptr, true))
        continue;
      locks_.push_back({m, time_of(m), q, p.channel, true, o});  // re-lock after a skew step
      p.offset = o;
      p.bad = 0;
      return;
    }
    if (++p.bad < kLossMarkers) return;
    p.locked = false;
    locks_.push_back({m, time_of(m), q, -1, false, p.offset});
  }
  for (int o = 0; o <= config_->max_skew_bits; ++o) {
    AlignmentMarker open;
    if (!marker_ok(q, m, o, -1, &open)) continue;
    if (!marker_ok(q, m + 1, o, open.channel, nullptr, true)) continue;
    p = Port{true, o, open.channel, 0};
    locks_.push_back({m, time_of(m), q, open.channel, true, o});
    return;
  }
}

void Receiver::add_spare_errors(int channel, std::uint64_t errors, bool markers_lost) {
  // A spare whose markers go missing is not healthy: count it as a channel at BER 1/2.
  const std::uint64_t half = 32ull * std::uint64_t(config_->payload_words());
  spare_errors_[channel] += markers_lost ? std::max(errors, half) : errors;
}

void Receiver::measure_training(std::int64_t m) {
  const std::int64_t period_bits = std::int64_t{config_->words_per_period} * 64;
  const int words = config_->payload_words();
  const std::int64_t rows = 2 * std::int64_t{config_->words_per_period};
  spare_diff_.resize(std::size_t(words));
  for (int q = 0; q < config_->physical_channels; ++q) {
    const Port& p = ports_[q];
    if (!p.locked) continue;
    // bits_at(q, base + 64 k) for k = 1..words, walking the ring instead of dividing per word.
    const std::int64_t bit = m * period_bits + p.offset + 64;
    const int sh = int(bit & 63);
    std::int64_t r = (bit >> 6) % rows;
    training_words(p.channel, m, 1, std::size_t(words), spare_diff_.data());
    for (int k = 0; k < words; ++k) {
      spare_diff_[k] ^= ring_word(r, rows, q, sh);
      r = r + 1 == rows ? 0 : r + 1;
    }
    const std::uint64_t errors = count_ones(spare_diff_);
    const bool lost = !marker_ok(q, m + 1, p.offset, p.channel, nullptr);
    add_spare_errors(p.channel, errors, lost);
    auto& t = training_[p.channel];
    t.locked = true;
    t.bits += 64ull * words;
    t.errors += errors;
    t.markers_lost += lost;
  }
}

void Receiver::decode_period(std::int64_t m, std::span<std::uint64_t> host) {
  const int rs = config_->row_slots();
  const int words = config_->payload_words();
  const std::int64_t rows = 2 * std::int64_t{config_->words_per_period};
  const std::int64_t period_bits = std::int64_t{config_->words_per_period} * 64;
  const auto& active = config_->active_slots;
  const int na = static_cast<int>(active.size());
  const std::size_t n = config_->physical_channels;
  // Where port q's payload of period m starts in the ring (its deskew offset past the marker).
  const auto source = [&](int slot, int q) {
    const std::int64_t bit = m * period_bits + ports_[q].offset + 64;
    const std::int64_t row = (bit >> 6) % rows;
    return Source{slot, q, int(bit & 63), row, std::size_t(row) * n + std::size_t(q)};
  };

  // Each active slot's source: deskew + reorder by identity.
  std::vector<Source> src;
  src.reserve(na);
  bool lost = false;
  for (int s : active) {
    const int c = channel_of_slot_[s];
    const int q = c >= 0 ? port_of_channel_[c] : -1;
    acc_[s] = 0;
    failed_[s] = 0;
    if (q < 0) {
      candidates_[s] = 0xFFFF;
      failed_[s] = 1;
      lost = true;
      continue;
    }
    src.push_back(source(s, q));
  }
  // The spares (locked ports whose channel carries no lane) are measured against their training
  // pattern in the same pass, while each row is in cache: their words sit among the lanes'.
  // spare_diff_ starts as the expected words and ends as what differs.
  spare_ports_.clear();
  for (int q = 0; q < config_->physical_channels; ++q) {
    const Port& p = ports_[q];
    if (!p.locked || slot_of_channel_[p.channel] >= 0) continue;
    spare_ports_.push_back(source(int(spare_ports_.size()) * words, q));
  }
  spare_diff_.resize(spare_ports_.size() * std::size_t(words));
  for (const Source& e : spare_ports_)
    training_words(ports_[e.port].channel, m, 1, std::size_t(words), spare_diff_.data() + e.slot);
  std::uint64_t* diff = spare_diff_.data();

  // Rows before any port's next row wraps to ring row 0 take the short loop (no wrap tests;
  // without skew every shift is 0): the per-word wrap and shift set-up were most of its time.
  // ring_word's shift without its wrap test, and the same with it.
  const auto unwrapped_word = [n](const std::uint64_t* ring, const Source& e) {
    return (ring[e.at] >> e.sh) | ((ring[e.at + n] << 1) << (63 - e.sh));
  };
  const auto wrapped_word = [&](const Source& e, int k) {
    std::int64_t r = e.row + k;
    if (r >= rows) r -= rows;
    return ring_word(r, rows, e.port, e.sh);
  };
  std::int64_t unwrapped = words;
  bool aligned = true;
  for (const auto* list : {&src, &spare_ports_})
    for (const Source& e : *list) {
      unwrapped = std::min(unwrapped, rows - 1 - e.row);
      aligned &= e.sh == 0;
    }
  // Each row is checked as it is gathered, while it is in cache: a row whose syndromes are all 0
  // needs no correction whatever the candidates turn out to be (the decoder acts only on non-zero
  // syndromes), so it goes to the host at once; the others wait, with their syndromes, for the
  // period's candidates (its closing markers' BIP). Slots without a source stay 0.
  std::fill(row_.begin(), row_.end(), 0);
  std::uint64_t* row = row_.data();
  const std::size_t sw = ecc_.syndrome_words();
  std::size_t dirty = 0;
  const auto finish_row = [&](int k) {
    if (!ecc_.syndromes(row, dirty_syn_.data() + dirty * sw)) {
      gearbox_.destripe_row(row, k, host);
      return;
    }
    std::copy(row_.begin(), row_.end(), frame_.begin() + std::ptrdiff_t(dirty * rs));
    dirty_rows_[dirty++] = k;
  };
  int k = 0;
  for (; k < unwrapped; ++k) {
    const std::uint64_t* ring = ring_.data() + std::size_t(k) * n;
    if (aligned) {
      for (const Source& e : src) {
        const std::uint64_t w = ring[e.at];
        row[e.slot] = w;
        acc_[e.slot] ^= w;
      }
      for (const Source& e : spare_ports_) diff[e.slot + k] ^= ring[e.at];
    } else {
      for (const Source& e : src) {
        const std::uint64_t w = unwrapped_word(ring, e);
        row[e.slot] = w;
        acc_[e.slot] ^= w;
      }
      for (const Source& e : spare_ports_) diff[e.slot + k] ^= unwrapped_word(ring, e);
    }
    finish_row(k);
  }
  for (; k < words; ++k) {
    for (const Source& e : src) {
      const std::uint64_t w = wrapped_word(e, k);
      row[e.slot] = w;
      acc_[e.slot] ^= w;
    }
    for (const Source& e : spare_ports_) diff[e.slot + k] ^= wrapped_word(e, k);
    finish_row(k);
  }
  for (const Source& e : spare_ports_) {
    const Port& p = ports_[e.port];
    const std::uint64_t errors = count_ones({diff + e.slot, std::size_t(words)});
    add_spare_errors(p.channel, errors, !marker_ok(e.port, m + 1, p.offset, p.channel, nullptr));
  }
  std::fill(corrected_slot_.begin(), corrected_slot_.end(), 0);
  for (const Source& e : src) {
    AlignmentMarker close;
    const int c = channel_of_slot_[e.slot];
    std::uint16_t mask = 0xFFFF;
    if (marker_ok(e.port, m + 1, ports_[e.port].offset, c, &close)) {
      // BIP lanes that disagree make the channel a candidate in those lanes, however many there
      // are: at a background BER near the KP4 limit a healthy channel has ~4 errors per period.
      mask = bip16(acc_[e.slot]) ^ close.bip;
      if (ports_[e.port].bad != 0) mask = 0xFFFF;  // the opening marker was missing
    } else {
      // Gone, not moved: the channel has failed and the lane is swapped at once (one missing
      // marker is enough: see kMarkerTolerance).
      failed_[e.slot] = !marker_moved(e.port, m + 1);
      lost = true;
    }
    if (!config_->has_ecc()) corrected_slot_[e.slot] = std::popcount(unsigned(mask));
    candidates_[e.slot] = mask;
  }
  mark_erasures();

  last_.ecc = EccDecodeStats{};
  if (dirty > 0) {
    ecc_.set_candidates(candidates_);
    for (std::size_t i = 0; i < dirty; ++i)
      ecc_.decode_row(frame_.data() + i * rs, dirty_rows_[i], dirty_syn_.data() + i * sw,
                      corrected_slot_, last_.ecc);
  }
  finish_period(lost);
  for (std::size_t i = 0; i < dirty; ++i)
    gearbox_.destripe_row(frame_.data() + i * rs, dirty_rows_[i], host);
}

void Receiver::mark_erasures() {
  last_.erased_lanes = 0;
  last_.lanes_without_spare = 0;
  for (int s : config_->active_slots) {
    if (suspect_[s] || pending_[s].spare >= 0 || failed_[s]) candidates_[s] = 0xFFFF;
    last_.erased_lanes += candidates_[s] == 0xFFFF;
    last_.lanes_without_spare += no_spare_[s];
  }
}

void Receiver::finish_period(bool lost) {
  const auto& active = config_->active_slots;
  last_.all_rows_flagged = false;
  if (!config_->has_ecc()) {
    last_.all_rows_flagged = lost;  // a lost channel without ECC: nothing of the period is sure
  } else {
    // More than three erased lanes in a group exceed what distance 4 can resolve.
    std::vector<int> per_group(config_->groups, 0);
    for (int s : active)
      if (candidates_[s] == 0xFFFF) ++per_group[s / config_->slots_per_group];
    for (int v : per_group) last_.all_rows_flagged |= v > 3;
  }
  for (int s : active) {
    const int c = channel_of_slot_[s];
    if (c >= 0) corrected_channel_[c] += corrected_slot_[s];
    // Corrections on an erased lane are the erasure being filled in, not evidence about it.
    if (candidates_[s] == 0xFFFF) corrected_slot_[s] = 0;
  }
}

bool Receiver::clean_ready() const {
  if (!requests_.empty()) return false;
  // Nothing a clean period does changes what is checked below.
  if (clean_steady_) return true;
  if (received_ < 1 || received_ - 1 < first_data_) return false;
  for (const Port& p : ports_)
    if (!p.locked || p.bad != 0) return false;
  for (int s : config_->active_slots) {
    const int c = channel_of_slot_[s];
    if (c < 0 || port_of_channel_[c] < 0 || pending_[s].spare >= 0) return false;
  }
  return true;
}

void Receiver::process_clean() {
  // process_written() on an unchanged period, step by step: every locked port finds its markers
  // where they were (track_lock changes nothing), the management words carry no swap this
  // receiver waits for (read_management and apply_swaps change nothing without a pending swap),
  // every row's syndromes are 0 (no correction, the host words are the ones sent), every BIP
  // agrees (no candidate lane but the known failing ones) and every spare matches its training
  // pattern (no errors toward its window).
  ++received_;
  const std::int64_t m = received_ - 2;
  if (clean_steady_) {
    // A clean period after a clean one that decided nothing: every array is as that one left
    // it, the report is its report, and the swap decisions find nothing again (no lane's window
    // grew); only the window's end clears the counts.
    last_.period = m;
    end_swap_window(m);
    return;
  }
  last_ = RxPeriodReport{};
  last_.period = m;
  last_.data = true;
  std::fill(corrected_slot_.begin(), corrected_slot_.end(), 0);
  for (int s : config_->active_slots) {
    failed_[s] = 0;
    candidates_[s] = 0;
  }
  mark_erasures();
  finish_period(false);
  const std::size_t requests = requests_.size(), exhausted = exhausted_.size();
  decide_swaps(m);
  clean_steady_ = requests_.size() == requests && exhausted_.size() == exhausted;
}

std::span<std::uint64_t> Receiver::previous_wire_to_redo() {
  const std::size_t period_words =
      std::size_t(config_->words_per_period) * config_->physical_channels;
  return {ring_.data() + ((received_ + 1) % 2) * period_words, period_words};
}

std::span<std::uint64_t> Receiver::next_wire() {
  const std::size_t period_words =
      std::size_t(config_->words_per_period) * config_->physical_channels;
  return {ring_.data() + (received_ % 2) * period_words, period_words};
}

std::span<const std::uint64_t> Receiver::previous_wire() const {
  const std::size_t period_words =
      std::size_t(config_->words_per_period) * config_->physical_channels;
  return {ring_.data() + ((received_ + 1) % 2) * period_words, period_words};
}

bool Receiver::process_written(std::span<std::uint64_t> host) {
  clean_steady_ = false;
  ++received_;
  last_ = RxPeriodReport{};
  if (received_ < 2) return false;
  const std::int64_t m = received_ - 2;
  last_.period = m;
  std::fill(port_of_channel_.begin(), port_of_channel_.end(), -1);
  for (int q = 0; q < config_->physical_channels; ++q) {
    track_lock(q, m);
    if (ports_[q].locked) port_of_channel_[ports_[q].channel] = q;
  }
  if (m < first_data_) {
    measure_training(m);
    return false;
  }
  last_.data = true;
  read_management(m);
  apply_swaps(m);
  decode_period(m, host);  // measures the spares too
  decide_swaps(m);
  return true;
}

}  // namespace mosaic::link
