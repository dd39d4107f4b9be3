#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>

#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic::sweep {

// One headline output of a design point (record type "sweep point"). This one table drives the
// store's output columns, `mosaic pareto`'s objectives and CSV headers, and the design search's
// constraints. Its `link.*` columns are the report's `link` object (evaluation_columns()), so a
// figure is named and defined once.
struct PointColumn {
  std::string name;  // column name, e.g. "power.per_end_w"
  std::string unit;  // "" for dimensionless
  std::string doc;
  bool integer = false;  // stored as INTEGER (counts and flags)
  // nullopt = not computed for this point (stored as NULL), e.g. the margin when not asked.
  std::function<std::optional<double>(const Evaluation&)> value;
};

inline constexpr const char* kPointRecordType = "sweep point";

std::span<const PointColumn> point_columns();
// Index of a column by name, or -1.
int find_point_column(std::string_view name);

}  // namespace mosaic::sweep
