// `mosaic cluster` as a user meets it: the record, the page, and one line with exit code 2 for a
// bad cluster file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/cli_run.hpp"

namespace mosaic {
namespace {

using test::run_cli;

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path =
      ::testing::TempDir() + "cluster_cli_" + std::to_string(getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(ClusterCli, BadClusterFilesGiveOneLineNamingTheKeyAndExitTwo) {
  struct Case {
    const char* name;
    std::string file;
    const char* key;
  };
  const Case cases[] = {
      {"unknown key", "[floor]\nrack_pich_m = 1\n", "floor.rack_pich_m"},
      {"domain that does not fit its racks",
       "[cluster]\ngpus = 144\n[scale_up]\ndomain_gpus = 144\nswitch_ports = 36\n",
       "scale_up.domain_gpus"},
      {"cable no technology reaches",
       "preset = \"nvl576-mosaic\"\n[links]\ntechnologies = [\"dac\", \"aec\"]\n",
       "links.technologies"},
      {"zero GPUs", "[cluster]\ngpus = 0\n", "cluster.gpus"},
      {"not TOML", "[cluster\n", "cluster_cli"},
  };
  for (const Case& c : cases) {
    const auto r = run_cli("cluster " + write_file("bad.toml", c.file));
    EXPECT_EQ(r.exit_code, 2) << c.name << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.name << ": " << r.err;
    EXPECT_NE(r.err.find(c.key), std::string::npos) << c.name << ": " << r.err;
    EXPECT_EQ(r.err.find("mosaic: error: invalid value for '"), 0u) << c.name << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << c.name;
  }
  const auto set = run_cli("cluster --set scale_out.tiers=9");
  EXPECT_EQ(set.exit_code, 2);
  EXPECT_NE(set.err.find("scale_out.tiers"), std::string::npos) << set.err;
}

TEST(ClusterCli, JsonRecordHasTheHeaderAndTheAnchors) {
  const auto r = run_cli("cluster --preset nvl72-optical --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("kind"), "cluster");
  EXPECT_EQ(j.at("command"), "mosaic cluster --preset nvl72-optical --json");
  EXPECT_EQ(j.at("specified").at("power").at("modules"), 1296);
  EXPECT_NEAR(j.at("specified").at("power").at("module_kw").get<double>(), 19.44, 1e-9);
  EXPECT_FALSE(j.at("assumptions").empty());
  EXPECT_EQ(j.at("cluster").at("rack").at("gpus"), 72);
}

TEST(ClusterCli, ResultsDoNotDependOnTheThreadCount) {
  auto record = [](const char* threads) {
    const auto r =
        run_cli(std::string("cluster --preset fat-tree-100k --json --threads ") + threads);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    j.erase("timing");
    return j;
  };
  EXPECT_EQ(record("1"), record("2"));
}

TEST(ClusterCli, CompareTextAndHtmlPage) {
  const std::string page = write_file("page.html", "");
  const auto r = run_cli("cluster --preset nvl576-mosaic --compare --html " + page);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* what : {"choice", "as specified", "smf-dsp", "mosaic", "goodput"})
    EXPECT_NE(r.out.find(what), std::string::npos) << what << "\n" << r.out;
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(html.find("\"kind\":\"cluster\""), std::string::npos);
  EXPECT_NE(html.find("cluster_keys"), std::string::npos);
  std::filesystem::remove(page);
}

}  // namespace
}  // namespace mosaic
