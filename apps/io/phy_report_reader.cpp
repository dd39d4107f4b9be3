#include "mosaic_io/phy_report_reader.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/link/skew_plan.hpp"
#include "mosaic_io/json_input.hpp"

namespace mosaic::io {
namespace {

std::string json_type(const nlohmann::json& j) {
  return j.type_name();
}

[[noreturn]] void bad(const std::string& where, const std::string& value,
                      const std::string& allowed) {
  throw ConfigError("phy " + where, value, allowed);
}

std::string shown(const nlohmann::json& j) {
  std::string text = j.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

}  // namespace

void parse_phy_report(std::string_view json_text, int physical_channels, double line_rate_gbps,
                      link::FaultPlan& plan) {
  const nlohmann::json j =
      parse_json_document(json_text, "phy file", "a `mosaic simulate --json` report");
  if (!j.is_object()) bad("(top level)", json_type(j), "an object with a channels[] table");
  const auto channels = j.find("channels");
  if (channels == j.end()) bad("channels", "missing", "an array of channel objects");
  if (!channels->is_array()) bad("channels", json_type(*channels), "an array of channel objects");

  plan.channel_ber.assign(physical_channels, plan.background_ber);
  std::vector<char> seen(physical_channels, 0);
  std::vector<double> arrival_ps(physical_channels, 0.0);
  std::vector<char> live(physical_channels, 0);
  bool any_skew = false;
  for (std::size_t i = 0; i < channels->size(); ++i) {
    const nlohmann::json& c = (*channels)[i];
    const std::string at = "channels[" + std::to_string(i) + "]";
    if (!c.is_object()) bad(at, json_type(c), "an object with index and ber");
    const auto index = c.find("index");
    if (index == c.end()) bad(at + ".index", "missing", "an integer channel index");
    if (!index->is_number_integer()) bad(at + ".index", shown(*index), "an integer channel index");
    if (index->is_number_unsigned() ? index->get<std::uint64_t>() > (1ull << 31)
                                    : index->get<std::int64_t>() < 0)
      bad(at + ".index", shown(*index), "an integer in [0, 2^31]");
    const auto ber = c.find("ber");
    if (ber == c.end()) bad(at + ".ber", "missing", "a number in [0, 0.5]");
    if (!ber->is_number()) bad(at + ".ber", shown(*ber), "a number in [0, 0.5]");
    const double value = ber->get<double>();
    if (!(value >= 0.0 && value <= 0.5)) bad(at + ".ber", shown(*ber), "a number in [0, 0.5]");
    bool dead = false;
    if (const auto role = c.find("role"); role != c.end()) {
      if (!role->is_string()) bad(at + ".role", shown(*role), "a string such as \"data\"");
      dead = role->get_ref<const std::string&>() == "dead";
    }
    const std::int64_t k = index->get<std::int64_t>();
    if (k >= physical_channels) continue;  // pixels beyond the channels the design uses
    if (seen[k]) bad(at + ".index", shown(*index), "each channel index once");
    seen[k] = 1;
    // log10_ber is exact where "ber" saturates at the smallest double (BERs far below 1e-308):
    // with it, a report gives the relay exactly the BERs of the evaluation it came from.
    double exact = value;
    if (const auto log = c.find("log10_ber"); log != c.end()) {
      if (!log->is_number()) bad(at + ".log10_ber", shown(*log), "a number <= log10(0.5)");
      const double l = log->get<double>();
      if (!(l <= std::log10(0.5) + 1e-12))
        bad(at + ".log10_ber", shown(*log), "a number <= log10(0.5)");
      exact = std::min(0.5, std::pow(10.0, l));
    }
    plan.channel_ber[k] = exact;
    if (dead) plan.dead_channels.push_back(static_cast<int>(k));
    if (const auto skew = c.find("skew_ps"); skew != c.end()) {
      if (!skew->is_number() || !std::isfinite(skew->get<double>()) ||
          std::abs(skew->get<double>()) > 1e9)
        bad(at + ".skew_ps", shown(*skew), "a number of ps in [-1e9, 1e9]");
      arrival_ps[k] = skew->get<double>();
      any_skew = true;
    }
    live[k] = !dead;
  }
  if (any_skew) plan.skew_ui = link::skew_ui_from_arrivals(arrival_ps, live, line_rate_gbps);
}

void read_phy_report(const std::string& path, int physical_channels, double line_rate_gbps,
                     link::FaultPlan& plan) {
  parse_phy_report(read_input_file(path, "phy"), physical_channels, line_rate_gbps, plan);
}

}  // namespace mosaic::io
