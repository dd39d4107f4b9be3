#include <iostream>
#include <memory>

#include "command.hpp"
#include "mosaic/core/options/compare_options.hpp"
#include "mosaic/evaluate/compare_study.hpp"
#include "mosaic/pages/text_pages.hpp"
#include "mosaic/record/documents.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/record_page.hpp"
#include "output_options.hpp"
#include "spec_options.hpp"
#include "study_flags.hpp"

namespace mosaic::cli {
namespace {

struct CompareArgs {
  SpecRequest spec;
  std::shared_ptr<study::CompareOptions> options = std::make_shared<study::CompareOptions>();
  OutputOptions output;
};

int run_compare(const CompareArgs& args) {
  const study::CompareOptions& options = *args.options;
  check_outputs(args.output, {args.spec.toml_path.value_or(""), options.catalog});
  const LinkSpec spec = load_spec(args.spec);
  options.validate();
  const bool bundled = options.catalog.empty();
  const power::BaselineCatalog catalog =
      io::load_baseline_catalog(bundled ? io::default_catalog_path() : options.catalog,
                                bundled ? "baseline catalog" : "catalog");
  const power::Comparison cmp = compare(spec, options, catalog);
  const nlohmann::json document = record::compare_record(cmp, catalog.origin, invocation(), spec);
  if (!args.output.html.empty()) io::write_record_page(document, args.output.html, "--html");
  if (args.output.json)
    std::cout << document.dump(1) << '\n';
  else
    std::cout << pages::compare_text(cmp, catalog.origin);
  return 0;
}

const RegisterCommand kCompare(40, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<CompareArgs>();
  auto* cmd = parent.add_subcommand(
      "compare",
      "Compare the design with copper, active copper, AOC, DSP pluggables, LPO/LRO and CPO: reach, "
      "W per end, pJ/bit, link FIT, added latency (baselines from data/baselines.toml)");
  add_spec_options(*cmd, args->spec);
  add_study_flags(*cmd, args->options);
  add_output_options(*cmd, args->output, "the comparison, with every source,");
  return [args] { return run_compare(*args); };
});

}  // namespace
}  // namespace mosaic::cli
