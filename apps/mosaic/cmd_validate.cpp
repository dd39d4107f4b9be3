#include <iostream>
#include <memory>

#include "command.hpp"
#include "mosaic/core/options/validate_options.hpp"
#include "mosaic/evaluate/validation.hpp"
#include "mosaic/pages/text_pages.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "study_flags.hpp"

namespace mosaic::cli {
namespace {

const RegisterCommand kValidate(20, [](CLI::App& parent) -> Runner {
  auto options = std::make_shared<study::ValidateOptions>();
  auto* cmd = parent.add_subcommand(
      "validate",
      "Run the model at each published MOSAIC measurement (data/validation.toml: prototype and "
      "800G module) over array seeds 1..N; a point holds when at least 95 % of the seeds put the "
      "median BER in its tolerance (and, for the error-free points, the worst active channel "
      "below 1e-12); exit 0 only when every point holds");
  add_study_flags(*cmd, options);
  return [options] {
    if (options->ensemble) {
      options->validate();
      const auto ensemble = io::load_calibration_ensemble();
      const auto members =
          run_ensemble_validation(io::load_validation_points(), *options, ensemble);
      std::cout << pages::ensemble_validation_text(members, ensemble);
      for (const auto& m : members)
        if (!m.pass()) return 1;
      return 0;
    }
    const auto points = run_validation(io::load_validation_points(), *options);
    std::cout << pages::validation_text(points);
    for (const auto& p : points)
      if (!p.pass) return 1;
    return 0;
  };
});

}  // namespace
}  // namespace mosaic::cli
