#include "mosaic/core/options/sweep_options.hpp"

#include "mosaic/core/error.hpp"

namespace mosaic::study {
namespace {

std::string column_item(const std::string& text, const FieldInfo& field) {
  if (text.empty()) throw ConfigError(field.key, "\"\"", "a column name of the store");
  return text;
}

std::string same(const std::string& text) {
  return text;
}

}  // namespace

FieldTable<SweepOptions> SweepOptions::fields() {
  using namespace schema;
  using O = SweepOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(positional(path(text<O>("sweep", &O::sweep, "a sweep file (TOML)",
                                        "Sweep file: axes over design keys (docs/sweep.md)"))));
    t.push_back(path(text<O>("store", &O::store, "a file path",
                             "SQLite store of results (created if missing)")));
    t.push_back(boolean<O>("resume", &O::resume,
                           "Evaluate only the points missing from an existing store of the same "
                           "sweep"));
    t.push_back(boolean<O>("wait", &O::wait,
                           "When another sweep is writing the store, wait until it has finished "
                           "instead of refusing (one writer per store)"));
    t.push_back(optional_integer<O>(
        "threads", &O::threads, 0, kMaxThreads, "",
        "Points evaluated at once on this process (0 = all cores; default 0, or 1 per MPI rank); "
        "results do not depend on it"));
    return t;
  }();
  return table;
}

void SweepOptions::validate() const {
  check_fields(*this, fields());
  if (sweep.empty()) throw ConfigError("sweep", "\"\"", "a sweep file");
  if (store.empty()) throw ConfigError("store", "\"\"", "a file path for the store");
}

FieldTable<ParetoOptions> ParetoOptions::fields() {
  using namespace schema;
  using O = ParetoOptions;
  static const std::vector<Field<O>> table = [] {
    std::vector<Field<O>> t;
    t.push_back(positional(path(text<O>("store", &O::store, "a sweep store",
                                        "Sweep store (SQLite, made by mosaic sweep)"))));
    t.push_back(list<O>("minimize", &O::minimize, "column names",
                        "Columns to minimise, e.g. power.per_end_w", column_item, same));
    t.push_back(list<O>("maximize", &O::maximize, "column names",
                        "Columns to maximise, e.g. link.optical_margin_db", column_item, same));
    t.push_back(text<O>("where", &O::where, "a filter over the store's columns",
                        "Only points matching this filter, e.g. \"fiber.length_m >= 30\""));
    return t;
  }();
  return table;
}

void ParetoOptions::validate() const {
  check_fields(*this, fields());
  if (store.empty()) throw ConfigError("store", "\"\"", "a sweep store");
  if (minimize.empty() && maximize.empty())
    throw ConfigError("minimize", "none",
                      "at least one objective in minimize or maximize, e.g. power.per_end_w");
}

}  // namespace mosaic::study
