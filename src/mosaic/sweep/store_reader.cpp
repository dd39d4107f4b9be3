#include "mosaic/sweep/store_reader.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/sweep/cluster_point.hpp"
#include "mosaic/sweep/point_columns.hpp"
#include "mosaic/sweep/store.hpp"

namespace mosaic::sweep {
namespace {

constexpr const char* kMadeBySweep = "a store made by `mosaic sweep` (tables meta and points)";

// A prepared statement finalized on every path out.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st_, nullptr) != SQLITE_OK) {
      sqlite3_finalize(st_);
      st_ = nullptr;
    }
  }
  ~Statement() { sqlite3_finalize(st_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return st_ != nullptr; }
  bool step() {
    rc_ = st_ ? sqlite3_step(st_) : SQLITE_ERROR;
    return rc_ == SQLITE_ROW;
  }
  // The last step neither gave a row nor ended the rows (a damaged or unreadable store).
  bool failed() const { return rc_ != SQLITE_ROW && rc_ != SQLITE_DONE; }
  sqlite3_stmt* get() { return st_; }
  std::string text(int col) {
    const auto* t = sqlite3_column_text(st_, col);
    return t ? reinterpret_cast<const char*>(t) : std::string();
  }

 private:
  sqlite3_stmt* st_ = nullptr;
  int rc_ = SQLITE_DONE;
};

StoreColumn describe(const std::string& name, const std::string& declared) {
  const StoreColumn::Type type = declared == "INTEGER" ? StoreColumn::Type::kInteger
                                 : declared == "TEXT"  ? StoreColumn::Type::kText
                                                       : StoreColumn::Type::kReal;
  using Role = StoreColumn::Role;
  if (name == "point") return {name, type, Role::kPoint, {}, "index of the point in the sweep"};
  if (name == "eval_s")
    return {name, type, Role::kTiming, std::string(1, 's'), "wall-clock time of the evaluation"};
  if (const FieldDesc* f = find_field(name)) return {name, type, Role::kInput, f->unit, f->doc};
  if (const int k = find_point_column(name); k >= 0) {
    const PointColumn& p = point_columns()[static_cast<std::size_t>(k)];
    return {name, type, Role::kOutput, p.unit, p.doc};
  }
  // A cluster store's keys and outputs.
  if (const ClusterField* f = find_cluster_field(name))
    return {name, type, Role::kInput, f->unit, f->doc};
  if (const int k = find_cluster_point_column(name); k >= 0) {
    const ClusterColumn& p = cluster_point_columns()[static_cast<std::size_t>(k)];
    return {name, type, Role::kOutput, p.unit, p.doc};
  }
  // A column this version does not know (a store from another version): shown, undescribed.
  return {name, type, Role::kOutput, {}, {}};
}

}  // namespace

const StoreColumnValues* StoreTable::find(const std::string& name) const {
  for (const auto& c : columns)
    if (c.column.name == name) return &c;
  return nullptr;
}

bool is_sqlite_file(const std::string& path) {
  static constexpr char kHeader[] = "SQLite format 3";  // 16 bytes with its NUL
  // Regular files only, opened without blocking: a FIFO given as a store or a record must not
  // hang the run before its type is known.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return false;
  std::array<char, sizeof kHeader> head{};
  struct stat opened {};
  const bool regular = ::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode);
  const ssize_t got = regular ? ::read(fd, head.data(), head.size()) : -1;
  ::close(fd);
  return got == static_cast<ssize_t>(head.size()) &&
         std::memcmp(head.data(), kHeader, sizeof kHeader) == 0;
}

namespace {

// file: URI of a path, for SQLite's immutable mode ('?', '#' and '%' escaped).
std::string file_uri(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '?' || c == '#' || c == '%') {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(c));
      uri += buf;
    } else {
      uri += c;
    }
  }
  return uri + "?immutable=1";
}

}  // namespace

