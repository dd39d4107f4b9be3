#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "command.hpp"
#include "mosaic/core/options/relay_options.hpp"
#include "mosaic/evaluate/relay_study.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/pages/text_pages.hpp"
#include "mosaic/record/documents.hpp"
#include "mosaic_io/phy_report_reader.hpp"
#include "mosaic_io/record_page.hpp"
#include "output_options.hpp"
#include "spec_options.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct RelayArgs {
  SpecRequest spec;
  std::shared_ptr<study::RelayOptions> options = std::make_shared<study::RelayOptions>();
  OutputOptions output;
};

int run_relay(const RelayArgs& args) {
  const study::RelayOptions& options = *args.options;
  check_outputs(args.output, {args.spec.toml_path.value_or(""), options.phy});
  const LinkSpec spec = load_spec(args.spec);
  options.validate();
  std::optional<link::FaultPlan> phy_report;
  if (!options.phy.empty()) {
    phy_report.emplace();
    const link::LinkConfig cfg = link::LinkConfig::from_spec(spec);
    io::read_phy_report(options.phy, cfg.physical_channels, cfg.line_rate_gbps, *phy_report);
  }
  TerminalProgress progress("relay");
  const link::RelayResult r = relay(spec, options, phy_report, &progress);
  progress.finish();
  const nlohmann::json document = record::relay_record(r, invocation(), spec);
  if (!args.output.html.empty()) io::write_record_page(document, args.output.html, "--html");
  if (args.output.json)
    std::cout << document.dump(2) << '\n';
  else
    std::cout << pages::relay_text(r);
  if (r.silent_corruption) {
    std::fprintf(stderr, "mosaic: silent corruption: %llu codewords wrong without a flag\n",
                 (unsigned long long)r.fec.silent);
    return 3;
  }
  return 0;
}

const RegisterCommand kRelay(30, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<RelayArgs>();
  auto* cmd = parent.add_subcommand(
      "relay",
      "Run the bit-exact link layer (gearbox, markers, deskew, cross-channel ECC, spare swaps) "
      "on a host stream and report whether the bits came out exactly");
  add_spec_options(*cmd, args->spec);
  add_study_flags(*cmd, args->options);
  add_output_options(*cmd, args->output, "the result");
  return [args] { return run_relay(*args); };
});

}  // namespace
}  // namespace mosaic::cli
