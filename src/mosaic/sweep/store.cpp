#include "mosaic/sweep/store.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/sweep/cluster_point.hpp"
#include "mosaic/sweep/grid.hpp"
#include "mosaic/sweep/point_columns.hpp"
#include "mosaic/sweep/store_lock.hpp"
#include "mosaic/sweep/store_reader.hpp"

namespace mosaic::sweep {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& allowed,
                         const std::string& hint = {}) {
  throw ConfigError("store", "\"" + path + "\"", allowed, hint);
}

std::string column_type(FieldKind kind) {
  switch (kind) {
    case FieldKind::kInteger:
    case FieldKind::kBool:
      return "INTEGER";
    case FieldKind::kChoice:
      return "TEXT";
    default:
      return "REAL";
  }
}

// A cluster key's column: text keys and lists (as --set writes them) are TEXT.
std::string cluster_column_type(FieldKind kind) {
  switch (kind) {
    case FieldKind::kInteger:
    case FieldKind::kOptionalInteger:
    case FieldKind::kBool:
      return "INTEGER";
    case FieldKind::kChoice:
    case FieldKind::kText:
    case FieldKind::kList:
      return "TEXT";
    default:
      return "REAL";
  }
}

std::string meta_value(sqlite3* db, const char* key) {
  sqlite3_stmt* st = nullptr;
  std::string out;
  if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?", -1, &st, nullptr) ==
      SQLITE_OK) {
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
      if (const auto* t = sqlite3_column_text(st, 0)) out = reinterpret_cast<const char*>(t);
  }
  sqlite3_finalize(st);
  return out;
}

// The names of the database's tables; a file SQLite cannot read is refused.
std::vector<std::string> table_names(sqlite3* db, const std::string& path) {
  sqlite3_stmt* st = nullptr;
  std::vector<std::string> out;
  if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
                         -1, &st, nullptr) != SQLITE_OK) {
    const std::string msg = sqlite3_errmsg(db);
    sqlite3_finalize(st);
    refuse(path, "an SQLite store made by `mosaic sweep`, or a new or empty file", msg);
  }
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW)
    out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE)
    refuse(path, "an SQLite store made by `mosaic sweep`, or a new or empty file",
           sqlite3_errmsg(db));
  return out;
}

}  // namespace

void check_store_file(const std::string& path) {
  if (path.empty()) refuse(path, "a file path for the store");
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return;  // a new store; its folder is the caller's
  if (std::filesystem::is_directory(path, ec))
    refuse(path, "a file path for the store (it is a directory)");
  if (!std::filesystem::is_regular_file(path, ec))
    refuse(path, "a regular file or a new path (not a device, FIFO or socket)");
  if (std::filesystem::file_size(path, ec) == 0) return;
  if (!is_sqlite_file(path))
    refuse(path, "an SQLite store made by `mosaic sweep`, or a new or empty file",
           "it is another kind of file");
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    refuse(path, "a readable SQLite file");
  }
  sqlite3_busy_timeout(db, 2000);
  std::vector<std::string> tables;
  try {
    tables = table_names(db, path);
  } catch (...) {
    sqlite3_close(db);
    throw;
  }
  sqlite3_close(db);
  const bool ours = std::find(tables.begin(), tables.end(), "meta") != tables.end() &&
                    std::find(tables.begin(), tables.end(), "points") != tables.end();
  if (!tables.empty() && !ours)
    refuse(path, "an SQLite store made by `mosaic sweep`, or a new or empty file",
           "it is another program's database");
}

