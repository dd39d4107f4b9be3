#pragma once

#include <optional>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/simulate_options.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/evaluate/calibration_ranges.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/stat_eye_figure.hpp"

namespace mosaic {

// What `mosaic simulate` gives: the evaluation, and the statistical-eye grid asked for.
struct SimulateResult {
  Evaluation evaluation;
  std::optional<StatEyeFigure> stat_eye;
  // The headline figures' ranges over the calibration ensemble (options.calibration_ranges with
  // an ensemble given).
  std::optional<CalibrationRanges> calibration;
};

// The simulate study: checks the options against the design (channel lists inside the array,
// Monte Carlo settings the engine supports, the memory budget), then evaluates; with
// options.calibration_ranges and an ensemble (the front ends read data/calibration_ensemble.toml)
// the headline figures get their ranges over it, and the assumptions name every calibrated
// parameter.
SimulateResult simulate(const LinkSpec& spec, const study::SimulateOptions& options,
                        Progress* progress = nullptr, Progress* mc_progress = nullptr,
                        const CalibrationEnsemble* ensemble = nullptr);

// The evaluation options the simulate study runs with.
EvalOptions eval_options(const LinkSpec& spec, const study::SimulateOptions& options);

}  // namespace mosaic
