// The store reader and the data of the sweep-store page: what is read equals what was stored, the
// page's front equals `mosaic pareto`'s, links go to the points that get a page, and bad stores
// or points are refused naming the argument. The `mosaic report results.db` command at the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "common/sweep_test_util.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/pages/html_report.hpp"
#include "mosaic/pages/sweep_page.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic/sweep/store_reader.hpp"

namespace mosaic::pages {
namespace {

using namespace sweep;

using namespace sweep::testing_util;

std::string sweep_text(bool margin) {
  std::string text = kSmallBase;
  if (margin) text += "[evaluate]\nmargin = true\n";
  text += "[[axis]]\nkey = \"fiber.length_m\"\nvalues = [5, 15, 25, 35]\n";
  text += "[[axis]]\nkey = \"channel.rate_gbps\"\nvalues = [1.5, 2.5]\n";
  return text;
}

// A store of the 8 points of sweep_text(), made in-process.
std::string make_store(const std::string& name, bool margin = false) {
  const std::string path = fresh(name);
  const SweepDefinition def = parse_sweep(sweep_text(margin), name);
  Store store(path, def, false);
  RunOptions options;
  options.threads = 2;
  run_sweep(def, store, options);
  return path;
}

ConfigError config_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError";
  return ConfigError("", "", "");
}

TEST(StoreReader, ReadsWhatTheSweepStored) {
  const std::string path = make_store("reader.db");
  const StoreReader store(path);
  EXPECT_EQ(store.stored_points(), 8u);
  EXPECT_EQ(store.planned_points(), 8u);
  EXPECT_EQ(store.axes(), (std::vector<std::string>{"fiber.length_m", "channel.rate_gbps"}));
  EXPECT_EQ(store.sweep_file_text(), sweep_text(false));
  EXPECT_EQ(store.fingerprint(), parse_sweep(sweep_text(false), "x").fingerprint);

  const StoreColumn* length = store.find_column("fiber.length_m");
  ASSERT_NE(length, nullptr);
  EXPECT_EQ(length->role, StoreColumn::Role::kInput);
  EXPECT_EQ(length->type, StoreColumn::Type::kReal);
  EXPECT_EQ(length->unit, "m");
  const StoreColumn* power = store.find_column("power.per_end_w");
  ASSERT_NE(power, nullptr);
  EXPECT_EQ(power->role, StoreColumn::Role::kOutput);
  EXPECT_EQ(power->unit, "W");
  EXPECT_EQ(store.find_column("link.over_threshold")->type, StoreColumn::Type::kInteger);
  EXPECT_EQ(store.find_column("report_json"), nullptr)
      << "the JSON column is read one point at a time";

  const StoreTable table = store.read_table();
  EXPECT_EQ(table.points, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  const StoreColumnValues* lengths = table.find("fiber.length_m");
  const StoreColumnValues* rates = table.find("channel.rate_gbps");
  ASSERT_TRUE(lengths && rates);
  // Product order: the first axis slowest.
  EXPECT_EQ(*lengths->numbers[2], 15.0);
  EXPECT_EQ(*rates->numbers[2], 1.5);
  EXPECT_EQ(*rates->numbers[3], 2.5);
  EXPECT_FALSE(table.find("link.optical_margin_db")->numbers[0].has_value()) << "not computed";

  // One point's report: the `mosaic simulate --json` report, accepted by the simulate page, whose
  // headline figures are the row's.
  const auto json = store.report_json(5);
  ASSERT_TRUE(json.has_value());
  const nlohmann::json report = nlohmann::json::parse(*json);
  EXPECT_EQ(pages::detect_report_kind(report, "x"), pages::ReportKind::kSimulate);
  EXPECT_DOUBLE_EQ(report["power"]["per_end_w"].get<double>(),
                   *table.find("power.per_end_w")->numbers[5]);
  EXPECT_DOUBLE_EQ(report["spec"]["fiber"]["length_m"].get<double>(), 25.0);
  EXPECT_FALSE(store.report_json(8).has_value());
}

TEST(StoreReader, RefusesWhatIsNotASweepStoreNamingTheArgument) {
  const std::string dir = ::testing::TempDir();
  const std::string text = write_file("not_a_store.db", "{\"hello\": 1}");
  const std::string other = fresh("other.db");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(other.c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "CREATE TABLE points (point INTEGER PRIMARY KEY, x REAL)", nullptr, nullptr,
               nullptr);
  sqlite3_close(db);
  for (const std::string& path : {dir + "missing.db", text, other}) {
    const ConfigError e = config_error([&] { StoreReader r(path, "REPORT"); });
    EXPECT_EQ(e.field(), "REPORT");
    EXPECT_NE(e.value().find(path), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("mosaic sweep"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(is_sqlite_file(text));
  EXPECT_TRUE(is_sqlite_file(other));
}

TEST(SweepPage, DefaultAxesAndTheirFrontAreThoseOfMosaicPareto) {
  const std::string path = make_store("front.db");
  const StoreReader store(path);
  const StoreTable table = store.read_table();
  // No margins in this store: power against the worst BER, both minimised.
  const auto axes = default_axes(table);
  ASSERT_EQ(axes.size(), 2u);
  EXPECT_EQ(axes[0].column, "power.per_end_w");
  EXPECT_FALSE(axes[0].maximize);
  EXPECT_EQ(axes[1].column, "link.log10_worst_ber");
  EXPECT_FALSE(axes[1].maximize);

  // A front of several points (reach against BER), computed through two paths.
  for (const auto& objectives :
       {axes, std::vector<Objective>{{"fiber.length_m", true}, {"link.log10_worst_ber", false}}}) {
    const std::vector<std::int64_t> front = front_points(table, objectives);
    const ParetoFront expected = pareto_front(path, objectives);
    std::vector<std::int64_t> points;
    for (const auto& row : expected.numbers) points.push_back(static_cast<std::int64_t>(*row[0]));
    EXPECT_EQ(front, points) << objectives[0].column;
  }
  EXPECT_GT(front_points(table, {{"fiber.length_m", true}, {"link.log10_worst_ber", false}}).size(),
            1u);

  const std::string with_margin = make_store("front_margin.db", true);
  const auto margin_axes = default_axes(StoreReader(with_margin).read_table());
  ASSERT_EQ(margin_axes.size(), 2u);
  EXPECT_EQ(margin_axes[1].column, "link.optical_margin_db");
  EXPECT_TRUE(margin_axes[1].maximize);
}

TEST(SweepPage, DataHoldsEveryPointTheFrontAndTheLinksOfThePointsWithAPage) {
  const std::string path = make_store("page.db");
  const StoreReader store(path);
  SweepPageOptions options;
  options.pages_dir = "sweep_points";
  options.store_arg = "page.db";
  options.command = "mosaic report page.db -o sweep.html";
  options.point_command = "report page.db point={point} output=point-{point}.html";
  const SweepPage all = sweep_page(store, options);
  const nlohmann::json& d = all.data;
  EXPECT_EQ(d["kind"], "sweep");
  EXPECT_EQ(all.point_pages, PointPages::kAll) << "8 points: a page each";
  EXPECT_EQ(all.pages.size(), 8u);
  EXPECT_EQ(d["points"].size(), 8u);
  EXPECT_EQ(d["pages"]["links"][3], "sweep_points/point-3.html");
  // The caller's own command, shown with N and kept with its placeholder for the page's links.
  EXPECT_EQ(d["pages"]["command"], "report page.db point=N output=point-N.html");
  EXPECT_EQ(d["pages"]["command_template"], options.point_command);
  // The common header and the assumptions.
  EXPECT_EQ(d["report"]["command"], options.command);
  EXPECT_TRUE(d["report"].contains("schema_version") && d["report"].contains("spec"));
  EXPECT_GE(d["report"]["assumptions"].size(), 4u);
  // Swept and varying columns as arrays of every point; the others with their one value.
  EXPECT_EQ(d["values"]["fiber.length_m"].size(), 8u);
  EXPECT_EQ(d["values"]["fiber.length_m"][7], 35.0);
  EXPECT_FALSE(d["values"].contains("array.rows"));
  EXPECT_FALSE(d["values"].contains("eval_s")) << "timing differs between identical runs";
  bool found_rows = false;
  for (const auto& c : d["columns"])
    if (c["name"] == "array.rows") {
      found_rows = true;
      EXPECT_EQ(c["value"], 4);
      EXPECT_FALSE(c["varies"].get<bool>());
    }
  EXPECT_TRUE(found_rows);
  EXPECT_EQ(d["store"]["sweep_file"], sweep_text(false));
  const auto front = front_points(store.read_table(), default_axes(store.read_table()));
  EXPECT_EQ(d["front"].get<std::vector<std::int64_t>>(), front);

  options.point_pages = PointPages::kPareto;
  const SweepPage pareto = sweep_page(store, options);
  auto sorted_front = front;
  std::sort(sorted_front.begin(), sorted_front.end());
  EXPECT_EQ(pareto.pages, sorted_front);
  for (std::size_t i = 0; i < 8; ++i)
    EXPECT_EQ(pareto.data["pages"]["links"][i].is_null(),
              !std::binary_search(sorted_front.begin(), sorted_front.end(),
                                  static_cast<std::int64_t>(i)));
  options.point_pages = PointPages::kNone;
  const SweepPage none = sweep_page(store, options);
  EXPECT_TRUE(none.pages.empty());
  EXPECT_EQ(none.data["pages"]["policy"], "none");

  // Each point's own page: a simulate page that names its point and links back, with the
  // figures it was handed.
  const nlohmann::json report = point_report(store, 6);
  const nlohmann::json point =
      point_page_data(report, 6, "page.db", {{"stat_eye", {{"channel", 3}}}}, "../sweep.html");
  EXPECT_EQ(point["kind"], "simulate");
  EXPECT_EQ(point["report"], report);
  EXPECT_EQ(point["sweep"]["point"], 6);
  EXPECT_EQ(point["sweep"]["store"], "page.db");
  EXPECT_EQ(point["sweep"]["sweep_page"], "../sweep.html");
  EXPECT_EQ(point["stat_eye"]["channel"], 3);
  const ConfigError missing = config_error([&] { point_report(store, 42); });
  EXPECT_EQ(missing.field(), "point");
  EXPECT_EQ(missing.value(), "42");
  EXPECT_NE(missing.allowed().find("8 stored, from 0 to 7"), std::string::npos)
      << missing.allowed();
}

TEST(SweepPage, AStoreWithoutPointsIsRefused) {
  const std::string path = fresh("empty.db");
  { Store made(path, parse_sweep(sweep_text(false), "empty.toml"), false); }
  const StoreReader store(path, "input");
  const ConfigError e = config_error([&] { sweep_page(store, {}); });
  EXPECT_EQ(e.field(), "input");
  EXPECT_NE(std::string(e.what()).find("at least one point"), std::string::npos) << e.what();
}

TEST(SweepPage, ReportCommandWritesTheSweepPageAndOnePagePerPoint) {
  const std::string path = make_store("cli.db");
  const std::string dir = ::testing::TempDir() + "sweep_report_cli/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const CliRun r = run_cli("report " + path + " -o " + dir + "s.html --point-pages pareto");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir + "s.html"));
  const StoreReader store(path);
  const auto front = front_points(store.read_table(), default_axes(store.read_table()));
  std::size_t pages = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir + "s_points")) {
    ++pages;
    const std::string name = e.path().filename().string();
    const std::int64_t point = std::stoll(name.substr(6));
    EXPECT_NE(std::find(front.begin(), front.end(), point), front.end()) << name;
  }
  EXPECT_EQ(pages, front.size());
  // The page suggests, for the points without a page, a command spelled from the report study's
  // own flags; run as suggested, it draws that point's page.
  std::ifstream sweep_in(dir + "s.html");
  const std::string sweep_html((std::istreambuf_iterator<char>(sweep_in)),
                               std::istreambuf_iterator<char>());
  const std::string key = "\"command_template\":\"";
  const std::size_t at = sweep_html.find(key);
  ASSERT_NE(at, std::string::npos);
  std::string suggested =
      sweep_html.substr(at + key.size(), sweep_html.find('"', at + key.size()) - at - key.size());
  EXPECT_EQ(suggested, "mosaic report " + path + " --point {point} --output point-{point}.html");
  for (std::size_t p = suggested.find("{point}"); p != std::string::npos;
       p = suggested.find("{point}"))
    suggested.replace(p, 7, "5");
  suggested.replace(suggested.find("point-5.html"), 12, dir + "suggested.html");
  const CliRun as_suggested = run_cli(suggested.substr(std::string("mosaic ").size()));
  ASSERT_EQ(as_suggested.exit_code, 0) << suggested << ": " << as_suggested.err;
  EXPECT_TRUE(std::filesystem::exists(dir + "suggested.html"));
  const CliRun one = run_cli("report " + path + " --point 3 -o " + dir + "p3.html");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  std::ifstream in(dir + "p3.html");
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(html.find("\"kind\":\"simulate\""), std::string::npos);
  EXPECT_NE(html.find("\"sweep\":{\"point\":3"), std::string::npos);
}

TEST(SweepPage, ReportCommandRefusalsAreOneLineNamingTheArgumentAndExitCode2) {
  const std::string path = make_store("cli_bad.db");
  const std::string empty = fresh("cli_empty.db");
  { Store made(empty, parse_sweep(sweep_text(false), "e.toml"), false); }
  const std::string dir = ::testing::TempDir();
  const std::string json = write_file("cli_bad_report.json", "{\"hello\": 1}");
  struct Case {
    std::string args;
    std::string mention;
  };
  for (const Case& c :
       {Case{"report " + dir + "no_such.db -o x.html", "'input'"},
        Case{"report " + empty + " -o " + dir + "e.html", "at least one point"},
        Case{"report " + empty + " -o " + dir + "e.html", "--store " + empty + " --resume"},
        Case{"report " + path + " --point 99 -o " + dir + "p.html", "'point'"},
        Case{"report " + path + " --point-pages some -o x.html", "'point_pages'"},
        Case{"report " + path + " --eye-stat 3 -o x.html", "'eye_stat'"},
        Case{"report " + json + " --point 1 -o x.html", "'point'"},
        Case{"report " + path + " -o " + dir + "no_such_dir/s.html", "existing directory"}}) {
    const CliRun r = run_cli(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << ": " << r.err;
    EXPECT_NE(r.err.find(c.mention), std::string::npos) << c.args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace mosaic::pages
