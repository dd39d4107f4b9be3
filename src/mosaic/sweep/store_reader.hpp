#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace mosaic::sweep {

// A column of a store's `points` table, as the store declares it and as the design schema and
// the headline-output table describe it.
struct StoreColumn {
  enum class Type { kInteger, kReal, kText };
  enum class Role { kPoint, kInput, kOutput, kTiming };
  std::string name;
  Type type = Type::kReal;
  Role role = Role::kOutput;
  std::string unit;  // "" when dimensionless or unknown
  std::string doc;
};

// Every row's value of one column, in point order. Numbers for INTEGER and REAL columns, text for
// TEXT ones; NULL is nullopt in either.
struct StoreColumnValues {
  StoreColumn column;
  std::vector<std::optional<double>> numbers;
  std::vector<std::optional<std::string>> text;
};

struct StoreTable {
  std::vector<std::int64_t> points;        // ascending
  std::vector<StoreColumnValues> columns;  // every column but `point` and `report_json`

  const StoreColumnValues* find(const std::string& name) const;
};

// True when the file starts with SQLite's header (so it is read as a store, not as JSON).
bool is_sqlite_file(const std::string& path);

// Read-only access to a store written by `mosaic sweep` (layout in store.hpp). Opening checks that
// the file is one; every error is a ConfigError naming `field` (the argument the path came from).
class StoreReader {
 public:
  explicit StoreReader(const std::string& path, const std::string& field = "store");
  ~StoreReader();
  StoreReader(const StoreReader&) = delete;
  StoreReader& operator=(const StoreReader&) = delete;

  const std::string& path() const { return path_; }
  // The columns of `points` in table order (`point` first, `report_json` left out).
  const std::vector<StoreColumn>& columns() const { return columns_; }
  const StoreColumn* find_column(const std::string& name) const;
  // A `meta` value ("" when the key is absent).
  std::string meta(const std::string& key) const;
  std::vector<std::string> axes() const;  // the swept keys, in sweep-file order
  std::string sweep_file_text() const;    // the sweep file as it was read
  std::string fingerprint() const;
  std::size_t planned_points() const;  // the sweep's size (0 when not recorded)
  std::size_t stored_points() const;

  // Every stored row's values of every column but `report_json`.
  StoreTable read_table() const;
  // Stored point indices, ascending.
  std::vector<std::int64_t> point_indices() const;
  // The point's full report JSON (as `mosaic simulate --json` writes it, without timing), or
  // nullopt when the store has no such point.
  std::optional<std::string> report_json(std::int64_t point) const;

  // The open read-only connection, for queries of its own (pareto's --where).
  sqlite3* handle() const { return db_; }

 private:
  std::string path_;
  std::string field_;
  sqlite3* db_ = nullptr;
  std::vector<StoreColumn> columns_;
};

}  // namespace mosaic::sweep
