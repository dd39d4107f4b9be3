// Sweeps over cluster keys: one row per point with the cluster's headline outputs, Pareto fronts
// over them, the same rows whatever the thread count.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "common/sweep_test_util.hpp"
#include "mosaic/sweep/pareto.hpp"
#include "mosaic/sweep/store_reader.hpp"

namespace mosaic::sweep {
namespace {

using namespace testing_util;

const char* kSweep = R"([base]
cluster = "nvl576-mosaic"
set = ["cluster.seed=3"]

[[axis]]
key = "floor.rack_pitch_m"
values = [0.6, 2.0, 5.0, 10.0]

[[axis]]
key = "links.technologies"
values = ["dac,mosaic,smf-dsp", "dac,smf-dsp", "dac"]
)";

TEST(ClusterSweep, OneRowPerPointAndParetoOverKilowattsAndGoodput) {
  const std::string file = write_file("cluster_sweep.toml", kSweep);
  const std::string one = fresh("cluster_one.db");
  const CliRun r = run_cli("sweep " + file + " --store " + one + " --threads 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("12 points: 12 evaluated"), std::string::npos) << r.out;
  const auto rows = store_rows(one);
  EXPECT_EQ(rows.size(), 12u);
  const std::string two = fresh("cluster_two.db");
  ASSERT_EQ(run_cli("sweep " + file + " --store " + two + " --threads 2").exit_code, 0);
  EXPECT_EQ(store_rows(two), rows);

  const StoreReader store(one);
  EXPECT_EQ(store.meta("record_type"), "cluster point");
  EXPECT_EQ(store.axes(), (std::vector<std::string>{"floor.rack_pitch_m", "links.technologies"}));
  const StoreTable table = store.read_table();
  const auto* feasible = table.find("cluster.feasible");
  const auto* kw = table.find("power.total_kw");
  const auto* pitch = table.find("floor.rack_pitch_m");
  ASSERT_TRUE(feasible && kw && pitch);
  EXPECT_EQ(store.find_column("power.total_kw")->unit, "kW");
  EXPECT_EQ(store.find_column("floor.rack_pitch_m")->role, StoreColumn::Role::kInput);
  // Copper alone cannot span the spine: those points are stored as infeasible, without outputs.
  for (std::size_t i = 0; i < table.points.size(); ++i) {
    const bool copper_only = i % 3 == 2;
    EXPECT_EQ(*feasible->numbers[i], copper_only ? 0.0 : 1.0) << i;
    EXPECT_EQ(kw->numbers[i].has_value(), !copper_only) << i;
  }
  const auto report = nlohmann::json::parse(*store.report_json(2));
  EXPECT_EQ(report.at("kind"), "cluster");
  EXPECT_NE(report.at("infeasible").get<std::string>().find("links.technologies"),
            std::string::npos);

  // MOSAIC beats laser optics on both watts and goodput at every distance it reaches.
  const ParetoFront front =
      pareto_front(one, {{"power.total_kw", false}, {"goodput.goodput", true}});
  EXPECT_EQ(front.considered, 8u);
  ASSERT_FALSE(front.text.empty());
  for (const auto& row : front.text) EXPECT_EQ(row[2], "dac,mosaic,smf-dsp");
  const CliRun cli = run_cli("pareto " + one +
                             " --minimize power.total_kw --maximize "
                             "goodput.goodput --where \"floor.rack_pitch_m >= 5\"");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.out.find("non-dominated of 4 points"), std::string::npos) << cli.out;
}

#ifdef MOSAIC_MPIEXEC
TEST(ClusterSweep, TwoMpiRanksGiveTheSameRowsAsOneProcess) {
  const std::string file = write_file("cluster_mpi.toml", kSweep);
  const std::string one = fresh("cluster_mpi_one.db");
  const std::string two = fresh("cluster_mpi_two.db");
  ASSERT_EQ(run_cli("sweep " + file + " --store " + one + " --threads 1").exit_code, 0);
  std::string launcher =
      "ASAN_OPTIONS=detect_leaks=0 " + std::string(MOSAIC_MPIEXEC) + " -np 2 --oversubscribe ";
  if (geteuid() == 0) launcher += "--allow-run-as-root ";
  const CliRun r = run_cli("sweep " + file + " --store " + two, launcher);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 MPI ranks"), std::string::npos) << r.out;
  EXPECT_EQ(store_rows(two), store_rows(one));
}
#endif

TEST(ClusterSweep, BadClusterSweepsAreRefusedBeforeAnyPointRuns) {
  struct Case {
    std::string text;
    const char* says;
  };
  const Case cases[] = {
      {"[base]\ncluster = \"nvl576-mosaic\"\n[[axis]]\nkey = \"floor.rack_pich_m\"\nvalues = "
       "[1]\n",
       "floor.rack_pitch_m"},
      {"[base]\ncluster = \"nvl576-mosaic\"\n[[axis]]\nkey = \"cluster.gpus\"\nvalues = [100]\n",
       "cluster.gpus at sweep point 0"},
      {"[base]\ncluster = \"nvl576-mosaic\"\n[[axis]]\nkey = \"links.technologies\"\nvalues = "
       "[\"dac,warp\"]\n",
       "links.technologies at sweep point 0"},
      {"[base]\ncluster = \"nvl576-mosaic\"\npreset = \"800g\"\n[[axis]]\nkey = "
       "\"floor.rack_pitch_m\"\nvalues = [1]\n",
       "base.preset"},
  };
  for (const Case& c : cases) {
    const std::string store = fresh("cluster_bad.db");
    const CliRun r =
        run_cli("sweep " + write_file("cluster_bad.toml", c.text) + " --store " + store);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    EXPECT_TRUE(store_rows(store).empty());
  }
}

}  // namespace
}  // namespace mosaic::sweep
