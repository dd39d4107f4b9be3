#include "mosaic/evaluate/compare_design.hpp"

#include "mosaic/evaluate/design_figures.hpp"

namespace mosaic {

power::Comparison compare_design(const Evaluation& evaluation,
                                 const power::BaselineCatalog& catalog, double cable_m,
                                 std::optional<double> reach_m) {
  return power::compare(design_figures(evaluation, reach_m), catalog, cable_m);
}

}  // namespace mosaic
