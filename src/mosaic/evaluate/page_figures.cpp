#include "mosaic/evaluate/page_figures.hpp"

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/evaluate/compare_design.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic {

PageFigures page_figures(const LinkSpec& spec, const PageFiguresRequest& request) {
  // A page evaluates its record's design again: the same budget as the run that made it.
  check_evaluation_memory(spec);
  PageFigures f;
  if (request.stat_eye_channel)
    f.stat_eye =
        stat_eye_figure(spec, *request.stat_eye_channel, "eye_stat", request.stat_eye_phase_ui);
  if (request.catalog) {
    // The design's power, FIT and latency as `mosaic compare` evaluates them.
    EvalOptions quick;
    quick.margin = false;
    quick.bathtubs = false;
    quick.eye_heights = false;
    quick.end_of_life = false;  // power, FIT and latency only
    const Evaluation e = evaluate(spec, quick);
    f.comparison = compare_design(e, *request.catalog, spec.fiber.length_m);
    f.catalog_origin = request.catalog->origin;
  }
  // `mosaic fleet` with its defaults: a fraction of a second.
  if (request.fleet) f.fleet = reliability::fleet_monte_carlo(spec, {});
  if (request.survival) f.survival = reliability::survival_curve(spec);
  return f;
}

}  // namespace mosaic
