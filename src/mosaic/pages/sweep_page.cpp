#include "mosaic/pages/sweep_page.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "mosaic/core/error.hpp"
#include "mosaic/core/version.hpp"
#include "mosaic/pages/html_report.hpp"
#include "mosaic/record/report_json.hpp"
#include "mosaic/record/spec_json.hpp"

namespace mosaic::pages {

using study::PointPages;
using sweep::non_dominated;
using sweep::Objective;
using sweep::StoreColumn;
using sweep::StoreColumnValues;
using sweep::StoreReader;
using sweep::StoreTable;
namespace {

bool has_values(const StoreColumnValues& c) {
  return std::any_of(c.numbers.begin(), c.numbers.end(),
                     [](const auto& v) { return v && std::isfinite(*v); });
}

bool varies(const StoreColumnValues& c) {
  if (c.column.type == StoreColumn::Type::kText)
    return std::adjacent_find(c.text.begin(), c.text.end(), std::not_equal_to<>()) != c.text.end();
  return std::adjacent_find(c.numbers.begin(), c.numbers.end(), std::not_equal_to<>()) !=
         c.numbers.end();
}

bool numeric(const StoreColumnValues& c) {
  return c.column.type != StoreColumn::Type::kText;
}

const char* role_name(StoreColumn::Role role) {
  switch (role) {
    case StoreColumn::Role::kPoint:
      return "point";
    case StoreColumn::Role::kInput:
      return "input";
    case StoreColumn::Role::kOutput:
      return "output";
    case StoreColumn::Role::kTiming:
      return "timing";
  }
  return "output";
}

const char* type_name(StoreColumn::Type type) {
  switch (type) {
    case StoreColumn::Type::kInteger:
      return "integer";
    case StoreColumn::Type::kReal:
      return "real";
    case StoreColumn::Type::kText:
      return "text";
  }
  return "real";
}

// A stored value as JSON: integers as integers, a NULL or non-finite number as null (the page
// shows "–" and leaves the point out of anything drawn on that column).
nlohmann::json value_json(const StoreColumnValues& c, std::size_t row) {
  if (c.column.type == StoreColumn::Type::kText) {
    const auto& t = c.text[row];
    return t ? nlohmann::json(*t) : nlohmann::json(nullptr);
  }
  const auto& v = c.numbers[row];
  if (!v || !std::isfinite(*v)) return nullptr;
  if (c.column.type == StoreColumn::Type::kInteger && std::abs(*v) < 9e15)
    return static_cast<std::int64_t>(std::llround(*v));
  return *v;
}

// The caller's point command with its "{point}" filled in (the page shows it with N).
std::string point_placeholder(std::string command, const std::string& point) {
  static const std::string kToken = "{point}";
  for (std::size_t at = command.find(kToken); at != std::string::npos;
       at = command.find(kToken, at + point.size()))
    command.replace(at, kToken.size(), point);
  return command;
}

nlohmann::json parse_report(const std::string& store_path, std::int64_t point,
                            const std::string& text) {
  // A store's reports are mosaic's own records (six levels deep); one nested deeper was not
  // written by mosaic and is refused before anything recursive meets it.
  constexpr int kMaxDepth = 64;
  bool too_deep = false;
  const nlohmann::json::parser_callback_t limit =
      [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
        too_deep = too_deep || ((event == nlohmann::json::parse_event_t::object_start ||
                                 event == nlohmann::json::parse_event_t::array_start) &&
                                depth > kMaxDepth);
        return !too_deep;
      };
  try {
    nlohmann::json j = nlohmann::json::parse(text, limit);
    if (too_deep) throw std::runtime_error("too deep");
    return j;
  } catch (const std::exception&) {
    throw ConfigError("input", "\"" + store_path + "\"",
                      "a store whose reports are JSON (point " + std::to_string(point) +
                          "'s report_json does not parse)");
  }
}

}  // namespace

const char* point_pages_name(PointPages pages) {
  for (const auto& [p, name] : EnumNames<PointPages>::kValues)
    if (p == pages) return name;
  return "?";
}

std::string point_page_name(std::int64_t point) {
  return "point-" + std::to_string(point) + ".html";
}

std::vector<Objective> default_axes(const StoreTable& table) {
  auto usable = [&](const std::string& name) {
    const StoreColumnValues* c = table.find(name);
    return c && numeric(*c) && has_values(*c);
  };
  std::vector<Objective> axes;
  if (usable("power.per_end_w")) axes.push_back({"power.per_end_w", false});
  if (usable("link.optical_margin_db"))
    axes.push_back({"link.optical_margin_db", true});
  else if (usable("link.log10_worst_ber"))
    axes.push_back({"link.log10_worst_ber", false});
  // A store of another version: the first numeric columns that vary, outputs before inputs.
  for (const auto role : {StoreColumn::Role::kOutput, StoreColumn::Role::kInput})
    for (const auto& c : table.columns) {
      if (axes.size() >= 2) break;
      if (c.column.role != role || !numeric(c) || !has_values(c) || !varies(c)) continue;
      if (std::none_of(axes.begin(), axes.end(),
                       [&](const Objective& o) { return o.column == c.column.name; }))
        axes.push_back({c.column.name, false});
    }
  return axes;
}

std::vector<std::int64_t> front_points(const StoreTable& table,
                                       const std::vector<Objective>& axes) {
  std::vector<const StoreColumnValues*> cols;
  for (const auto& a : axes) {
    const StoreColumnValues* c = table.find(a.column);
    if (!c || !numeric(*c)) return {};
    cols.push_back(c);
  }
  std::vector<std::vector<double>> keys;
  std::vector<std::int64_t> rows;
  for (std::size_t i = 0; i < table.points.size(); ++i) {
    std::vector<double> key;
    for (std::size_t k = 0; k < cols.size(); ++k) {
      const auto& v = cols[k]->numbers[i];
      if (!v || !std::isfinite(*v)) break;
      key.push_back(axes[k].maximize ? -*v : *v);
    }
    if (key.size() != cols.size()) continue;
    keys.push_back(std::move(key));
    rows.push_back(table.points[i]);
  }
  std::vector<std::int64_t> front;
  for (std::size_t i : non_dominated(keys)) front.push_back(rows[i]);
  return front;
}

SweepPage sweep_page(const StoreReader& store, const SweepPageOptions& options) {
  const StoreTable table = store.read_table();
  const std::size_t planned = store.planned_points();
  if (table.points.empty())
    throw ConfigError(
        "input", "\"" + store.path() + "\"", "a store holding at least one point",
        "it holds none of its " + std::to_string(planned) + " points yet; " +
            (options.resume_command.empty() ? std::string("resume the sweep that writes it")
                                            : "run `" + options.resume_command + "`"));
  SweepPage out;
  const std::size_t n = table.points.size();
  out.point_pages = options.point_pages;
  if (out.point_pages == PointPages::kAuto)
    out.point_pages = n <= study::kAllPointPagesUpTo ? PointPages::kAll : PointPages::kPareto;
  const std::vector<Objective> axes = default_axes(table);
  const std::vector<std::int64_t> front = front_points(table, axes);
  if (out.point_pages == PointPages::kAll)
    out.pages = table.points;
  else if (out.point_pages == PointPages::kPareto)
    out.pages = front;
  std::sort(out.pages.begin(), out.pages.end());

  // The common header, with the design of the lowest stored point: the other points differ from
  // it only in the swept keys, which the table shows.
  const std::int64_t first = table.points.front();
  const nlohmann::json first_report = parse_report(store.path(), first, *store.report_json(first));
  detect_report_kind(first_report, "point " + std::to_string(first) + " of the store");
  nlohmann::json header = record::header_json("sweep", options.command,
                                              record::spec_from_json(first_report.at("spec")));
  header["spec_point"] = first;
  nlohmann::json assumptions = nlohmann::json::array();
  assumptions.push_back(
      "The design in this page's header is point " + std::to_string(first) +
      "'s; every other point differs from it only in the swept keys (the table's input columns).");
  assumptions.push_back(
      "Pareto front: the points no other point beats on both chosen columns (at least as good on "
      "both, better on one); points where either is missing take no part, and of equal points "
      "the lowest index stands for them. It is the front of the stored points only.");
  assumptions.push_back(
      "The stored reports come from the sweep-mode evaluation: eye heights only for the worst "
      "active channel, bathtubs only for it, the optical margin only when the sweep file asked "
      "for it (docs/sweep.md).");
  assumptions.push_back(
      "A point's page recomputes its statistical-eye grid, its power beside the baselines and "
      "its fleet figures from the point's design with this version of mosaic; the BERs, lanes, "
      "power and reliability are the stored ones.");
  if (first_report.contains("assumptions"))
    for (const auto& a : first_report["assumptions"]) assumptions.push_back(a);
  header["assumptions"] = std::move(assumptions);

  nlohmann::json columns = nlohmann::json::array();
  nlohmann::json values = nlohmann::json::object();
  const std::vector<std::string> swept = store.axes();
  for (const auto& c : table.columns) {
    if (c.column.role == StoreColumn::Role::kTiming) continue;  // differs between identical runs
    const bool is_axis = std::find(swept.begin(), swept.end(), c.column.name) != swept.end();
    const bool on_default_axes = std::any_of(
        axes.begin(), axes.end(), [&](const Objective& o) { return o.column == c.column.name; });
    const bool shown = is_axis || on_default_axes || varies(c);
    nlohmann::json col = {{"name", c.column.name},
                          {"unit", c.column.unit},
                          {"doc", c.column.doc},
                          {"role", role_name(c.column.role)},
                          {"type", type_name(c.column.type)},
                          {"axis", is_axis},
                          {"varies", shown}};
    if (shown) {
      nlohmann::json v = nlohmann::json::array();
      for (std::size_t i = 0; i < n; ++i) v.push_back(value_json(c, i));
      values[c.column.name] = std::move(v);
    } else {
      col["value"] = value_json(c, 0);
    }
    columns.push_back(std::move(col));
  }

  nlohmann::json links = nlohmann::json::array();
  for (const std::int64_t p : table.points)
    links.push_back(std::binary_search(out.pages.begin(), out.pages.end(), p)
                        ? nlohmann::json(options.pages_dir + "/" + point_page_name(p))
                        : nlohmann::json(nullptr));
  nlohmann::json axes_json = nlohmann::json::array();
  for (const auto& a : axes) axes_json.push_back({{"column", a.column}, {"maximize", a.maximize}});

  out.data = {{"kind", "sweep"},
              {"generator", std::string("mosaic ") + kVersion},
              {"report", std::move(header)},
              {"store",
               {{"file", options.store_arg.empty() ? store.path() : options.store_arg},
                {"fingerprint", store.fingerprint()},
                {"mosaic_version", store.meta("mosaic_version")},
                {"planned_points", planned},
                {"stored_points", n},
                {"axes", swept},
                {"margin", store.meta("margin") == "true"},
                {"sweep_file", store.sweep_file_text()}}},
              {"columns", std::move(columns)},
              {"points", table.points},
              {"values", std::move(values)},
              {"default_axes", std::move(axes_json)},
              {"front", front},
              {"pages",
               {{"policy", point_pages_name(out.point_pages)},
                {"dir", options.pages_dir},
                {"count", out.pages.size()},
                {"links", std::move(links)},
                {"command", point_placeholder(options.point_command, "N")},
                {"command_template", options.point_command}}}};
  return out;
}

nlohmann::json point_report(const StoreReader& store, std::int64_t point) {
  const std::optional<std::string> text = store.report_json(point);
  if (!text) {
    const std::vector<std::int64_t> stored = store.point_indices();
    const std::string allowed = stored.empty()
                                    ? std::string("none: the store holds no point yet")
                                    : "a point the store holds (" + std::to_string(stored.size()) +
                                          " stored, from " + std::to_string(stored.front()) +
                                          " to " + std::to_string(stored.back()) + ")";
    throw ConfigError("point", std::to_string(point), allowed);
  }
  return parse_point_report(*text, point, store.path());
}

nlohmann::json parse_point_report(const std::string& report_text, std::int64_t point,
                                  const std::string& store_name) {
  const nlohmann::json report = parse_report(store_name, point, report_text);
  detect_report_kind(report, "point " + std::to_string(point) + " of the store");
  return report;
}

nlohmann::json point_page_data(const nlohmann::json& report, std::int64_t point,
                               const std::string& store_file, const nlohmann::json& figures,
                               const std::string& sweep_page_link) {
  // A design sweep's points are simulate records, a cluster sweep's cluster records.
  nlohmann::json page = html_page_data(report, detect_report_kind(report, "point"), figures);
  page["sweep"] = {{"point", point}, {"store", store_file}, {"sweep_page", sweep_page_link}};
  return page;
}

}  // namespace mosaic::pages
