// Hostile input against the sweep surfaces: sweep files, stores, `pareto --where` and
// `mosaic design`'s outputs (one case per line, each a process under the suite's limits). Classes:
// crash (nesting), memory (axes), bad input accepted (foreign stores, seeds), hang (FIFOs), SQL
// (--where), data loss (outputs over inputs), concurrent use (a store another process writes).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "hostile_case.hpp"

namespace mosaic::hostile {
namespace {

const std::string kTwoPoints =
    prototype_sweep("[[axis]]\nkey = \"fiber.length_m\"\nvalues = [5, 10]\n");

std::vector<std::string> sweep_to(const std::string& store, std::vector<std::string> more = {}) {
  std::vector<std::string> a = {"sweep", "{dir}/s.toml", "--store", store, "--threads", "1"};
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

// The case's sweep file, plus whatever else `more` writes.
std::function<void(const std::string&)> sweep_file(
    std::string text, std::function<void(const std::string&)> more = {}) {
  return [=](const std::string& d) {
    write_file(d + "/s.toml", text);
    if (more) more(d);
  };
}

void make_fifo(const std::string& d) {
  ::mkfifo((d + "/fifo").c_str(), 0600);
}

// A finished two-point store at {dir}/s.db (and its sweep file at {dir}/s.toml).
void make_store(const std::string& d) {
  write_file(d + "/s.toml", kTwoPoints);
  CliRequest make;
  make.args = {"sweep", d + "/s.toml", "--store", d + "/s.db", "--threads", "1"};
  make.stdout_path = d + "/made.txt";
  ASSERT_EQ(run_cli(make).exit_code, 0);
}

// Another program's SQLite database at {dir}/foreign.db.
void make_foreign_db(const std::string& d) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((d + "/foreign.db").c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ada');", nullptr,
               nullptr, nullptr);
  sqlite3_close(db);
}

std::vector<std::string> tables_of(const std::string& path) {
  std::vector<std::string> out;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master ORDER BY name", -1, &st, nullptr);
    while (sqlite3_step(st) == SQLITE_ROW)
      out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return out;
}

void foreign_db_untouched(const std::string& d) {
  EXPECT_EQ(tables_of(d + "/foreign.db"), std::vector<std::string>{"users"});
}

std::size_t rows_of(const std::string& store) {
  sqlite3* db = nullptr;
  std::size_t n = 0;
  if (sqlite3_open_v2(store.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM points", -1, &st, nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      n = static_cast<std::size_t>(sqlite3_column_int64(st, 0));
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return n;
}

std::vector<std::string> pareto(const std::string& where) {
  return {"pareto", "{dir}/s.db", "--minimize", "power.per_end_w", "--where", where};
}

std::vector<HostileCase> cases() {
  std::vector<HostileCase> c;
  // --- sweep files: nesting, size, special files ---------------------------------------------
  c.push_back({"SweepDottedKey100000Parts", sweep_to("{dir}/s.db"), 2, "line 1",
               sweep_file(repeat("a", 100000, ".") + " = 1\n")});
  c.push_back({"SweepDeepTableHeader", sweep_to("{dir}/s.db"), 2, "line 1",
               sweep_file(std::string("[").append(repeat("x", 5000, ".")).append("]\ny = 1\n"))});
  c.push_back(
      {"SweepDeepArrays", sweep_to("{dir}/s.db"), 2, "",
       sweep_file("combine = " + std::string(20000, '[') + std::string(20000, ']') + "\n")});
  c.push_back(
      {"SweepDeepInlineTables", sweep_to("{dir}/s.db"), 2, "",
       sweep_file("base = " + repeat("{b=", 3000, "") + "1" + std::string(3000, '}') + "\n")});
  c.push_back({"SweepFileFifo",
               {"sweep", "{dir}/fifo", "--store", "{dir}/s.db"},
               2,
               "regular file",
               make_fifo});
  c.push_back(
      {"SweepFileDevZero", {"sweep", "/dev/zero", "--store", "{dir}/s.db"}, 2, "regular file"});
  c.push_back(
      {"SweepFileDirectory", {"sweep", "{dir}", "--store", "{dir}/s.db"}, 2, "regular file"});
  c.push_back(
      {"SweepFileMissing", {"sweep", "{dir}/none.toml", "--store", "{dir}/s.db"}, 2, "none.toml"});
  c.push_back({"SweepFileEmptyPath", {"sweep", "", "--store", "{dir}/s.db"}, 2, "'sweep'"});
  c.push_back(
      {"SweepFileOversized", sweep_to("{dir}/s.db"), 2, "at most", [](const std::string& d) {
         write_file(d + "/s.toml", "");
         ASSERT_EQ(::truncate((d + "/s.toml").c_str(), 17 << 20), 0);
       }});
  c.push_back({"SweepFileBinary", sweep_to("{dir}/s.db"), 2, "valid TOML",
               sweep_file(std::string("\x7f\x45\x4c\x46\x02\x01\x01\x00\xff\xfe", 10))});
  c.push_back({"SweepBaseDesignDeepKey", sweep_to("{dir}/s.db"), 2, "line 1",
               sweep_file("[base]\ndesign = \"d.toml\"\n[[axis]]\nkey = \"seed\"\nvalues = [1]\n",
                          file("d.toml", repeat("a", 100000, ".") + " = 1\n"))});
  c.push_back(
      {"SweepClusterFileDeepKey", sweep_to("{dir}/s.db"), 2, "line 1",
       sweep_file("[base]\ncluster_file = \"c.toml\"\n[[axis]]\nkey = \"floor.rack_pitch_m\"\n"
                  "values = [1.0]\n",
                  file("c.toml", repeat("a", 100000, ".") + " = 1\n"))});
  c.push_back(
      {"SweepClusterFileFifo", sweep_to("{dir}/s.db"), 2, "regular file",
       sweep_file("[base]\ncluster_file = \"fifo\"\n[[axis]]\nkey = \"floor.rack_pitch_m\"\n"
                  "values = [1.0]\n",
                  make_fifo)});
  // --- sweep files: memory and values --------------------------------------------------------
  std::string six_axes;
  for (const char* key : {"fiber.length_m", "channel.rate_gbps", "led.launch_power_dbm",
                          "environment.case_temperature_c", "rx.bandwidth_ghz", "seed"})
    six_axes +=
        std::string("[[axis]]\nkey = \"") + key + "\"\nstart = 1\nstop = 2\ncount = 10000000\n";
  c.push_back({"SweepSixAxesOfTenMillion", sweep_to("{dir}/s.db"), 2, "at most",
               sweep_file(prototype_sweep(six_axes))});
  c.push_back({"SweepAxisStepOfBillions", sweep_to("{dir}/s.db"), 2, "at most",
               sweep_file(prototype_sweep(
                   "[[axis]]\nkey = \"fiber.length_m\"\nstart = 1\nstop = 1e9\nstep = 1\n"))});
  c.push_back({"SweepProductOverMillion", sweep_to("{dir}/s.db"), 2, "at most",
               sweep_file(prototype_sweep(
                   "[[axis]]\nkey = \"fiber.length_m\"\nstart = 1\nstop = 2\ncount = 2000\n"
                   "[[axis]]\nkey = \"seed\"\nstart = 1\nstop = 2000\ncount = 2000\n"))});
  c.push_back({"SweepValuesListOverMillion", sweep_to("{dir}/s.db"), 2, "at most",
               sweep_file(prototype_sweep("[[axis]]\nkey = \"seed\"\nvalues = [" +
                                          repeat("1", 1100000, ",") + "]\n"))});
  c.push_back({"SweepSamplingCountHuge", sweep_to("{dir}/s.db"), 2, "sampling.count",
               sweep_file(prototype_sweep("[sampling]\ncount = 100000000\n[[axis]]\nkey = "
                                          "\"fiber.length_m\"\nmin = 1\nmax = 2\n"))});
  c.push_back({"SweepPointOverMemoryBudget", sweep_to("{dir}/s.db"), 2, "MOSAIC_MEMORY_BUDGET_MB",
               sweep_file("[base]\npreset = \"prototype\"\nset = [\"array.cols=1000\"]\n"
                          "[[axis]]\nkey = \"array.rows\"\nvalues = [1000]\n")});
  c.push_back({"SweepBaseSeedAbove2p53", sweep_to("{dir}/s.db"), 2, "base.seed",
               sweep_file("[base]\npreset = \"prototype\"\nseed = 9007199254740992\n[[axis]]\n"
                          "key = \"fiber.length_m\"\nvalues = [5]\n")});
  c.push_back({"SweepBaseSeedNegative", sweep_to("{dir}/s.db"), 2, "base.seed",
               sweep_file("[base]\npreset = \"prototype\"\nseed = -1\n[[axis]]\n"
                          "key = \"fiber.length_m\"\nvalues = [5]\n")});
  c.push_back(
      {"SweepSamplingSeedAbove2p53", sweep_to("{dir}/s.db"), 2, "sampling.seed",
       sweep_file(prototype_sweep("[sampling]\ncount = 2\nseed = 1152921504606846976\n"
                                  "[[axis]]\nkey = \"fiber.length_m\"\nmin = 1\nmax = 2\n"))});
  c.push_back(
      {"SweepSeedAxisAbove2p53", sweep_to("{dir}/s.db"), 2, "seed",
       sweep_file(prototype_sweep("[[axis]]\nkey = \"seed\"\nvalues = [9007199254740993]\n"))});
  c.push_back(
      {"SweepValueNan", sweep_to("{dir}/s.db"), 2, "fiber.length_m",
       sweep_file(prototype_sweep("[[axis]]\nkey = \"fiber.length_m\"\nvalues = [nan]\n"))});
  c.push_back(
      {"SweepKeyWithNewline", sweep_to("{dir}/s.db"), 2, "\\n",
       sweep_file(prototype_sweep("[[axis]]\nkey = \"fiber.\\nlength_m\"\nvalues = [1]\n"))});
  c.push_back({"SweepValid",
               sweep_to("{dir}/s.db"),
               0,
               "",
               sweep_file(kTwoPoints),
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(rows_of(d + "/s.db"), 2u); }});

  // --- stores --------------------------------------------------------------------------------
  c.push_back({"StoreEmptyPath", sweep_to(""), 2, "'store'", sweep_file(kTwoPoints)});
  c.push_back({"StoreDirectory", sweep_to("{dir}"), 2, "directory", sweep_file(kTwoPoints)});
  c.push_back({"StoreFifo", sweep_to("{dir}/fifo"), 2, "FIFO", sweep_file(kTwoPoints, make_fifo)});
  c.push_back({"StoreDevNull", sweep_to("/dev/null"), 2, "device", sweep_file(kTwoPoints)});
  c.push_back({"StoreIsTheSweepFile",
               sweep_to("{dir}/s.toml"),
               2,
               "other than the input",
               sweep_file(kTwoPoints),
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(read_file(d + "/s.toml"), kTwoPoints); }});
  c.push_back({"StoreInMissingFolder", sweep_to("{dir}/no/s.db"), 2, "existing directory",
               sweep_file(kTwoPoints)});
  c.push_back({"StoreForeignDatabase",
               sweep_to("{dir}/foreign.db"),
               2,
               "another program",
               sweep_file(kTwoPoints, make_foreign_db),
               {},
               {},
               foreign_db_untouched});
  c.push_back({"StoreTextFile",
               sweep_to("{dir}/notes.txt"),
               2,
               "another kind of file",
               sweep_file(kTwoPoints, file("notes.txt", "my notes\n")),
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(read_file(d + "/notes.txt"), "my notes\n"); }});
  c.push_back({"StoreEmptyFileIsNew",
               sweep_to("{dir}/empty.db"),
               0,
               "",
               sweep_file(kTwoPoints, file("empty.db", "")),
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(rows_of(d + "/empty.db"), 2u); }});
  c.push_back({"StoreOfAnotherSweep", sweep_to("{dir}/s.db", {"--resume"}), 2, "another sweep",
               [](const std::string& d) {
                 make_store(d);
                 write_file(d + "/s.toml", prototype_sweep("[[axis]]\nkey = \"fiber.length_m\"\n"
                                                           "values = [5, 11]\n"));
               }});
  c.push_back({"StoreExistingWithoutResume",
               sweep_to("{dir}/s.db"),
               2,
               "resume",
               make_store,
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(rows_of(d + "/s.db"), 2u); }});
  c.push_back({"StoreCompleteResume", sweep_to("{dir}/s.db", {"--resume"}), 0, "", make_store});
  {
    // Another process holds the store's lock for the whole case (this test process).
    auto held = std::make_shared<int>(-1);
    c.push_back({"StoreWrittenByAnotherProcess",
                 sweep_to("{dir}/s.db", {"--resume"}),
                 2,
                 "being written by",
                 [held](const std::string& d) {
                   make_store(d);
                   *held = ::open((d + "/s.db").c_str(), O_RDWR | O_CLOEXEC);
                   ASSERT_EQ(::flock(*held, LOCK_EX | LOCK_NB), 0);
                 },
                 {},
                 {},
                 [held](const std::string& d) {
                   ::close(*held);
                   EXPECT_EQ(rows_of(d + "/s.db"), 2u);
                 }});
  }

  // --- pareto: --where is a filter, not SQL --------------------------------------------------
  c.push_back({"WhereUnionInjection",
               pareto("1) UNION SELECT point, point, point, point FROM points --"), 2, "'where'",
               make_store});
  c.push_back({"WhereClosesTheCondition", pareto("1) OR (1"), 2, "'where'", make_store});
  c.push_back({"WhereRecursiveCte",
               pareto("1) AND point IN (WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 "
                      "FROM r) SELECT x FROM r) AND (1"),
               2, "'where'", make_store});
  c.push_back({"WhereStatementAfter",
               pareto("1; DROP TABLE points"),
               2,
               "'where'",
               make_store,
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(rows_of(d + "/s.db"), 2u); }});
  c.push_back({"WhereFunctionCall", pareto("abs(fiber.length_m) > 1"), 2, "'where'", make_store});
  c.push_back({"WhereSubquery", pareto("(SELECT 1) = 1"), 2, "'where'", make_store});
  c.push_back({"WhereUnknownColumn", pareto("fiber.lenght_m > 1"), 2, "did you mean", make_store});
  c.push_back({"WhereDeepParentheses",
               pareto(std::string(10000, '(') + "1" + std::string(10000, ')')), 2, "'where'",
               make_store});
  c.push_back({"WhereTooLong", pareto(repeat("fiber.length_m > 1", 300, " and ")), 2, "characters",
               make_store});
  c.push_back(
      {"WhereUnterminatedString", pareto("rx.noise = 'thermal"), 2, "unterminated", make_store});
  c.push_back({"WhereControlCharacter", pareto("fiber.length_m \x01> 1"), 2, "\\x01", make_store});
  c.push_back(
      {"WhereNumberOverflow", pareto("fiber.length_m > 1e999"), 2, "bad number", make_store});
  c.push_back({"WhereDanglingOperator", pareto("fiber.length_m >"), 2, "'where'", make_store});
  c.push_back({"WhereValidComparisons",
               pareto("fiber.length_m >= 5 AND environment.case_temperature_c > -40"), 0, "",
               make_store});
  c.push_back({"WhereValidMeetsKp4", pareto("link.meets_kp4 = 1"), 0, "", make_store});
  c.push_back({"WhereValidNotOrParentheses",
               pareto("not (fiber.length_m > 7) or (fiber.length_m = 10 and true)"), 0, "",
               make_store});
  c.push_back({"WhereValidStringAndNull",
               pareto("rx.noise != 'x' and link.optical_margin_db is null"), 0, "", make_store});
  c.push_back(
      {"WhereValidArithmetic", pareto("fiber.length_m * 2 - 1 >= -0.5e1"), 0, "", make_store});
  c.push_back({"ParetoStoreFifo",
               {"pareto", "{dir}/fifo", "--minimize", "power.per_end_w"},
               2,
               "'store'",
               make_fifo});
  c.push_back({"ParetoStoreTextFile",
               {"pareto", "{dir}/t.db", "--minimize", "power.per_end_w"},
               2,
               "'store'",
               file("t.db", "not sqlite")});
  c.push_back({"ParetoForeignDatabase",
               {"pareto", "{dir}/foreign.db", "--minimize", "power.per_end_w"},
               2,
               "'store'",
               make_foreign_db,
               {},
               {},
               foreign_db_untouched});
  c.push_back({"ParetoTruncatedStore",
               {"pareto", "{dir}/s.db", "--minimize", "power.per_end_w"},
               2,
               "'store'",
               [](const std::string& d) {
                 make_store(d);
                 ASSERT_EQ(::truncate((d + "/s.db").c_str(), 2048), 0);
               }});
  c.push_back(
      {"ParetoStoreDirectory", {"pareto", "{dir}", "--minimize", "power.per_end_w"}, 2, "'store'"});

  // --- mosaic design: outputs refused before the search ---------------------------------------
  auto design = [](std::vector<std::string> more) {
    std::vector<std::string> a = {"design", "--payload-gbps", "800", "--reach-m", "20"};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  c.push_back({"DesignOutFifo", design({"--out", "{dir}/fifo"}), 2, "FIFO", make_fifo});
  c.push_back({"DesignOutDirectory", design({"--out", "{dir}"}), 2, "directory"});
  c.push_back({"DesignOutDevNull", design({"--out", "/dev/null"}), 2, "device"});
  c.push_back({"DesignOutEmpty", design({"--out", ""}), 2, "'out'"});
  c.push_back({"DesignOutMissingFolder", design({"--out", "{dir}/no/d.toml"}), 2, "'out'"});
  c.push_back({"DesignStoreEmpty", design({"--store", ""}), 2, "'store'"});
  c.push_back({"DesignStoreFifo", design({"--store", "{dir}/fifo"}), 2, "FIFO", make_fifo});
  c.push_back({"DesignStoreForeignDatabase",
               design({"--store", "{dir}/foreign.db"}),
               2,
               "another program",
               make_foreign_db,
               {},
               {},
               foreign_db_untouched});
  c.push_back({"DesignOutSameAsStore", design({"--out", "{dir}/x", "--store", "{dir}/x"}), 2,
               "other than the output"});
  return c;
}

class HostileSweeps : public testing::TestWithParam<HostileCase> {};

TEST_P(HostileSweeps, AnswersWithinLimits) {
  run_hostile_case(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Cases, HostileSweeps, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<HostileCase>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace mosaic::hostile
