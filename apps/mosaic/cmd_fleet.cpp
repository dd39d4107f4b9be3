#include <iostream>
#include <memory>

#include "command.hpp"
#include "mosaic/core/options/fleet_options.hpp"
#include "mosaic/pages/text_pages.hpp"
#include "mosaic/record/documents.hpp"
#include "mosaic/reliability/fleet_study.hpp"
#include "mosaic_io/record_page.hpp"
#include "output_options.hpp"
#include "spec_options.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct FleetArgs {
  SpecRequest spec;
  std::shared_ptr<study::FleetOptions> options = std::make_shared<study::FleetOptions>();
  OutputOptions output;
};

int run_fleet(const FleetArgs& args) {
  check_outputs(args.output, {args.spec.toml_path.value_or("")});
  const LinkSpec spec = load_spec(args.spec);
  TerminalProgress progress("fleet");
  const reliability::FleetStudyResult f = reliability::fleet(spec, *args.options, &progress);
  progress.finish();
  const nlohmann::json document = record::fleet_record(f.fleet, f.closed_form, invocation(), spec);
  if (!args.output.html.empty()) io::write_record_page(document, args.output.html, "--html");
  if (args.output.json)
    std::cout << document.dump(1) << '\n';
  else
    std::cout << pages::fleet_text(document);
  return 0;
}

const RegisterCommand kFleet(50, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<FleetArgs>();
  auto* cmd = parent.add_subcommand(
      "fleet",
      "Monte Carlo of a fleet of links over years: failures per year and time between failures "
      "with confidence intervals, failed links replaced after the MTTR");
  add_spec_options(*cmd, args->spec);
  add_study_flags(*cmd, args->options);
  add_output_options(*cmd, args->output, "the result, closed form included,");
  return [args] { return run_fleet(*args); };
});

}  // namespace
}  // namespace mosaic::cli