std::string quote_identifier(const std::string& name) {
  std::string q = "\"";
  for (char c : name) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

Store::Store(const std::string& path, const SweepDefinition& sweep, bool resume, bool wait)
    : path_(path), total_(sweep.grid.points.size()), cluster_(sweep.cluster.has_value()) {
  // The lock first: nothing is read or written until this process is the store's one writer.
  lock_ = std::make_unique<StoreLock>(path, wait);
  const std::string record_type = cluster_ ? kClusterPointRecordType : kPointRecordType;
  try {
    // A store is made only in a new or empty file: another program's file or database is never
    // given mosaic's tables.
    if (lock_->size_when_locked() > 0 && !is_sqlite_file(path))
      refuse(path, "an SQLite store made by `mosaic sweep`, or a new or empty file",
             "it is another kind of file; nothing was written to it");
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK)
      refuse(path, "a writable SQLite file", sqlite3_errmsg(db_));
    sqlite3_busy_timeout(db_, 10000);
    const std::vector<std::string> tables = table_names(db_, path);
    const bool has_meta = std::find(tables.begin(), tables.end(), "meta") != tables.end();
    const bool has_points = std::find(tables.begin(), tables.end(), "points") != tables.end();
    if (!tables.empty() && !(has_meta && has_points)) {
      std::string list;
      for (const auto& t : tables) list += (list.empty() ? "" : ", ") + t;
      refuse(path, "an SQLite store made by `mosaic sweep`, or a new or empty file",
             "it is another program's database (tables " + list + "); nothing was written to it");
    }
    if (has_meta) {
      if (const std::string type = meta_value(db_, "record_type"); type != record_type)
        refuse(path, "a store of \"" + record_type + "\" rows (it holds \"" + type + "\")",
               "use a new store");
      const std::string fp = meta_value(db_, "fingerprint");
      if (fp != sweep.fingerprint)
        refuse(path,
               "a store made by this sweep (it holds another sweep, fingerprint " + fp +
                   ", this one is " + sweep.fingerprint + ")",
               "use a new store, or the sweep file it was made with");
      if (!resume && stored() > 0)
        refuse(path,
               "a new file (it already holds " + std::to_string(stored()) + " of " +
                   std::to_string(total_) + " points of this sweep)",
               "resume to evaluate only the missing points");
    } else {
      create_tables(sweep, record_type);
    }
    exec("PRAGMA synchronous = NORMAL");
    // Who writes now, for a writer refused while this one runs.
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db_, "INSERT OR REPLACE INTO meta VALUES ('writer', ?)", -1, &st, nullptr);
    const std::string me = describe_this_writer();
    sqlite3_bind_text(st, 1, me.c_str(), -1, SQLITE_TRANSIENT);
    const int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) refuse(path, "a writable SQLite file", sqlite3_errmsg(db_));
    std::string insert = "INSERT INTO points VALUES (?";
    const std::size_t n = cluster_
                              ? 1 + cluster_fields().size() + cluster_point_columns().size() + 2
                              : 1 + link_spec_fields().size() + point_columns().size() + 2;
    for (std::size_t i = 1; i < n; ++i) insert += ", ?";
    insert += ")";
    if (sqlite3_prepare_v2(db_, insert.c_str(), -1, &insert_, nullptr) != SQLITE_OK)
      refuse(path, "a store of this version of mosaic (" + std::string(sqlite3_errmsg(db_)) + ")");
  } catch (...) {
    sqlite3_finalize(insert_);
    sqlite3_close(db_);
    // A file this run made and could not make a store of is removed, with SQLite's companions.
    if (lock_->created())
      for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        std::error_code ec;
        std::filesystem::remove(path + suffix, ec);
      }
    lock_.reset();
    throw;
  }
}

void Store::create_tables(const SweepDefinition& sweep, const std::string& record_type) {
  exec("PRAGMA journal_mode = WAL");
  std::string create = "CREATE TABLE points (point INTEGER PRIMARY KEY";
  if (cluster_) {
    for (const auto& f : cluster_fields())
      create += ", " + quote_identifier(f.key) + " " + cluster_column_type(f.kind);
    for (const auto& c : cluster_point_columns())
      create += ", " + quote_identifier(c.name) + (c.integer ? " INTEGER" : " REAL");
  } else {
    for (const auto& f : link_spec_fields())
      create += ", " + quote_identifier(f.key) + " " + column_type(f.kind);
    for (const auto& c : point_columns())
      create += ", " + quote_identifier(c.name) + (c.integer ? " INTEGER" : " REAL");
  }
  create += ", report_json TEXT NOT NULL, eval_s REAL)";
  exec("BEGIN");
  exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  exec(create);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db_, "INSERT INTO meta VALUES (?, ?)", -1, &st, nullptr);
  std::string axes;
  for (const auto& a : sweep.grid.axes) axes += (axes.empty() ? "" : ",") + a.key;
  const std::pair<std::string, std::string> rows[] = {
      {"record_type", record_type},
      {"fingerprint", sweep.fingerprint},
      {"points", std::to_string(total_)},
      {"axes", axes},
      {"margin", sweep.options.margin ? "true" : "false"},
      {"mosaic_version", kVersion},
      {"sweep_file", sweep.text}};
  for (const auto& [k, v] : rows) {
    sqlite3_bind_text(st, 1, k.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, v.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(st);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  exec("COMMIT");
}

Store::~Store() {
  sqlite3_finalize(insert_);
  // The writer's note goes with it (a store closed cleanly is the same whoever wrote it); one
  // left by a killed writer only ever shows while another holds the lock.
  sqlite3_exec(db_, "DELETE FROM meta WHERE key = 'writer'", nullptr, nullptr, nullptr);
  sqlite3_close(db_);
  lock_.reset();  // after SQLite's connection: closing the lock's descriptor ends the lock
}

void Store::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    refuse(path_, "a writable SQLite file (" + msg + ")");
  }
}

