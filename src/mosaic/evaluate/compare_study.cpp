#include "mosaic/evaluate/compare_study.hpp"

#include "mosaic/evaluate/compare_design.hpp"
#include "mosaic/evaluate/evaluate.hpp"

namespace mosaic {

power::Comparison compare(const LinkSpec& spec, const study::CompareOptions& options,
                          const power::BaselineCatalog& catalog) {
  options.validate();
  EvalOptions eval;
  eval.threads = options.threads;
  eval.margin = false;
  eval.bathtubs = false;
  const Evaluation evaluation = evaluate(spec, eval);
  return compare_design(evaluation, catalog, options.reach_m.value_or(spec.fiber.length_m));
}

}  // namespace mosaic
