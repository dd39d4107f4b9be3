#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/options/sweep_options.hpp"

namespace mosaic::sweep {

struct Objective {
  std::string column;  // a column of the store: a headline output or a design key
  bool maximize = false;
};

// The non-dominated rows of a store: no other row is at least as good on every objective and
// better on one. Rows where an objective is NULL (e.g. a margin not computed) take no part.
struct ParetoFront {
  std::vector<std::string> columns;  // point, the sweep's axes, then the objectives
  std::vector<std::vector<std::optional<double>>> numbers;  // as stored (NULL = nullopt)
  std::vector<std::vector<std::string>> text;               // the same, formatted for output
  std::size_t considered = 0;  // rows that passed `where` with every objective set
};

// `where` is a filter over the store's columns (where_filter.hpp: comparisons, and / or / not;
// dotted column names bare, power.per_end_w < 10), never pasted into SQL. Throws ConfigError for an
// unreadable store, an unknown column or a bad expression. Rows come ordered by the first objective
// (best first), ties by point. The pareto study: the columns of options.minimize, then of
// options.maximize, as objectives.
ParetoFront pareto_front(const study::ParetoOptions& options);
ParetoFront pareto_front(const std::string& store_path, const std::vector<Objective>& objectives,
                         const std::string& where = {});

// The front as CSV (`mosaic pareto --csv`): a header of column names, then one line per row of
// `text`; fields holding a comma, a quote or a newline are quoted.
std::string pareto_csv(const ParetoFront& front);

// Pure dominance filter on rows of objective values (all to be minimized); returns the indices of
// the non-dominated rows, ordered by the first objective, ties by index.
std::vector<std::size_t> non_dominated(const std::vector<std::vector<double>>& rows);

}  // namespace mosaic::sweep
