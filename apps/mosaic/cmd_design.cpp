#include <iostream>
#include <memory>
#include <vector>

#include "command.hpp"
#include "mosaic/core/options/design_options.hpp"
#include "mosaic/sweep/design_output.hpp"
#include "mosaic/sweep/design_search.hpp"
#include "mosaic/sweep/store.hpp"
#include "mosaic_io/atomic_file.hpp"
#include "mosaic_io/output_path.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

int run_design(const study::DesignOptions& options) {
  options.validate();
  // Refuse an unwritable store or output file before the search runs (a FIFO, a device, a
  // directory, the same file for both).
  std::vector<io::OutputPath> outputs;
  if (!options.store.empty()) outputs.push_back({options.store, "store"});
  if (!options.out.empty()) outputs.push_back({options.out, "out"});
  io::check_output_paths(outputs);
  if (!options.store.empty()) sweep::check_store_file(options.store);
  TerminalProgress progress("design");
  const sweep::DesignResult r = sweep::design_search(options, &progress);
  progress.finish();

  const std::string text = sweep::design_file_text(options, r, invocation());
  std::cout << text;
  if (!options.out.empty()) {
    io::AtomicFile out(options.out, "out");
    out.write(text);
    out.commit();
  }
  if (!options.store.empty()) sweep::write_design_store(options.store, r, invocation());
  return 0;
}

const RegisterCommand kDesign(62, [](CLI::App& parent) -> Runner {
  auto options = std::make_shared<study::DesignOptions>();
  auto* cmd = parent.add_subcommand(
      "design",
      "Search channel count, line rate, ECC and spares for the fewest watts per end that meet "
      "the constraints; prints the winner as a design file `mosaic simulate` loads unchanged");
  add_study_flags(*cmd, options);
  return [options] { return run_design(*options); };
});

}  // namespace
}  // namespace mosaic::cli
