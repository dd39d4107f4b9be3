#include <algorithm>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "mosaic/core/options/sweep_options.hpp"
#include "mosaic/sweep/pareto.hpp"
#include "study_flags.hpp"

namespace mosaic::cli {
namespace {

struct ParetoArgs {
  std::shared_ptr<study::ParetoOptions> options = std::make_shared<study::ParetoOptions>();
  bool csv = false;
};

int run_pareto(const ParetoArgs& args) {
  const auto front = sweep::pareto_front(*args.options);
  if (args.csv) {
    std::cout << sweep::pareto_csv(front);
    return 0;
  }
  std::vector<std::size_t> width(front.columns.size());
  for (std::size_t k = 0; k < width.size(); ++k) {
    width[k] = front.columns[k].size();
    for (const auto& row : front.text) width[k] = std::max(width[k], row[k].size());
  }
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t k = 0; k < cells.size(); ++k)
      std::cout << (k ? "  " : "") << std::string(width[k] - cells[k].size(), ' ') << cells[k];
    std::cout << '\n';
  };
  line(front.columns);
  for (const auto& row : front.text) line(row);
  std::cout << front.text.size() << " non-dominated of " << front.considered << " points\n";
  return 0;
}

const RegisterCommand kPareto(61, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<ParetoArgs>();
  auto* cmd = parent.add_subcommand(
      "pareto", "The non-dominated designs of a sweep store over the objectives given");
  add_study_flags(*cmd, args->options);
  cmd->add_flag("--csv", args->csv, "Print CSV instead of a table");
  return [args] { return run_pareto(*args); };
});

}  // namespace
}  // namespace mosaic::cli
