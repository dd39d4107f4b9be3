#pragma once

#include <cstdint>
#include <vector>

#include "mosaic/cluster/cables.hpp"
#include "mosaic/cluster/technology.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic::cluster {

// The technology of every run of a plan, as indices into the study's technology list.
struct Assignment {
  std::vector<int> technology;       // per run
  std::vector<std::int64_t> cables;  // per technology of the list
  std::int64_t fallback_cables = 0;  // cables none of `allowed` reaches, on `fallback` instead
};

// A cable no technology on offer reaches: a ConfigError naming links.technologies, of its own
// type so that a sweep can store the point as infeasible instead of stopping.
class UnreachedCable : public ConfigError {
 public:
  using ConfigError::ConfigError;
};

// Each run gets the technology of `allowed` with the fewest watts per end (then the lowest link
// FIT, then list order) whose reach covers it; a run none of them reaches gets the same choice
// among `fallback`. A run nothing reaches throws UnreachedCable naming links.technologies, the
// cable and the reaches on offer.
Assignment assign_technologies(const CablePlan& plan, const std::vector<Technology>& list,
                               const std::vector<int>& allowed,
                               const std::vector<int>& fallback = {});

}  // namespace mosaic::cluster
