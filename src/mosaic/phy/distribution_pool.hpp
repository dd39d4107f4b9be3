#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "mosaic/phy/isi_distribution.hpp"

namespace mosaic::phy {

// Phase distributions whose buffers outlive a statistical eye: each channel's eye builds about 30
// of them, three 2 KB vectors each, and allocating and freeing those was 5 % of a sweep. Each
// thread keeps the sets its finished eyes leave, for its next ones (a set's distributions are
// marked unbuilt on the way out; their buffers keep their room).
class DistributionPool {
 public:
  std::vector<PhaseDistribution> take(std::size_t n) {
    std::vector<PhaseDistribution> out;
    if (!free_.empty()) {
      out = std::move(free_.back());
      free_.pop_back();
    }
    out.resize(n);
    for (auto& d : out) d.ready = false;
    return out;
  }
  void give(std::vector<PhaseDistribution> set) {
    if (free_.size() < kKept) free_.push_back(std::move(set));
  }

  // This thread's pool.
  static DistributionPool& of_this_thread() {
    thread_local DistributionPool pool;
    return pool;
  }

 private:
  // Sets alive at once on one thread: an eye's, or a forwarded clock's row of kept ones
  // (StatEyeInput::kept, handed back when the row is done).
  static constexpr std::size_t kKept = 64;
  std::vector<std::vector<PhaseDistribution>> free_;
};

}  // namespace mosaic::phy
