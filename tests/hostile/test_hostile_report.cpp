// Hostile input against the pages and the files every study reads besides its design: `mosaic
// report` (records and stores), every --html output, --catalog baseline catalogs, cluster files,
// and the cable daemon's checks made before it creates any interface. One case per line, each a
// process under the suite's limits.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "hostile_case.hpp"

namespace mosaic::hostile {
namespace {

void make_fifo(const std::string& d) {
  ::mkfifo((d + "/fifo").c_str(), 0600);
}

// A real record (`mosaic fleet --json`, a fraction of a second) at {dir}/r.json.
nlohmann::json fleet_record(const std::string& d) {
  CliRequest make;
  make.args = {"fleet", "--links", "10", "--json"};
  make.stdout_path = d + "/r.json";
  EXPECT_EQ(run_cli(make).exit_code, 0);
  return nlohmann::json::parse(read_file(d + "/r.json"));
}

// The fleet record with `edit` applied, written back to {dir}/r.json.
std::function<void(const std::string&)> edited_record(std::function<void(nlohmann::json&)> edit) {
  return [=](const std::string& d) {
    nlohmann::json j = fleet_record(d);
    edit(j);
    write_file(d + "/r.json", j.dump());
  };
}

// A two-point store at {dir}/s.db.
void make_store(const std::string& d) {
  write_file(d + "/s.toml",
             prototype_sweep("[[axis]]\nkey = \"fiber.length_m\"\nvalues = [5, 10]\n"));
  CliRequest make;
  make.args = {"sweep", d + "/s.toml", "--store", d + "/s.db", "--threads", "1"};
  make.stdout_path = d + "/made.txt";
  ASSERT_EQ(run_cli(make).exit_code, 0);
}

// What a directory holds, so that a refused run can be shown to have left it as it was.
std::function<void(const std::string&)> unchanged(std::string name) {
  auto before = std::make_shared<std::string>();
  return [=](const std::string& d) {
    const std::string now = read_file(d + "/" + name);
    if (before->empty()) {
      *before = now;
      return;
    }
    EXPECT_EQ(now, *before) << name << " changed";
  };
}

void no_temporaries(const std::string& d) {
  for (const auto& e : std::filesystem::directory_iterator(d))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
}

std::vector<std::string> report(const std::string& input, const std::string& output) {
  return {"report", input, "-o", output};
}

std::vector<HostileCase> cases() {
  std::vector<HostileCase> c;
  // --- report: its output --------------------------------------------------------------------
  {
    auto snapshot = unchanged("s.db");
    c.push_back({"ReportStoreOverItself",
                 report("{dir}/s.db", "{dir}/s.db"),
                 2,
                 "other than the input",
                 [snapshot](const std::string& d) {
                   make_store(d);
                   snapshot(d);
                 },
                 {},
                 {},
                 snapshot});
  }
  {
    auto snapshot = unchanged("r.json");
    c.push_back({"ReportRecordOverItself",
                 report("{dir}/r.json", "{dir}/r.json"),
                 2,
                 "other than the input",
                 [snapshot](const std::string& d) {
                   fleet_record(d);
                   snapshot(d);
                 },
                 {},
                 {},
                 snapshot});
  }
  c.push_back({"ReportOutputDirectory", report("{dir}/r.json", "{dir}"), 2, "directory",
               [](const std::string& d) { fleet_record(d); }});
  c.push_back({"ReportOutputFifo", report("{dir}/r.json", "{dir}/fifo"), 2, "FIFO",
               [](const std::string& d) {
                 fleet_record(d);
                 make_fifo(d);
               }});
  c.push_back({"ReportOutputDevNull", report("{dir}/r.json", "/dev/null"), 2, "device",
               [](const std::string& d) { fleet_record(d); }});
  c.push_back({"ReportOutputEmpty", report("{dir}/r.json", ""), 2, "'output'",
               [](const std::string& d) { fleet_record(d); }});
  c.push_back({"ReportOutputMissingFolder", report("{dir}/r.json", "{dir}/no/p.html"), 2,
               "existing directory", [](const std::string& d) { fleet_record(d); }});
  // --- report: its input ---------------------------------------------------------------------
  c.push_back(
      {"ReportInputFifo", report("{dir}/fifo", "{dir}/p.html"), 2, "regular file", make_fifo});
  c.push_back({"ReportInputDevZero", report("/dev/zero", "{dir}/p.html"), 2, "regular file"});
  c.push_back({"ReportInputDirectory", report("{dir}", "{dir}/p.html"), 2, "regular file"});
  c.push_back({"ReportInputEmptyPath", report("", "{dir}/p.html"), 2, "'input'"});
  c.push_back({"ReportDeepArrays",
               report("{dir}/r.json", "{dir}/p.html"),
               2,
               "nesting",
               file("r.json", std::string(100000, '[') + std::string(100000, ']')),
               {},
               {},
               no_temporaries});
  c.push_back({"ReportDeepObjects",
               report("{dir}/r.json", "{dir}/p.html"),
               2,
               "nesting",
               file("r.json", repeat("{\"a\":", 100000, "") + "1" + std::string(100000, '}')),
               {},
               {},
               no_temporaries});
  c.push_back({"ReportOversized", report("{dir}/r.json", "{dir}/p.html"), 2, "at most",
               [](const std::string& d) {
                 write_file(d + "/r.json", "");
                 ASSERT_EQ(::truncate((d + "/r.json").c_str(), 65 << 20), 0);
               }});
  c.push_back({"ReportOverMemoryBudget",
               report("{dir}/r.json", "{dir}/p.html"),
               2,
               "MOSAIC_MEMORY_BUDGET_MB",
               edited_record([](nlohmann::json& j) {
                 j["assumptions"].push_back(std::string(200000, 'x'));  // 200 kB: 2.4 MB parsed
               }),
               {"MOSAIC_MEMORY_BUDGET_MB=1"}});
  c.push_back({"ReportNotJson", report("{dir}/r.json", "{dir}/p.html"), 2, "valid JSON",
               file("r.json", "not json")});
  c.push_back({"ReportNumberOverflow", report("{dir}/r.json", "{dir}/p.html"), 2, "valid JSON",
               file("r.json", "{\"kind\": \"fleet\", \"links\": 1e999}")});
  c.push_back({"ReportTopLevelArray", report("{dir}/r.json", "{dir}/p.html"), 2, "an object",
               file("r.json", "[1, 2, 3]")});
  c.push_back({"ReportOtherDocument", report("{dir}/r.json", "{dir}/p.html"), 2, "another kind",
               file("r.json", "{\"hello\": 1}")});
  c.push_back({"ReportSpecNull", report("{dir}/r.json", "{dir}/p.html"), 2, "spec",
               edited_record([](nlohmann::json& j) { j["spec"] = nullptr; })});
  c.push_back({"ReportSpecString", report("{dir}/r.json", "{dir}/p.html"), 2, "spec",
               edited_record([](nlohmann::json& j) { j["spec"] = "800g"; })});
  c.push_back({"ReportSpecOutOfRange", report("{dir}/r.json", "{dir}/p.html"), 2, "fiber.length_m",
               edited_record([](nlohmann::json& j) { j["spec"]["fiber"]["length_m"] = -5; })});
  c.push_back({"ReportSpecOverMemoryBudget", report("{dir}/r.json", "{dir}/p.html"), 2,
               "MOSAIC_MEMORY_BUDGET_MB", edited_record([](nlohmann::json& j) {
                 j["spec"]["array"]["rows"] = 1000;
                 j["spec"]["array"]["cols"] = 1000;
               })});
  c.push_back({"ReportKindUnknown", report("{dir}/r.json", "{dir}/p.html"), 2, "kind",
               edited_record([](nlohmann::json& j) { j["kind"] = "frobnicate"; })});
  c.push_back({"ReportKindNotString", report("{dir}/r.json", "{dir}/p.html"), 2, "kind",
               edited_record([](nlohmann::json& j) { j["kind"] = 7; })});
  c.push_back({"ReportMemberWrongType", report("{dir}/r.json", "{dir}/p.html"), 2, "per_year",
               edited_record([](nlohmann::json& j) { j["per_year"] = "many"; })});
  c.push_back({"ReportMemberMissing", report("{dir}/r.json", "{dir}/p.html"), 2, "closed_form",
               edited_record([](nlohmann::json& j) { j.erase("closed_form"); })});
  c.push_back({"ReportSchemaVersionFromTheFuture", report("{dir}/r.json", "{dir}/p.html"), 2,
               "schema_version",
               edited_record([](nlohmann::json& j) { j["schema_version"] = 99999; })});
  c.push_back({"ReportSeedNegative", report("{dir}/r.json", "{dir}/p.html"), 2, "seed",
               edited_record([](nlohmann::json& j) { j["seed"] = -3; })});
  c.push_back({"ReportHeaderFieldMissing", report("{dir}/r.json", "{dir}/p.html"), 2,
               "mosaic_version",
               edited_record([](nlohmann::json& j) { j.erase("mosaic_version"); })});
  c.push_back({"ReportValidRecord", report("{dir}/r.json", "{dir}/p.html"), 0, "",
               [](const std::string& d) { fleet_record(d); }});
  c.push_back({"ReportStoreDeepPointReport", report("{dir}/s.db", "{dir}/p.html"), 2, "'input'",
               [](const std::string& d) {
                 make_store(d);
                 CliRequest edit;
                 edit.program = "/usr/bin/python3";
                 edit.args = {
                     "-c",
                     "import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); "
                     "db.execute('UPDATE points SET report_json=?', ('['*100000+']'*100000,)); "
                     "db.commit()",
                     d + "/s.db"};
                 ASSERT_EQ(run_cli(edit).exit_code, 0);
               }});
  c.push_back({"ReportStorePointMissing",
               {"report", "{dir}/s.db", "-o", "{dir}/p.html", "--point", "99"},
               2,
               "99",
               make_store});
  c.push_back({"ReportPointPagesOfARecord",
               {"report", "{dir}/r.json", "-o", "{dir}/p.html", "--point-pages", "all"},
               2,
               "point_pages",
               [](const std::string& d) { fleet_record(d); }});

  // --- every study's --html, refused before the study runs -----------------------------------
  const std::vector<std::string> sim = {"simulate", "--preset", "prototype", "--no-margin"};
  auto with = [](std::vector<std::string> a, std::vector<std::string> more) {
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  c.push_back({"HtmlDevNull", with(sim, {"--html", "/dev/null"}), 2, "device"});
  c.push_back({"HtmlDirectory", with(sim, {"--html", "{dir}"}), 2, "directory"});
  c.push_back({"HtmlFifo", with(sim, {"--html", "{dir}/fifo"}), 2, "FIFO", make_fifo});
  c.push_back({"HtmlEmpty", with(sim, {"--html", ""}), 2, "--html"});
  c.push_back(
      {"HtmlMissingFolder", with(sim, {"--html", "{dir}/no/p.html"}), 2, "existing directory"});
  {
    auto snapshot = unchanged("d.toml");
    c.push_back({"HtmlOverTheDesignFile",
                 {"simulate", "{dir}/d.toml", "--no-margin", "--html", "{dir}/d.toml"},
                 2,
                 "other than the input",
                 [snapshot](const std::string& d) {
                   write_file(d + "/d.toml", "preset = \"prototype\"\n");
                   snapshot(d);
                 },
                 {},
                 {},
                 snapshot});
  }
  c.push_back({"RelayHtmlOverThePhyReport",
               {"relay", "--gbits", "0.001", "--phy", "{dir}/r.json", "--html", "{dir}/r.json"},
               2,
               "other than the input",
               file("r.json", "{\"channels\": [{\"index\": 0, \"ber\": 0}]}")});
  c.push_back({"CompareHtmlOverTheCatalog",
               {"compare", "--catalog", "{dir}/c.toml", "--html", "{dir}/c.toml"},
               2,
               "other than the input",
               file("c.toml", "[[baseline]]\n")});
  c.push_back({"FleetHtmlDevNull", {"fleet", "--links", "10", "--html", "/dev/null"}, 2, "device"});
  c.push_back({"ClusterHtmlDirectory", {"cluster", "--html", "{dir}"}, 2, "directory"});

  // --- catalogs and cluster files: the design loader's limits --------------------------------
  c.push_back({"CatalogDottedKey100000Parts",
               {"compare", "--catalog", "{dir}/c.toml"},
               2,
               "line 1",
               file("c.toml", repeat("a", 100000, ".") + " = 1\n")});
  c.push_back({"CatalogDeepTableHeader",
               {"compare", "--catalog", "{dir}/c.toml"},
               2,
               "line 1",
               file("c.toml", std::string("[").append(repeat("x", 5000, ".")).append("]\n"))});
  c.push_back({"CatalogOversized",
               {"compare", "--catalog", "{dir}/c.toml"},
               2,
               "at most",
               [](const std::string& d) {
                 write_file(d + "/c.toml", "");
                 ASSERT_EQ(::truncate((d + "/c.toml").c_str(), 17 << 20), 0);
               }});
  c.push_back({"ClusterFileDottedKey100000Parts",
               {"cluster", "{dir}/c.toml"},
               2,
               "line 1",
               file("c.toml", repeat("a", 100000, ".") + " = 1\n")});
  c.push_back({"ClusterFileFifo", {"cluster", "{dir}/fifo"}, 2, "regular file", make_fifo});
  c.push_back({"ClusterFileDevZero", {"cluster", "/dev/zero"}, 2, "regular file"});
  c.push_back({"ClusterCatalogDeepKey",
               {"cluster", "--catalog", "{dir}/c.toml"},
               2,
               "line 1",
               file("c.toml", repeat("a", 100000, ".") + " = 1\n")});

  // --- the cable: refused before any interface is made ---------------------------------------
  auto cable = [](std::vector<std::string> more) {
    std::vector<std::string> a = {"cable", "--a", "mhA", "--b", "mhB", "--preset", "prototype"};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  c.push_back({"CableMarkerPeriodOverBudget", cable({"--set", "link.marker_period_bits=16777216"}),
               2, "MOSAIC_MEMORY_BUDGET_MB"});
  c.push_back({"CableSocketIsARegularFile",
               cable({"--stats-socket", "{dir}/notes"}),
               2,
               "another kind of file",
               file("notes", "keep me\n"),
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(read_file(d + "/notes"), "keep me\n"); }});
  {
    // Another program listens on the socket for the whole case (this test process).
    auto fd = std::make_shared<int>(-1);
    c.push_back({"CableSocketServedByAnotherProcess",
                 cable({"--stats-socket", "{dir}/live.sock"}),
                 2,
                 "listens",
                 [fd](const std::string& d) {
                   *fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
                   sockaddr_un addr{};
                   addr.sun_family = AF_UNIX;
                   const std::string path = d + "/live.sock";
                   ASSERT_LT(path.size(), sizeof addr.sun_path);
                   std::memcpy(addr.sun_path, path.c_str(), path.size());
                   ASSERT_EQ(::bind(*fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
                   ASSERT_EQ(::listen(*fd, 4), 0);
                 },
                 {},
                 {},
                 [fd](const std::string& d) {
                   struct stat st {};
                   EXPECT_EQ(::stat((d + "/live.sock").c_str(), &st), 0) << "socket removed";
                   ::close(*fd);
                 }});
  }
  c.push_back({"CableSocketEmpty", cable({"--stats-socket", ""}), 2, "stats_socket"});
  c.push_back({"CableSocketPathTooLong", cable({"--stats-socket", "/tmp/" + std::string(200, 's')}),
               2, "stats_socket"});
  c.push_back({"CableSameInterface", {"cable", "--a", "mhA", "--b", "mhA"}, 2, "'b'"});
  c.push_back({"CableInterfaceWithNewline", {"cable", "--a", "mh\nA", "--b", "mhB"}, 2, "\\n"});
  c.push_back({"CablePhyDeepNesting", cable({"--phy", "{dir}/r.json"}), 2, "nesting",
               file("r.json", std::string(100000, '[') + std::string(100000, ']'))});
  // --html: its page is written when the daemon stops, so its path is checked before anything.
  c.push_back({"CableHtmlMissingFolder", cable({"--html", "{dir}/no/c.html"}), 2, "'--html'"});
  c.push_back({"CableHtmlDirectory", cable({"--html", "{dir}"}), 2, "directory"});
  c.push_back({"CableHtmlEmpty", cable({"--html", ""}), 2, "--html"});
  c.push_back({"CableHtmlIsThePhyReport",
               cable({"--phy", "{dir}/r.json", "--html", "{dir}/r.json"}),
               2,
               "a file other than the input",
               file("r.json", "{}"),
               {},
               {},
               [](const std::string& d) { EXPECT_EQ(read_file(d + "/r.json"), "{}"); }});
  // --physics: one source of per-channel BERs, and skews the link layer cannot carry refused
  // before any interface exists (the check comes before the TAP devices, root or not).
  c.push_back({"CablePhysicsWithBer", cable({"--physics", "--ber", "1e-6"}), 2, "physics"});
  c.push_back({"CablePhysicsSkewBeyondThePeriod",
               cable({"--physics", "--set", "fiber.skew_rms_ps=1e5", "--set",
                      "link.marker_period_bits=1024"}),
               2, "skews the cable can carry"});
  // Accepted, and nothing written by a run refused later for another reason.
  c.push_back({"CableHtmlAcceptedRunRefusedLater",
               cable({"--html", "{dir}/c.html", "--set", "link.marker_period_bits=16777216"}),
               2,
               "MOSAIC_MEMORY_BUDGET_MB",
               {},
               {},
               {},
               [](const std::string& d) { EXPECT_FALSE(std::filesystem::exists(d + "/c.html")); }});
  return c;
}

class HostileReport : public testing::TestWithParam<HostileCase> {};

TEST_P(HostileReport, AnswersWithinLimits) {
  run_hostile_case(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Cases, HostileReport, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<HostileCase>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace mosaic::hostile
