// `mosaic sweep` and `mosaic pareto` as a user meets them: stores equal whatever the threads,
// ranks or interruptions; refusals before any point runs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "common/sweep_test_util.hpp"

namespace mosaic::sweep {
namespace {

using namespace testing_util;

std::string small_sweep(const std::string& name, int lengths) {
  std::string text = kSmallBase;
  text += "[[axis]]\nkey = \"fiber.length_m\"\nstart = 5\nstop = 40\ncount = " +
          std::to_string(lengths) + "\n";
  text += "[[axis]]\nkey = \"channel.rate_gbps\"\nvalues = [1.5, 2.5]\n";
  return write_file(name, text);
}

TEST(SweepCli, StoreIsTheSameWhateverTheThreadCountAndAfterResume) {
  const std::string sweep = small_sweep("threads.toml", 8);
  const std::string one = fresh("one.db");
  const std::string two = fresh("two.db");
  const CliRun a = run_cli("sweep " + sweep + " --store " + one + " --threads 1");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_NE(a.out.find("16 points: 16 evaluated"), std::string::npos) << a.out;
  ASSERT_EQ(run_cli("sweep " + sweep + " --store " + two + " --threads 2").exit_code, 0);
  const auto rows = store_rows(one);
  ASSERT_EQ(rows.size(), 16u);
  EXPECT_EQ(store_rows(two), rows);

  // Lose some rows as a kill would, then resume: only those are evaluated again.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(two.c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "DELETE FROM points WHERE point % 3 = 1", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  const CliRun again = run_cli("sweep " + sweep + " --store " + two);
  EXPECT_EQ(again.exit_code, 2) << "an existing store without --resume is refused";
  EXPECT_NE(again.err.find("resume to evaluate"), std::string::npos) << again.err;
  const CliRun resumed = run_cli("sweep " + sweep + " --store " + two + " --resume");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("5 evaluated, 11 already"), std::string::npos) << resumed.out;
  EXPECT_EQ(store_rows(two), rows);
}

TEST(SweepCli, ChangedSweepFileAgainstAStoreIsRefused) {
  const std::string store = fresh("changed.db");
  ASSERT_EQ(run_cli("sweep " + small_sweep("before.toml", 2) + " --store " + store).exit_code, 0);
  const CliRun r =
      run_cli("sweep " + small_sweep("after.toml", 3) + " --store " + store + " --resume");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("another sweep"), std::string::npos) << r.err;
  EXPECT_EQ(store_rows(store).size(), 4u);
}

TEST(SweepCli, BadSweepFilesFailInOneLineBeforeAnyPointRuns) {
  struct Case {
    std::string axis;  // appended to the small base
    std::string store;
    std::string mention;
  };
  const std::string ok_axis = "[[axis]]\nkey = \"fiber.length_m\"\nvalues = [10]\n";
  for (const Case& c : {
           Case{"[[axis]]\nkey = \"fiber.lenght_m\"\nvalues = [10]\n", "", "fiber.lenght_m"},
           Case{"[[axis]]\nkey = \"fiber.length_m\"\nvalues = []\n", "", "at least one value"},
           Case{"[[axis]]\nkey = \"fiber.length_m\"\nvalues = [10, -1]\n", "", "sweep point 1"},
           Case{"", "", "zero points"},
           Case{ok_axis, "/nonexistent/dir/x.db", "'store'"},
       }) {
    const std::string sweep = write_file("bad.toml", kSmallBase + c.axis);
    const std::string store = c.store.empty() ? fresh("bad.db") : c.store;
    const CliRun r = run_cli("sweep " + sweep + " --store " + store);
    EXPECT_EQ(r.exit_code, 2) << c.axis;
    EXPECT_NE(r.err.find(c.mention), std::string::npos) << c.axis << " -> " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(store_rows(store).empty());
  }
}

TEST(SweepCli, ParetoListsTheNonDominatedPoints) {
  const std::string store = fresh("pareto.db");
  ASSERT_EQ(run_cli("sweep " + small_sweep("pareto.toml", 4) + " --store " + store).exit_code, 0);
  const CliRun r = run_cli("pareto " + store +
                           " --minimize power.per_end_w --minimize link.log10_worst_ber --where "
                           "'fiber.length_m <= 30' --csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      r.out.rfind("point,fiber.length_m,channel.rate_gbps,power.per_end_w,link.log10_worst_ber", 0),
      0u)
      << r.out;
  // The shortest fiber at the slowest rate (point 0) has the lowest BER at the lowest power.
  EXPECT_NE(r.out.find("\n0,5,1.5,"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\n7,"), std::string::npos) << "40 m is excluded by --where: " << r.out;
  const CliRun bad = run_cli("pareto " + store + " --minimize power.per_end_watts");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("power.per_end_watts"), std::string::npos);
  const CliRun bad_where =
      run_cli("pareto " + store + " --minimize power.per_end_w --where 'fiber.length_m <'");
  EXPECT_EQ(bad_where.exit_code, 2) << bad_where.err;
}

#ifdef MOSAIC_MPIEXEC
TEST(SweepCli, TwoMpiRanksGiveTheSameRowsAsOneProcess) {
  const std::string sweep = small_sweep("mpi.toml", 10);
  const std::string one = fresh("mpi_one.db");
  const std::string two = fresh("mpi_two.db");
  ASSERT_EQ(run_cli("sweep " + sweep + " --store " + one + " --threads 1").exit_code, 0);
  // Open MPI keeps its start-up allocations for the life of the process: under the sanitizer
  // build, LeakSanitizer would count them as leaks of ours.
  std::string launcher =
      "ASAN_OPTIONS=detect_leaks=0 " + std::string(MOSAIC_MPIEXEC) + " -np 2 --oversubscribe ";
  if (geteuid() == 0) launcher += "--allow-run-as-root ";
  const CliRun r = run_cli("sweep " + sweep + " --store " + two, launcher);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 MPI ranks"), std::string::npos) << r.out;
  EXPECT_EQ(store_rows(two), store_rows(one));
}
#endif

}  // namespace
}  // namespace mosaic::sweep
