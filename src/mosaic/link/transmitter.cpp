#include "mosaic/link/transmitter.hpp"

#include <algorithm>

#include "mosaic/link/kernels.hpp"

namespace mosaic::link {

Transmitter::Transmitter(const LinkConfig& config)
    : config_(&config), gearbox_(config), ecc_(config) {
  reset();
}

void Transmitter::reset() {
  row_.assign(config_->row_slots(), 0);
  bip_prev_.assign(config_->physical_channels, 0);
  bip_acc_.assign(config_->physical_channels, 0);
  pending_.clear();
  period_ = 0;
  set_lane_map(identity_lane_map(*config_));
}

void Transmitter::set_lane_map(const LaneMap& map) {
  channel_of_slot_ = map.channel_of_slot;
  slot_of_channel_.assign(config_->physical_channels, -1);
  for (int s = 0; s < config_->row_slots(); ++s)
    if (channel_of_slot_[s] >= 0) slot_of_channel_[channel_of_slot_[s]] = s;
}

void Transmitter::receive(const SwapMessage& message) {
  // The boundary is a sequence number; the first period at or after now with that number.
  std::int64_t b = period_ - (period_ % AlignmentMarker::kSeqModulo) + message.boundary;
  if (b < period_) b += AlignmentMarker::kSeqModulo;
  pending_.push_back({message, b});
}

void Transmitter::write_markers(std::span<std::uint64_t> wire) {
  const SwapMessage* announce = pending_.empty() ? nullptr : &pending_.front().message;
  for (int c = 0; c < config_->physical_channels; ++c) {
    AlignmentMarker m;
    m.channel = static_cast<std::uint16_t>(c);
    m.sequence = static_cast<std::uint16_t>(period_ % AlignmentMarker::kSeqModulo);
    m.management = announce ? announce->word(c % 3) : AlignmentMarker::kIdleManagement;
    m.bip = bip_prev_[c];
    wire[c] = m.pack();
  }
}

void Transmitter::train(std::span<std::uint64_t> wire) {
  const int n = config_->physical_channels;
  write_markers(wire);
  std::fill(bip_acc_.begin(), bip_acc_.end(), 0);
  for (int k = 1; k < config_->words_per_period; ++k)
    for (int c = 0; c < n; ++c) {
      const std::uint64_t w = training_word(c, period_, k);
      wire[std::size_t(k) * n + c] = w;
      bip_acc_[c] ^= w;
    }
  for (int c = 0; c < n; ++c) bip_prev_[c] = bip16(bip_acc_[c]);
  ++period_;
}

void Transmitter::process(std::span<const std::uint64_t> host, std::span<std::uint64_t> wire) {
  // Switch lanes whose agreed boundary is this period.
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (it->boundary != period_) {
      ++it;
      continue;
    }
    const int slot = it->message.slot;
    const int old = channel_of_slot_[slot];
    if (old >= 0) slot_of_channel_[old] = -2;
    channel_of_slot_[slot] = it->message.spare;
    slot_of_channel_[it->message.spare] = slot;
    it = pending_.erase(it);
  }
  write_markers(wire);

  // Row by row, so the frame row stays in cache from striping through the ECC to the wire. The
  // slots no lane uses are never written: they stay 0, as the code expects.
  const int n = config_->physical_channels;
  std::fill(bip_acc_.begin(), bip_acc_.end(), 0);
  const int* slot_of = slot_of_channel_.data();
  const std::uint64_t* row = row_.data();
  // Channels without a lane carry the training pattern, made for the whole period at once.
  const std::size_t words = std::size_t(config_->payload_words());
  idle_channels_.clear();
  for (int c = 0; c < n; ++c)
    if (slot_of[c] < 0) idle_channels_.push_back(c);
  idle_words_.resize(idle_channels_.size() * words);
  for (std::size_t j = 0; j < idle_channels_.size(); ++j)
    training_words(idle_channels_[j], period_, 1, words, idle_words_.data() + j * words);
  // Local pointers: the compiler cannot tell that the wire's stores leave the vectors alone.
  std::uint64_t* const acc = bip_acc_.data();
  const int* const idle = idle_channels_.data();
  const std::size_t idle_count = idle_channels_.size();
  const std::uint64_t* const idle_words = idle_words_.data();
  for (int k = 1; k < config_->words_per_period; ++k) {
    gearbox_.stripe_row(host, k - 1, row_.data());
    ecc_.encode_row(row_.data());
    std::uint64_t* out = wire.data() + std::size_t(k) * n;
    for (int c = 0; c < n; ++c) {
      const int s = slot_of[c];
      if (s < 0) continue;
      const std::uint64_t w = row[s];
      out[c] = w;
      acc[c] ^= w;
    }
    for (std::size_t j = 0; j < idle_count; ++j) {
      const std::uint64_t w = idle_words[j * words + std::size_t(k - 1)];
      out[idle[j]] = w;
      acc[idle[j]] ^= w;
    }
  }
  for (int c = 0; c < n; ++c) bip_prev_[c] = bip16(bip_acc_[c]);
  ++period_;
}

}  // namespace mosaic::link
