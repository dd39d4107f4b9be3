#include <iostream>
#include <memory>

#include "command.hpp"
#include "mosaic/core/options/calibrate_options.hpp"
#include "mosaic/evaluate/calibration.hpp"
#include "mosaic/pages/text_pages.hpp"
#include "mosaic_io/atomic_file.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

const RegisterCommand kCalibrate(21, [](CLI::App& parent) -> Runner {
  auto options = std::make_shared<study::CalibrateOptions>();
  auto* cmd = parent.add_subcommand(
      "calibrate",
      "Rejection sampling of the calibration's chosen and fitted parameters over their priors: "
      "keeps the nominal set and every drawn candidate under which each published point "
      "(data/validation.toml) holds at array seeds 1..N, and prints the ensemble as TOML "
      "(data/calibration_ensemble.toml is this command's output at its defaults)");
  add_study_flags(*cmd, options, {{"output", "-o"}});
  return [options] {
    options->validate();
    const auto points = io::load_validation_points();
    TerminalProgress progress("calibrate");
    const CalibrationEnsemble ensemble = run_calibration(points, *options, &progress);
    progress.finish();
    const std::string text = format_calibration_ensemble(ensemble);
    if (options->output.empty()) {
      std::cout << text;
    } else {
      io::AtomicFile file(options->output, "output");
      file.write(text);
      file.commit();
      std::cout << pages::calibration_text(ensemble);
    }
    return 0;
  };
});

}  // namespace
}  // namespace mosaic::cli
