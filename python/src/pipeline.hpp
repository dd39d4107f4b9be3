#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic::python {

// What mosaic.simulate() may ask of the pipeline; mirrors `mosaic simulate`'s options.
struct PipelineRequest {
  int threads = 0;
  bool margin = true;
  bool degradation = false;
  bool monte_carlo = false;
  std::vector<int> mc_channels;
  std::vector<int> eye_channels;
};

// The binding's only way from a design to its figures (so that one line changes when the
// pipeline's entry point does).
Evaluation run_pipeline(const LinkSpec& spec, const PipelineRequest& request);

}  // namespace mosaic::python
