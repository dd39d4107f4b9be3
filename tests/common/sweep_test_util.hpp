#pragma once

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/cli_run.hpp"

namespace mosaic::sweep::testing_util {

// A sweep over a 4x4 array: each point costs milliseconds.
inline const char* kSmallBase = R"([base]
preset = "prototype"
set = ["array.rows=4", "array.cols=4", "array.data_channels=12", "array.spare_channels=4",
       "link.host_lanes=1", "link.host_lane_rate_gbps=20"]
)";

using mosaic::test::CliRun;
using mosaic::test::run_cli;

// A path under TempDir() no other test process uses: ctest runs the programs of every layer side
// by side, and two of them writing one name there (bad.toml) read each other's text.
inline std::string own_temp_path(const std::string& name) {
  return ::testing::TempDir() + "mosaic_" + std::to_string(getpid()) + "_" + name;
}

// A store path of this process with no file (nor SQLite's -wal/-shm) left there.
inline std::string fresh(const std::string& name) {
  const std::string path = own_temp_path(name);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

inline std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = own_temp_path(name);
  std::ofstream(path) << text;
  return path;
}

// Every row of a store as text, in point order, the timing column left out.
inline std::vector<std::string> store_rows(const std::string& path) {
  std::vector<std::string> rows;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return rows;
  }
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT * FROM points ORDER BY point", -1, &st, nullptr) == SQLITE_OK)
    while (sqlite3_step(st) == SQLITE_ROW) {
      std::string row;
      for (int k = 0; k < sqlite3_column_count(st); ++k) {
        if (std::string(sqlite3_column_name(st, k)) == "eval_s") continue;
        const auto* t = sqlite3_column_text(st, k);
        row += (t ? reinterpret_cast<const char*>(t) : "NULL") + std::string("|");
      }
      rows.push_back(row);
    }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return rows;
}

}  // namespace mosaic::sweep::testing_util