std::size_t Store::stored() const {
  sqlite3_stmt* st = nullptr;
  std::size_t n = 0;
  if (sqlite3_prepare_v2(db_, "SELECT count(*) FROM points", -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    n = static_cast<std::size_t>(sqlite3_column_int64(st, 0));
  sqlite3_finalize(st);
  return n;
}

std::vector<std::size_t> Store::missing() const {
  std::vector<char> done(total_, 0);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db_, "SELECT point FROM points", -1, &st, nullptr);
  while (sqlite3_step(st) == SQLITE_ROW) {
    const auto i = sqlite3_column_int64(st, 0);
    if (i >= 0 && static_cast<std::size_t>(i) < total_) done[i] = 1;
  }
  sqlite3_finalize(st);
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < total_; ++i)
    if (!done[i]) out.push_back(i);
  return out;
}

void Store::bind_inputs(const std::vector<FieldValue>& values, int& col) {
  for (const FieldValue& v : values) {
    if (const auto* d = std::get_if<double>(&v)) {
      sqlite3_bind_double(insert_, col, *d);
    } else if (const auto* i = std::get_if<std::int64_t>(&v)) {
      sqlite3_bind_int64(insert_, col, *i);
    } else if (const auto* b = std::get_if<bool>(&v)) {
      sqlite3_bind_int(insert_, col, *b ? 1 : 0);
    } else if (const auto* s = std::get_if<std::string>(&v)) {
      sqlite3_bind_text(insert_, col, s->c_str(), -1, SQLITE_TRANSIENT);
    } else if (const auto* l = std::get_if<std::vector<std::string>>(&v)) {
      std::string joined;
      for (const auto& item : *l) joined += (joined.empty() ? "" : ",") + item;
      sqlite3_bind_text(insert_, col, joined.c_str(), -1, SQLITE_TRANSIENT);
    }
    ++col;
  }
}

void Store::bind_outputs(const PointResult& r, int& col) {
  for (std::size_t k = 0; k < r.outputs.size(); ++k, ++col) {
    if (!r.outputs[k]) continue;
    const bool integer = cluster_ ? cluster_point_columns()[k].integer : point_columns()[k].integer;
    if (integer) {
      sqlite3_bind_int64(insert_, col, static_cast<sqlite3_int64>(*r.outputs[k]));
    } else {
      sqlite3_bind_double(insert_, col, *r.outputs[k]);
    }
  }
  sqlite3_bind_text(insert_, col++, r.report_json.data(), static_cast<int>(r.report_json.size()),
                    SQLITE_STATIC);
  sqlite3_bind_double(insert_, col++, r.eval_s);
}

void Store::step() {
  // One statement outside any transaction: SQLite commits it atomically on its own.
  if (sqlite3_step(insert_) != SQLITE_DONE) {
    const std::string msg = sqlite3_errmsg(db_);
    sqlite3_reset(insert_);
    throw OutputError("cannot write 'store' \"" + path_ + "\": " + msg +
                      "; every point stored before is kept (resume to finish the sweep)");
  }
  sqlite3_reset(insert_);
}

void Store::insert(const LinkSpec& spec, const PointResult& r) {
  int col = 1;
  sqlite3_reset(insert_);
  sqlite3_clear_bindings(insert_);
  sqlite3_bind_int64(insert_, col++, static_cast<sqlite3_int64>(r.index));
  std::vector<FieldValue> values;
  for (const auto& f : link_spec_fields()) values.push_back(f.get(spec));
  bind_inputs(values, col);
  bind_outputs(r, col);
  step();
}

void Store::insert(const SweepDefinition& sweep, const PointResult& r) {
  if (!sweep.cluster) {
    insert(point_spec(sweep.base, sweep.grid, r.index), r);
    return;
  }
  const ClusterSpec spec = point_cluster(sweep.cluster->base, sweep.grid, r.index);
  int col = 1;
  sqlite3_reset(insert_);
  sqlite3_clear_bindings(insert_);
  sqlite3_bind_int64(insert_, col++, static_cast<sqlite3_int64>(r.index));
  std::vector<FieldValue> values;
  for (const auto& f : cluster_fields()) values.push_back(f.get(spec));
  bind_inputs(values, col);
  bind_outputs(r, col);
  step();
}

}  // namespace mosaic::sweep
