// `mosaic report` and --html as a user meets them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "common/cli_run.hpp"
#include "mosaic_io/record_page.hpp"

namespace {

// Through the shared helper, whose stderr file is the calling process's own: ctest runs this
// program's tests side by side, and one fixed file let a test read another's stderr.
int run(const std::string& args, std::string* err = nullptr) {
  const mosaic::test::CliRun r = mosaic::test::run_cli(args + " >/dev/null");
  if (err) *err = r.err;
  return r.exit_code;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(CliReport, JsonReportBecomesOneSelfContainedPage) {
  const std::string dir = testing::TempDir();
  ASSERT_EQ(run("simulate --preset prototype --no-margin --out " + dir + "r"), 0);
  ASSERT_EQ(run("report " + dir + "r/report.json -o " + dir + "r.html --eye-stat 3"), 0);
  const std::string html = slurp(dir + "r.html");
  EXPECT_NE(html.find("\"stat_eye\":{\"channel\":3"), std::string::npos);
  EXPECT_NE(html.find("\"kind\":\"simulate\""), std::string::npos);
  ASSERT_EQ(run("compare --html " + dir + "c.html"), 0);
  EXPECT_NE(slurp(dir + "c.html").find("\"kind\":\"compare\""), std::string::npos);
}

TEST(CliReport, BadInputIsOneLineNamingTheOptionAndExitCode2) {
  const std::string dir = testing::TempDir();
  std::ofstream(dir + "not_a_report.json") << "{\"hello\": 1}";
  std::ofstream(dir + "broken.json") << "{\"hello\": ";
  struct Case {
    std::string args;
    std::string mention;
  };
  for (const Case& c :
       {Case{"report " + dir + "missing.json", "'input'"},
        Case{"report " + dir + "broken.json", "'input'"},
        Case{"report " + dir + "not_a_report.json", "'input'"},
        Case{"simulate --preset prototype --no-margin --eye-stat 5000 --json", "'eye_stat'"},
        Case{"compare --html /nonexistent_dir/x.html", "--html"}}) {
    std::string err;
    EXPECT_EQ(run(c.args, &err), 2) << c.args;
    EXPECT_NE(err.find(c.mention), std::string::npos) << c.args << ": " << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
}

}  // namespace

// A record's page is the same whichever way it is asked for: `--html` on the run, or `mosaic
// report` of the record that run printed (the page computes nothing the record does not fix).
TEST(CliReport, ReportOfTheJsonRecordIsTheSamePageAsHtmlOnTheRun) {
  const std::string dir = testing::TempDir();
  for (const std::string command :
       {"simulate --preset prototype --no-margin", "relay --gbits 0.01 --fail-random 2",
        "compare --reach-m 20", "fleet --links 2000 --years 2"}) {
    const std::string name = command.substr(0, command.find(' '));
    const std::string a = dir + name + "_a.html", b = dir + name + "_b.html";
    const std::string json = dir + name + "_record.json";
    const std::string record_run =
        std::string(MOSAIC_CLI) + " " + command + " --json --html " + a + " > " + json;
    ASSERT_EQ(std::system(record_run.c_str()), 0) << record_run;
    std::string err;
    ASSERT_EQ(run("report " + json + " -o " + b, &err), 0) << command << err;
    const std::string page_a = slurp(a), page_b = slurp(b);
    EXPECT_GT(page_a.size(), 100000u);
    EXPECT_TRUE(page_a == page_b) << command << ": the two pages differ";
  }
}

// `mosaic cable --html` writes its summary's page through io::write_record_page when the daemon
// stops; the daemon needs root and TAP devices, so the call is made here on a summary from a real
// run (tests/data/cable_summary.json) and must give `mosaic report`'s page of it, byte for byte.
TEST(CliReport, CableHtmlIsTheReportPageOfItsSummary) {
  const std::string dir = testing::TempDir();
  const std::string summary = std::string(MOSAIC_SOURCE_DIR "/tests/data/cable_summary.json");
  const std::string a = dir + "cable_html.html", b = dir + "cable_report.html";
  mosaic::io::write_record_page(nlohmann::json::parse(slurp(summary)), a, "--html");
  std::string err;
  ASSERT_EQ(run("report " + summary + " -o " + b, &err), 0) << err;
  const std::string page_a = slurp(a), page_b = slurp(b);
  EXPECT_NE(page_a.find("\"kind\":\"cable\""), std::string::npos);
  EXPECT_GT(page_a.size(), 100000u);
  EXPECT_TRUE(page_a == page_b) << "the cable's page differs from mosaic report's";
}
