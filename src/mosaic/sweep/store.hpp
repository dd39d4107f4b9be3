#pragma once

#include <sqlite3.h>

#include <memory>
#include <string>
#include <vector>

#include "mosaic/sweep/evaluate_point.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace mosaic::sweep {

class StoreLock;

// The results of one sweep in one SQLite file (no server). Table `points`: one row per design
// point, keyed by its index in the sweep: every design key of the point (column named after the
// key), the headline outputs (point_columns()), the full report as JSON (`report_json`) and the
// evaluation's wall-clock time (`eval_s`, the only column that differs between identical runs).
// Table `meta`: the sweep's fingerprint, its file and size. A cluster sweep's store has the same
// layout with the cluster's keys as inputs, cluster_point_columns() as outputs and the cluster
// records as reports (record type "cluster point"). Each row is committed on its own, so a
// killed run loses at most the points in flight. One writer per store: the Store holds the
// store's lock (store_lock.hpp) while it is open. Not thread-safe.
class Store {
 public:
  // Creates the store in a new or empty file, or reopens it when `resume` and it was made by the
  // same sweep. Throws ConfigError("store", ...) when the path is no regular file, the file cannot
  // be written, is another kind of file or another program's database, was made by a different
  // sweep, already holds points and `resume` is false, or another process writes it (unless
  // `wait`: then it waits for that writer to finish). A file it made and refused is removed.
  Store(const std::string& path, const SweepDefinition& sweep, bool resume, bool wait = false);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Indices of the points not yet stored, ascending.
  std::vector<std::size_t> missing() const;
  std::size_t stored() const;
  void insert(const LinkSpec& point_spec, const PointResult& result);
  // A point of the sweep the store was made for: its design's keys, or in a cluster sweep its
  // cluster's keys, beside its outputs.
  void insert(const SweepDefinition& sweep, const PointResult& result);

 private:
  void exec(const std::string& sql);
  void bind_inputs(const std::vector<FieldValue>& values, int& col);
  void bind_outputs(const PointResult& result, int& col);
  void step();
  void create_tables(const SweepDefinition& sweep, const std::string& record_type);

  std::string path_;
  std::size_t total_ = 0;
  bool cluster_ = false;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
  std::unique_ptr<StoreLock> lock_;
};

// Refuses, before any work and without writing anything, a path that could not become a store:
// what Store's constructor refuses of the file itself (no regular file, another kind of file,
// another program's database, one another process is writing), so that `mosaic design --store`
// is refused before its search rather than after it. The sweep's own checks (fingerprint,
// resume) are the constructor's.
void check_store_file(const std::string& path);

// SQL identifier quoting ("fiber.length_m" -> "\"fiber.length_m\"").
std::string quote_identifier(const std::string& name);

}  // namespace mosaic::sweep
