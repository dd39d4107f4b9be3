// Hostile input against the Python module: the command line's promise kept from Python. Each case
// is a Python process (python_case.py) under the suite's limits; a ValueError or TypeError must be
// one line naming what was wrong, the memory budget and the file limits hold as in the CLI, and no
// temporary is left behind. Not in the sanitizer build (it builds no Python module).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "hostile_case.hpp"

#ifdef MOSAIC_PYTHON_DIR

namespace mosaic::hostile {
namespace {

const std::string kSweep =
    "[base]\\npreset = 'prototype'\\n[[axis]]\\nkey = 'fiber.length_m'\\n"
    "values = [5, 10]\\n";

HostileCase py(std::string name, std::string code, int expect, std::string error,
               std::string mention, std::function<void(const std::string&)> setup = nullptr,
               std::function<void(const std::string&)> after = nullptr,
               std::vector<std::string> env = {}) {
  HostileCase c{std::move(name),
                {MOSAIC_SOURCE_DIR "/tests/hostile/python_case.py", MOSAIC_PYTHON_DIR, "{dir}",
                 std::move(code)},
                expect,
                std::move(mention),
                std::move(setup),
                std::move(env),
                MOSAIC_PYTHON,
                std::move(after)};
  c.prefix = error + ": ";
  return c;
}

void make_fifo(const std::string& d) {
  ::mkfifo((d + "/fifo").c_str(), 0600);
}

std::vector<HostileCase> cases() {
  const std::string sim = "mosaic.simulate(preset='prototype', margin=False, ";
  std::vector<HostileCase> c;
  // --- the design request: types and ranges, one line each -----------------------------------
  c.push_back(py("SeedTwoTo64", sim + "seed=2**64)", 2, "ValueError", "'seed'"));
  c.push_back(py("SeedTwoTo53", sim + "seed=2**53)", 2, "ValueError", "'seed'"));
  c.push_back(py("SeedTwoTo200", sim + "seed=2**200)", 2, "ValueError", "'seed'"));
  c.push_back(py("SeedNegative", sim + "seed=-1)", 2, "ValueError", "'seed'"));
  c.push_back(py("SeedBool", sim + "seed=True)", 2, "TypeError", "seed"));
  c.push_back(py("SeedFloat", sim + "seed=1.5)", 2, "TypeError", "seed"));
  c.push_back(py("SeedLargestAllowed", "mosaic.fleet(preset='prototype', links=10, seed=2**53 - 1)",
                 0, "", ""));
  c.push_back(py("PresetNumber", "mosaic.simulate(preset=5)", 2, "TypeError", "preset"));
  c.push_back(py("DesignNumber", "mosaic.simulate(5)", 2, "TypeError", "design"));
  c.push_back(py("DesignEmptyPath", "mosaic.simulate('')", 2, "ValueError", "design"));
  c.push_back(
      py("DesignFifo", "mosaic.simulate(D + '/fifo')", 2, "ValueError", "regular file", make_fifo));
  c.push_back(py("DesignDeepDottedKey", "mosaic.simulate(D + '/d.toml')", 2, "ValueError", "line 1",
                 file("d.toml", repeat("a", 100000, ".") + " = 1\n")));
  c.push_back(
      py("OverridesList", sim + "overrides=['fiber.length_m=5'])", 2, "TypeError", "overrides"));
  c.push_back(py("OverridesKeyNumber", sim + "overrides={5: 1})", 2, "TypeError", "overrides"));
  c.push_back(py("OverrideValueList", sim + "overrides={'fiber.length_m': [1, 2]})", 2, "TypeError",
                 "fiber.length_m"));
  c.push_back(py("OverrideValueNan", sim + "overrides={'fiber.length_m': float('nan')})", 2,
                 "ValueError", "fiber.length_m"));
  c.push_back(py("OverrideValueWithNewlines", sim + "overrides={'rx.noise': 'a\\nb\\nc'})", 2,
                 "ValueError", "\\n"));
  c.push_back(py("OverrideUnknownKey", sim + "overrides={'fiber.lenght_m': 5})", 2, "ValueError",
                 "did you mean"));
  c.push_back(py("OptionIntegerOverflow", sim + "threads=2**70)", 2, "ValueError", "threads"));
  c.push_back(py("OptionWrongType", sim + "threads='many')", 2, "TypeError", "threads"));
  c.push_back(py("OptionUnknown", "mosaic.simulate(preset='prototype', frobnicate=1)", 2,
                 "TypeError", "frobnicate"));
  // --- the memory budget and the file limits -------------------------------------------------
  c.push_back(py("SimulateOverMemoryBudget",
                 sim + "overrides={'array.rows': 1000, 'array.cols': 1000})", 2, "ValueError",
                 "MOSAIC_MEMORY_BUDGET_MB"));
  c.push_back(py("RelayOverMemoryBudget",
                 "mosaic.relay(preset='prototype', gbits=0.001, "
                 "overrides={'link.marker_period_bits': 16777216})",
                 2, "ValueError", "MOSAIC_MEMORY_BUDGET_MB"));
  c.push_back(py("CompareCatalogDeepKey",
                 "mosaic.compare(preset='prototype', catalog=D + '/c.toml')", 2, "ValueError",
                 "line 1", file("c.toml", repeat("a", 100000, ".") + " = 1\n")));
  c.push_back(py("ClusterFileFifo", "mosaic.cluster(D + '/fifo')", 2, "ValueError", "regular file",
                 make_fifo));
  c.push_back(py("ClusterPresetNumber", "mosaic.cluster(preset=3)", 2, "TypeError", "preset"));
  // --- pages from Python ---------------------------------------------------------------------
  const std::string fleet = "r = mosaic.fleet(preset='prototype', links=10); ";
  c.push_back(py("ToHtmlDevNull", fleet + "r.to_html('/dev/null')", 2, "ValueError", "device"));
  c.push_back(py("ToHtmlDirectory", fleet + "r.to_html(D)", 2, "ValueError", "directory"));
  c.push_back(
      py("ToHtmlFifo", fleet + "r.to_html(D + '/fifo')", 2, "ValueError", "FIFO", make_fifo));
  c.push_back(py("ToHtmlNone", fleet + "r.to_html(None)", 2, "TypeError", "path"));
  c.push_back(py("ToHtmlSpecNull", fleet + "r.json['spec'] = None; r.to_html(D + '/p.html')", 2,
                 "ValueError", "spec"));
  c.push_back(py("WriteHtmlDeepRecord",
                 "mosaic._mosaic.write_html('[' * 100000 + ']' * 100000, D + '/p.html')", 2,
                 "ValueError", "nesting"));
  c.push_back(py("ToHtmlValid", fleet + "r.to_html(D + '/p.html')", 0, "", ""));
  // --- sweeps and stores ---------------------------------------------------------------------
  c.push_back(py("SweepDeepDottedKey",
                 "mosaic.sweep(toml=open(D + '/s.toml').read(), store=D + '/s.db')", 2,
                 "ValueError", "line 1", file("s.toml", repeat("a", 100000, ".") + " = 1\n")));
  c.push_back(py("SweepFileDeepDottedKey", "mosaic.sweep(D + '/s.toml', store=D + '/s.db')", 2,
                 "ValueError", "line 1", file("s.toml", repeat("a", 100000, ".") + " = 1\n")));
  c.push_back(py("SweepStoreEmpty", "mosaic.sweep(toml=\"" + kSweep + "\", store='')", 2,
                 "ValueError", "'store'"));
  c.push_back(py("SweepStoreFifo", "mosaic.sweep(toml=\"" + kSweep + "\", store=D + '/fifo')", 2,
                 "ValueError", "FIFO", make_fifo));
  c.push_back(py("SweepSeedAbove2p53",
                 "mosaic.sweep(toml=\"[base]\\npreset = 'prototype'\\nseed = 2305843009213693952\\n"
                 "[[axis]]\\nkey = 'fiber.length_m'\\nvalues = [5]\\n\", store=D + '/s.db')",
                 2, "ValueError", "base.seed"));
  c.push_back(
      py("SweepFailureLeavesNoTemporaryFolder", "mosaic.sweep(toml='[[axis]]')", 2, "ValueError",
         "", nullptr,
         [](const std::string& d) {
           for (const auto& e : std::filesystem::directory_iterator(d))
             EXPECT_EQ(e.path().filename().string().find("mosaic-sweep-"), std::string::npos)
                 << e.path();
         },
         {"TMPDIR={dir}"}));
  c.push_back(py("ParetoWhereInjection",
                 "s = mosaic.sweep(toml=\"" + kSweep +
                     "\", store=D + '/s.db', threads=1); "
                     "s.pareto(minimize=['power.per_end_w'], where='1) UNION SELECT 1,2,3,4 --')",
                 2, "ValueError", "'where'"));
  c.push_back(py("OpenStoreForeignDatabase",
                 "import sqlite3; db = sqlite3.connect(D + '/f.db'); "
                 "db.execute('CREATE TABLE users (name TEXT)'); db.commit(); db.close(); "
                 "mosaic.open_store(D + '/f.db')",
                 2, "ValueError", "'store'"));
  c.push_back(py("StoreReportPointHuge",
                 "s = mosaic.sweep(toml=\"" + kSweep +
                     "\", store=D + '/s.db', threads=1); "
                     "s.report(2**70)",
                 2, "ValueError", "'point'"));
  c.push_back(py("StoreReportPointText",
                 "s = mosaic.sweep(toml=\"" + kSweep +
                     "\", store=D + '/s.db', threads=1); "
                     "s.report('first')",
                 2, "TypeError", "point"));
  return c;
}

class HostilePython : public testing::TestWithParam<HostileCase> {};

TEST_P(HostilePython, AnswersWithinLimits) {
  run_hostile_case(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Cases, HostilePython, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<HostileCase>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace mosaic::hostile

#endif  // MOSAIC_PYTHON_DIR
