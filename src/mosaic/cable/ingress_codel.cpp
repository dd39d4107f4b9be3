#include "mosaic/cable/ingress_codel.hpp"

#include <algorithm>
#include <cmath>

namespace mosaic::cable {

namespace {
// One maximum frame: a queue holding no more than this is not a standing queue.
constexpr std::size_t kMaxFrameQueueBytes = 1514;
}  // namespace

std::int64_t IngressCodel::control_law(std::int64_t t) const {
  return t + static_cast<std::int64_t>(double(now_interval_ns_) / std::sqrt(double(count_)));
}

bool IngressCodel::above_target(std::int64_t now_ns, std::int64_t sojourn_ns, std::size_t bytes) {
  if (sojourn_ns < now_target_ns_ || bytes <= kMaxFrameQueueBytes) {
    first_above_ns_ = 0;
    return false;
  }
  if (first_above_ns_ == 0) {
    first_above_ns_ = now_ns + now_interval_ns_;
    return false;
  }
  return now_ns >= first_above_ns_;
}

bool IngressCodel::drop(std::int64_t now_ns, std::int64_t sojourn_ns, std::size_t bytes,
                        std::int64_t step_ns) {
  now_target_ns_ = std::max(target_ns_, 2 * step_ns);
  now_interval_ns_ = 10 * now_target_ns_;
  const bool ok_to_drop = above_target(now_ns, sojourn_ns, bytes);
  if (dropping_) {
    if (!ok_to_drop) {
      dropping_ = false;
      return false;
    }
    if (now_ns < drop_next_ns_) return false;
    ++count_;
    drop_next_ns_ = control_law(drop_next_ns_);
    return true;
  }
  if (!ok_to_drop) return false;
  // Entering the dropping state: start from the last state's rate when it ended recently.
  dropping_ = true;
  const std::uint32_t delta = count_ - last_count_;
  count_ = delta > 1 && now_ns - drop_next_ns_ < 16 * now_interval_ns_ ? delta : 1;
  drop_next_ns_ = control_law(now_ns);
  last_count_ = count_;
  return true;
}

}  // namespace mosaic::cable
