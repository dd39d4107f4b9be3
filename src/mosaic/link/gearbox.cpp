#include "mosaic/link/gearbox.hpp"

#include <algorithm>

namespace mosaic::link {

Gearbox::Gearbox(const LinkConfig& config)
    : config_(&config),
      isa_(best_kernel_isa()),
      lanes_(bit_stripe_scratch_words(config.data_lanes)),
      last_row_(std::size_t(config.data_lanes) + 1, 0) {
  const auto& slot = config.data_slot;
  for (int d = 0; d < config.data_lanes; ++d) {
    if (!runs_.empty() && runs_.back().slot + runs_.back().count == slot[d])
      ++runs_.back().count;
    else
      runs_.push_back({d, slot[d], 1});
  }
  if (runs_.size() * 8 > std::size_t(config.data_lanes)) runs_.clear();
}

void Gearbox::to_slots(const std::uint64_t* lanes, std::uint64_t* row) const {
  if (runs_.empty()) {
    const int* slot = config_->data_slot.data();
    for (int d = 0; d < config_->data_lanes; ++d) row[slot[d]] = lanes[d];
    return;
  }
  for (const Run& r : runs_) std::copy_n(lanes + r.lane, r.count, row + r.slot);
}

void Gearbox::from_slots(const std::uint64_t* row, std::uint64_t* lanes) const {
  if (runs_.empty()) {
    const int* slot = config_->data_slot.data();
    for (int d = 0; d < config_->data_lanes; ++d) lanes[d] = row[slot[d]];
    return;
  }
  for (const Run& r : runs_) std::copy_n(row + r.slot, r.count, lanes + r.lane);
}

void Gearbox::stripe_row(std::span<const std::uint64_t> host, int k, std::uint64_t* row) {
  const int d_lanes = config_->data_lanes;
  const std::uint64_t* src = host.data() + std::size_t(k) * d_lanes;
  if (config_->striping == Striping::kWord) return to_slots(src, row);
  // The row kernel reads one word past the row: the next row's first word, except in the last
  // row, which is copied beside a zero word rather than reading past the host buffer.
  if (k + 1 == config_->payload_words()) {
    std::copy(src, src + d_lanes, last_row_.begin());
    src = last_row_.data();
  }
  bit_stripe_row(src, d_lanes, lanes_.data(), isa_);
  to_slots(lanes_.data(), row);
}

void Gearbox::destripe_row(const std::uint64_t* row, int k, std::span<std::uint64_t> host) {
  const int d_lanes = config_->data_lanes;
  std::uint64_t* dst = host.data() + std::size_t(k) * d_lanes;
  if (config_->striping == Striping::kWord) return from_slots(row, dst);
  from_slots(row, lanes_.data());
  bit_destripe_row(lanes_.data(), d_lanes, dst, isa_);
}

void Gearbox::stripe(std::span<const std::uint64_t> host, std::span<std::uint64_t> frame) {
  const int rs = config_->row_slots();
  for (int k = 0; k < config_->payload_words(); ++k)
    stripe_row(host, k, frame.data() + std::size_t(k) * rs);
}

void Gearbox::destripe(std::span<const std::uint64_t> frame, std::span<std::uint64_t> host) {
  const int rs = config_->row_slots();
  for (int k = 0; k < config_->payload_words(); ++k)
    destripe_row(frame.data() + std::size_t(k) * rs, k, host);
}

}  // namespace mosaic::link
