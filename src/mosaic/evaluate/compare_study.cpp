#include "mosaic/evaluate/compare_study.hpp"

#include "mosaic/evaluate/compare_design.hpp"
#include "mosaic/evaluate/evaluate.hpp"
#include "mosaic/evaluate/reach.hpp"

namespace mosaic {
namespace {

constexpr double kReachToleranceM = 0.5;  // finer than any cable is cut

}  // namespace

power::Comparison compare(const LinkSpec& spec, const study::CompareOptions& options,
                          const power::BaselineCatalog& catalog) {
  options.validate();
  EvalOptions eval;
  eval.threads = options.threads;
  eval.margin = false;
  eval.bathtubs = false;
  eval.eye_heights = false;  // the comparison reads power, FIT and BERs
  const Evaluation evaluation = evaluate(spec, eval);
  const double reach_m = physical_reach(spec, kReachToleranceM, options.threads).reach_m;
  return compare_design(evaluation, catalog, options.reach_m.value_or(spec.fiber.length_m),
                        reach_m);
}

}  // namespace mosaic
