#include "mosaic/evaluate/stat_eye_figure.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "mosaic/core/error.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/stat_eye.hpp"

namespace mosaic {

StatEyeFigure stat_eye_figure(const LinkSpec& spec, int channel, const char* field,
                              std::optional<double> sampling_phase_ui) {
  phy::LinkEvaluator ev(spec);
  const int n = static_cast<int>(ev.layout().channels.size());
  if (channel < 0 || channel >= n || ev.layout().channels[channel].dead)
    throw ConfigError(field, std::to_string(channel),
                      "a live channel index in [0, " + std::to_string(n - 1) + "]");
  phy::StatEyeInput in = ev.eye_input(channel, false);
  const double os = in.victim.pulse->samples_per_ui;
  std::optional<int> fixed;
  if (sampling_phase_ui && std::isfinite(*sampling_phase_ui))
    fixed = static_cast<int>(std::lround(std::clamp(*sampling_phase_ui, -0.5, 0.5) * os));
  phy::StatEyeGrid g = phy::stat_eye_grid(in, kStatEyeFigurePhases, kStatEyeFigureThresholds);
  StatEyeFigure f;
  f.channel = channel;
  f.phase_ui = std::move(g.phase_ui);
  f.threshold_a = std::move(g.threshold_a);
  f.log10_ber = std::move(g.log10_ber);
  // The decision point is the analysis's: the same statistical eye at the same phase.
  f.analysis = phy::analyse_eye(ev, channel, fixed);
  f.sampling_phase_ui = f.analysis.sampling_phase_ui;
  f.decision_threshold_a = f.analysis.threshold_a;
  f.log10_ber_at_decision = f.analysis.log10_ber;
  return f;
}

}  // namespace mosaic
