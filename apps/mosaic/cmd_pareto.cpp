#include <algorithm>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "mosaic/sweep/pareto.hpp"

namespace mosaic::cli {
namespace {

struct ParetoArgs {
  std::string store;
  std::vector<sweep::Objective> objectives;  // in command-line order
  std::string where;
  bool csv = false;
};

int run_pareto(const ParetoArgs& args) {
  const auto front = sweep::pareto_front(args.store, args.objectives, args.where);
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
  cmd->add_option("store", args->store, "SQLite store written by `mosaic sweep`")
      ->required()
      ->type_name("STORE.db");
  cmd->add_option_function<std::vector<std::string>>(
         "--min",
         [args](const std::vector<std::string>& v) {
           for (const auto& c : v) args->objectives.push_back({c, false});
         },
         "Objective to minimize, a column such as power.per_end_w (repeatable)")
      ->type_name("COLUMN")
      ->allow_extra_args(false)
      ->trigger_on_parse();
  cmd->add_option_function<std::vector<std::string>>(
         "--max",
         [args](const std::vector<std::string>& v) {
           for (const auto& c : v) args->objectives.push_back({c, true});
         },
         "Objective to maximize, e.g. link.optical_margin_db (repeatable)")
      ->type_name("COLUMN")
      ->allow_extra_args(false)
      ->trigger_on_parse();
  cmd->add_option("--where", args->where,
                  "Only rows matching this SQL expression, e.g. \"link.meets_kp4 = 1 AND "
                  "fiber.length_m >= 30\"")
      ->type_name("EXPR");
  cmd->add_flag("--csv", args->csv, "Print CSV instead of a table");
  return [args] { return run_pareto(*args); };
});

}  // namespace
}  // namespace mosaic::cli
