#include "mosaic/evaluate/simulate_study.hpp"

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/design/validate.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic {
namespace {

const FieldInfo& option(const char* name) {
  return *find_field_in(study::SimulateOptions::fields(), name);
}

}  // namespace

EvalOptions eval_options(const LinkSpec& spec, const study::SimulateOptions& options) {
  const int pixels = spec.array.rows * spec.array.cols;
  EvalOptions e;
  e.threads = options.threads;
  e.margin = options.margin;
  e.link_budget = options.link_budget || options.link_budget_every;
  e.link_budget_every = options.link_budget_every;
  e.degradation = options.degradation;
  e.monte_carlo = options.monte_carlo();
  e.mc_channels = study::expand_channels(options.mc_channels, option("mc_channels"), pixels);
  e.eye_channels = study::expand_channels(options.eye_channels, option("eye_channels"), pixels);
  return e;
}

SimulateResult simulate(const LinkSpec& spec, const study::SimulateOptions& options,
                        Progress* progress, Progress* mc_progress,
                        const CalibrationEnsemble* ensemble) {
  options.validate();
  check_evaluation_memory(spec);
  if (options.monte_carlo()) validate_design(spec, {.monte_carlo = true});
  EvalOptions e = eval_options(spec, options);
  e.progress = progress;
  e.mc_progress = mc_progress;
  SimulateResult r;
  r.evaluation = evaluate(spec, e);
  if (options.calibration_ranges && ensemble) {
    r.calibration = calibration_ranges(r.evaluation, *ensemble, options.threads);
    auto& a = r.evaluation.assumptions;
    a.insert(a.end(), r.calibration->assumptions.begin(), r.calibration->assumptions.end());
  }
  if (options.eye_stat) {
    // At the phase the run sampled the channel (a dead or missing one is refused by the figure).
    const auto& channels = r.evaluation.phy.channels;
    const int c = *options.eye_stat;
    std::optional<double> phase;
    if (c >= 0 && c < static_cast<int>(channels.size()) && !channels[c].dead)
      phase = channels[c].sampling_phase_ui;
    r.stat_eye = stat_eye_figure(spec, c, "eye_stat", phase);
  }
  return r;
}

}  // namespace mosaic
