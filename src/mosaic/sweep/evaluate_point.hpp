#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace mosaic::sweep {

// A design point's stored result: the headline outputs (aligned with point_columns()), the full
// report as JSON (timing left out, so identical inputs give identical text) and the wall-clock
// time it took (the only column that differs between identical runs).
struct PointResult {
  std::size_t index = 0;
  std::vector<std::optional<double>> outputs;
  std::string report_json;
  double eval_s = 0.0;
};

// The sweep-mode evaluation of one design: statistical eye of every channel without bathtubs,
// lanes, power, reliability, the worst active channel's bathtubs, and the optical margin only
// when asked. The one place the sweep layer calls the pipeline.
Evaluation evaluate_design(const LinkSpec& spec, const PointOptions& options, int threads = 1);

PointResult evaluate_point(const LinkSpec& spec, std::size_t index, const PointOptions& options,
                           int threads = 1);

// Same headline outputs and JSON from a report already computed.
PointResult point_result(const Evaluation& evaluation, std::size_t index);

}  // namespace mosaic::sweep