StoreReader::StoreReader(const std::string& path, const std::string& field)
    : path_(path), field_(field) {
  const std::string shown = "\"" + path + "\"";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw ConfigError(field, shown, "an existing store made by `mosaic sweep`");
  if (!is_sqlite_file(path)) throw ConfigError(field, shown, kMadeBySweep, "it is not SQLite");
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw ConfigError(field, shown, "a readable SQLite file");
  }
  sqlite3_busy_timeout(db_, 10000);
  // A store in write-ahead-log mode needs its -shm file to be read; on a read-only volume (or in
  // a folder this user may not write) SQLite can neither find nor make it, and says so at the
  // first statement. Such a store is read as immutable: nothing can be writing it there.
  if (sqlite3_exec(db_, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) !=
      SQLITE_OK) {
    sqlite3_close(db_);
    db_ = nullptr;
    if (sqlite3_open_v2(file_uri(path).c_str(), &db_, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                        nullptr) != SQLITE_OK ||
        sqlite3_exec(db_, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) !=
            SQLITE_OK) {
      const std::string msg = db_ ? sqlite3_errmsg(db_) : "cannot open";
      sqlite3_close(db_);
      db_ = nullptr;
      throw ConfigError(field, shown, "a readable SQLite file", msg);
    }
  }
  try {
    bool has_reports = false;
    {
      Statement st(db_, "PRAGMA table_info(points)");
      while (st.step()) {
        const std::string name = st.text(1);
        if (name == "report_json")
          has_reports = true;
        else
          columns_.push_back(describe(name, st.text(2)));
      }
    }
    if (columns_.empty() || columns_.front().name != "point")
      throw ConfigError(field, shown, kMadeBySweep);
    if (!has_reports)
      throw ConfigError(field, shown, kMadeBySweep, "its points table has no report_json");
    {
      Statement st(db_, "SELECT count(*) FROM sqlite_master WHERE name = 'meta'");
      if (!st.step() || sqlite3_column_int(st.get(), 0) != 1)
        throw ConfigError(field, shown, kMadeBySweep);
    }
    if (const std::string type = meta("record_type");
        type != kPointRecordType && type != kClusterPointRecordType)
      throw ConfigError(field, shown, kMadeBySweep,
                        "its record type is \"" + type + "\", not \"" + kPointRecordType + "\"");
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

StoreReader::~StoreReader() {
  sqlite3_close(db_);
}

const StoreColumn* StoreReader::find_column(const std::string& name) const {
  for (const auto& c : columns_)
    if (c.name == name) return &c;
  return nullptr;
}

std::string StoreReader::meta(const std::string& key) const {
  Statement st(db_, "SELECT value FROM meta WHERE key = ?");
  if (!st.ok()) return {};
  sqlite3_bind_text(st.get(), 1, key.c_str(), -1, SQLITE_TRANSIENT);
  return st.step() ? st.text(0) : std::string();
}

std::vector<std::string> StoreReader::axes() const {
  std::vector<std::string> out;
  const std::string list = meta("axes");
  for (std::size_t pos = 0; pos < list.size();) {
    const std::size_t comma = std::min(list.find(',', pos), list.size());
    if (comma > pos) out.push_back(list.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

std::string StoreReader::sweep_file_text() const {
  return meta("sweep_file");
}

std::string StoreReader::fingerprint() const {
  return meta("fingerprint");
}

std::size_t StoreReader::planned_points() const {
  try {
    return static_cast<std::size_t>(std::stoull(meta("points")));
  } catch (const std::exception&) {
    return 0;
  }
}

std::size_t StoreReader::stored_points() const {
  Statement st(db_, "SELECT count(*) FROM points");
  return st.step() ? static_cast<std::size_t>(sqlite3_column_int64(st.get(), 0)) : 0;
}

std::vector<std::int64_t> StoreReader::point_indices() const {
  std::vector<std::int64_t> out;
  Statement st(db_, "SELECT point FROM points ORDER BY point");
  while (st.step()) out.push_back(sqlite3_column_int64(st.get(), 0));
  return out;
}

StoreTable StoreReader::read_table() const {
  StoreTable table;
  std::string sql = "SELECT ";
  for (std::size_t k = 0; k < columns_.size(); ++k)
    sql += (k ? ", " : "") + quote_identifier(columns_[k].name);
  sql += " FROM points ORDER BY point";
  Statement st(db_, sql);
  if (!st.ok()) throw ConfigError(field_, "\"" + path_ + "\"", kMadeBySweep, sqlite3_errmsg(db_));
  for (std::size_t k = 1; k < columns_.size(); ++k) table.columns.push_back({columns_[k], {}, {}});
  while (st.step()) {
    table.points.push_back(sqlite3_column_int64(st.get(), 0));
    for (std::size_t k = 1; k < columns_.size(); ++k) {
      StoreColumnValues& c = table.columns[k - 1];
      const int col = static_cast<int>(k);
      const int type = sqlite3_column_type(st.get(), col);
      if (c.column.type == StoreColumn::Type::kText) {
        c.text.push_back(type == SQLITE_NULL ? std::nullopt
                                             : std::optional<std::string>(st.text(col)));
      } else {
        c.numbers.push_back(type == SQLITE_INTEGER || type == SQLITE_FLOAT
                                ? std::optional<double>(sqlite3_column_double(st.get(), col))
                                : std::nullopt);
      }
    }
  }
  if (st.failed())
    throw ConfigError(field_, "\"" + path_ + "\"", "a readable store", sqlite3_errmsg(db_));
  return table;
}

std::optional<std::string> StoreReader::report_json(std::int64_t point) const {
  Statement st(db_, "SELECT report_json FROM points WHERE point = ?");
  if (!st.ok()) return std::nullopt;
  sqlite3_bind_int64(st.get(), 1, point);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

}  // namespace mosaic::sweep
