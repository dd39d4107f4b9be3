#pragma once

#include <optional>
#include <string>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic sweep`: every point of a sweep file into a store.
struct SweepOptions {
  std::string sweep;  // the sweep file (path)
  std::string store;  // the SQLite store (path)
  bool resume = false;
  bool wait = false;           // another writer holds the store: wait for it instead of refusing
  std::optional<int> threads;  // default: all cores, or 1 per MPI rank

  static FieldTable<SweepOptions> fields();
  void validate() const;
};

// The options of `mosaic pareto`: the non-dominated points of a store.
struct ParetoOptions {
  std::string store;
  std::vector<std::string> minimize;  // columns
  std::vector<std::string> maximize;
  std::string where;  // a filter over the store's columns ("" = every point)

  static FieldTable<ParetoOptions> fields();
  void validate() const;
};

}  // namespace mosaic::study
