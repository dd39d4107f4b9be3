#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "mosaic/phy/mc/segment.hpp"

namespace mosaic::phy::mc {

// One channel's bits as its transmitter and the deciders read them: history_rows() rows of earlier
// bits, then the current segment's kSegmentBits rows (0 or 1, kLanes per row). Before the first
// segment the history is all zeros.
class BitHistory {
 public:
  BitHistory() = default;
  explicit BitHistory(std::size_t history_rows)
      : history_(history_rows), rows_((history_rows + kSegmentBits) * kLanes, 0.0f) {}

  // Starts the next segment: the newest history_rows() rows move to the front, and the returned
  // rows are the new segment's, for the stimulus to fill.
  std::span<float> advance() {
    const std::size_t keep = history_ * kLanes;
    std::copy(rows_.end() - keep, rows_.end(), rows_.begin());
    return std::span<float>(rows_).subspan(keep);
  }
  // Every row, history first.
  std::span<const float> rows() const { return rows_; }
  // Row 0 of the current segment; rows before it (negative indices, down to -history_rows()) are
  // the history.
  const float* segment_start() const { return rows_.data() + history_ * kLanes; }
  std::size_t history_rows() const { return history_; }
  void reset() { std::fill(rows_.begin(), rows_.end(), 0.0f); }

 private:
  std::size_t history_ = 0;
  std::vector<float> rows_;
};

}  // namespace mosaic::phy::mc
