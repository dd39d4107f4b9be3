#include "phy_report.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "mosaic/core/error.hpp"

namespace mosaic::cli {

void read_phy_report(const std::string& path, int channels, link::FaultPlan& plan) {
  std::ifstream in(path);
  if (!in)
    throw ConfigError("--phy", "\"" + path + "\"", "a readable `mosaic simulate --json` report");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception&) {
    throw ConfigError("--phy", "\"" + path + "\"", "valid JSON");
  }
  if (!j.contains("channels") || !j["channels"].is_array())
    throw ConfigError("--phy", "\"" + path + "\"", "a report with a channels[] table");
  plan.channel_ber.assign(channels, plan.background_ber);
  for (const auto& c : j["channels"]) {
    const int index = c.value("index", -1);
    if (index < 0 || index >= channels) continue;  // pixels beyond the channels of the design
    plan.channel_ber[index] = std::min(0.5, std::max(0.0, c.value("ber", 0.0)));
    if (c.value("role", std::string()) == "dead") plan.dead_channels.push_back(index);
  }
}

}  // namespace mosaic::cli
