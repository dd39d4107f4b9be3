#pragma once

#include <string>

#include "mosaic/sweep/design_search.hpp"

namespace mosaic::sweep {

// What `mosaic design` (and Python's mosaic.design) make of a search, written once so that both
// print the same text and store the same rows.

// The winning design file: a comment header (goal, `invocation`, winner, reference, binding
// constraint, runners-up, the method) then every key of the winner as TOML that load_spec()
// reads back unchanged.
std::string design_file_text(const DesignGoal& goal, const DesignResult& result,
                             const std::string& invocation);

// Every design tried, as the rows of a zipped sweep over the keys the search varies, so that
// `mosaic pareto` reads a search like any sweep. `invocation` is kept as the store's sweep text.
void write_design_store(const std::string& path, const DesignResult& result,
                        const std::string& invocation);

}  // namespace mosaic::sweep
