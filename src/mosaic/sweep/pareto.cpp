#include "mosaic/sweep/pareto.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "mosaic/core/error.hpp"
#include "mosaic/sweep/store.hpp"
#include "mosaic/sweep/store_reader.hpp"
#include "mosaic/sweep/where_filter.hpp"

namespace mosaic::sweep {
namespace {

std::string format_number(double v, bool integer) {
  if (integer) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{:.6g}", v);
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

std::string pareto_csv(const ParetoFront& front) {
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t k = 0; k < cells.size(); ++k) {
      if (k) out += ',';
      out += csv_field(cells[k]);
    }
    out += '\n';
  };
  line(front.columns);
  for (const auto& row : front.text) line(row);
  return out;
}

std::vector<std::size_t> non_dominated(const std::vector<std::vector<double>>& rows) {
  std::vector<std::size_t> order(rows.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Lexicographic order: no row can be dominated by one after it, so each row need only be
  // checked against the front found so far.
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return rows[a] < rows[b]; });
  std::vector<std::size_t> front;
  for (std::size_t i : order) {
    bool dominated = false;
    for (std::size_t f : front) {
      bool all_le = true;
      bool any_lt = false;
      for (std::size_t k = 0; k < rows[i].size(); ++k) {
        all_le = all_le && rows[f][k] <= rows[i][k];
        any_lt = any_lt || rows[f][k] < rows[i][k];
      }
      // Equal rows: the first (lowest point) stands for them.
      if (all_le && (any_lt || rows[f] == rows[i])) {
        dominated = true;
        break;
      }
    }
    if (!dominated) front.push_back(i);
  }
  return front;
}

ParetoFront pareto_front(const std::string& path, const std::vector<Objective>& objectives,
                         const std::string& where) {
  if (objectives.empty())
    throw ConfigError("minimize", "none",
                      "at least one objective in minimize or maximize, e.g. power.per_end_w");
  // Opening checks that the file is a store; the reader's connection is read-only.
  const StoreReader store(path, "store");
  sqlite3* db = store.handle();
  std::set<std::string> columns;
  std::set<std::string> integer_columns;
  for (const auto& c : store.columns()) {
    columns.insert(c.name);
    if (c.type == StoreColumn::Type::kInteger) integer_columns.insert(c.name);
  }
  const std::vector<std::string> axes = store.axes();
  for (const auto& o : objectives)
    if (!columns.count(o.column))
      throw ConfigError(o.maximize ? "maximize" : "minimize", "\"" + o.column + "\"",
                        "a column of the store, e.g. power.per_end_w, link.optical_margin_db, "
                        "link.log10_worst_ber, or a design key");

  ParetoFront front;
  front.columns.push_back("point");
  for (const auto& a : axes) front.columns.push_back(a);
  for (const auto& o : objectives)
    if (std::find(front.columns.begin(), front.columns.end(), o.column) == front.columns.end())
      front.columns.push_back(o.column);
  std::string sql = "SELECT ";
  for (std::size_t k = 0; k < front.columns.size(); ++k)
    sql += (k ? ", " : "") + quote_identifier(front.columns[k]);
  for (const auto& o : objectives) sql += ", " + quote_identifier(o.column);
  sql += " FROM points";
  std::string cond;
  for (const auto& o : objectives)
    cond += (cond.empty() ? "" : " AND ") + quote_identifier(o.column) + " IS NOT NULL";
  // The filter is parsed, not pasted: its names are the store's columns and its values bound.
  WhereSql filter;
  if (!where.empty()) {
    filter = compile_where(where, columns);
    cond += " AND " + filter.condition;
  }
  sql += " WHERE " + cond + " ORDER BY point";
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
    const std::string msg = sqlite3_errmsg(db);
    sqlite3_finalize(st);
    throw ConfigError("store", "\"" + path + "\"", "a store made by `mosaic sweep`", msg);
  }
  for (std::size_t k = 0; k < filter.parameters.size(); ++k) {
    const int slot = static_cast<int>(k) + 1;
    if (const auto* d = std::get_if<double>(&filter.parameters[k]))
      sqlite3_bind_double(st, slot, *d);
    else
      sqlite3_bind_text(st, slot, std::get<std::string>(filter.parameters[k]).c_str(), -1,
                        SQLITE_TRANSIENT);
  }
  std::vector<std::vector<std::optional<double>>> numbers;
  std::vector<std::vector<std::string>> text;
  std::vector<std::vector<double>> keys;
  const int shown = static_cast<int>(front.columns.size());
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    std::vector<std::optional<double>> n;
    std::vector<std::string> t;
    for (int k = 0; k < shown; ++k) {
      const int type = sqlite3_column_type(st, k);
      if (type == SQLITE_NULL) {
        n.push_back(std::nullopt);
        t.emplace_back("");
      } else if (type == SQLITE_TEXT) {
        n.push_back(std::nullopt);
        t.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, k)));
      } else {
        const double v = sqlite3_column_double(st, k);
        n.push_back(v);
        t.push_back(format_number(
            v, k == 0 || integer_columns.count(front.columns[k]) || type == SQLITE_INTEGER));
      }
    }
    std::vector<double> key;
    for (std::size_t k = 0; k < objectives.size(); ++k) {
      const double v = sqlite3_column_double(st, shown + static_cast<int>(k));
      key.push_back(objectives[k].maximize ? -v : v);
    }
    numbers.push_back(std::move(n));
    text.push_back(std::move(t));
    keys.push_back(std::move(key));
  }
  // A read that stops early (a damaged store, an I/O error) is no front: an empty one would look
  // like an answer.
  if (rc != SQLITE_DONE) {
    const std::string msg = sqlite3_errmsg(db);
    sqlite3_finalize(st);
    throw ConfigError("store", "\"" + path + "\"", "a readable store made by `mosaic sweep`", msg);
  }
  sqlite3_finalize(st);
  front.considered = keys.size();
  for (std::size_t i : non_dominated(keys)) {
    front.numbers.push_back(numbers[i]);
    front.text.push_back(text[i]);
  }
  return front;
}

ParetoFront pareto_front(const study::ParetoOptions& options) {
  options.validate();
  std::vector<Objective> objectives;
  for (const auto& c : options.minimize) objectives.push_back({c, false});
  for (const auto& c : options.maximize) objectives.push_back({c, true});
  return pareto_front(options.store, objectives, options.where);
}

}  // namespace mosaic::sweep
