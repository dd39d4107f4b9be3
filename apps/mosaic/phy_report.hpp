#pragma once

#include <string>

#include "mosaic/link/channel_model.hpp"

namespace mosaic::cli {

// Per-channel BERs (and dead channels) from a `mosaic simulate --json` report into a fault plan.
// Throws ConfigError naming --phy when the file is unreadable or not such a report.
void read_phy_report(const std::string& path, int channels, link::FaultPlan& plan);

}  // namespace mosaic::cli
