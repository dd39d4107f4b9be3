#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "mosaic/report/link_report.hpp"

namespace mosaic::report {

struct JsonOptions {
  bool timing = true;         // include the `timing` object
  bool all_bathtubs = false;  // bathtubs for every channel (else only the worst active one)
};

// The versioned report: schema_version, mosaic_version, command, seed, spec, channels, link,
// assumptions and (optionally) timing. Identical inputs give byte-identical JSON outside `timing`.
nlohmann::json to_json(const LinkReport& report, const JsonOptions& options = {});
nlohmann::json channel_to_json(const phy::ChannelResult& channel);
const char* role_name(phy::ChannelRole role);

// Per-channel table as CSV (one row per pixel, header first).
void write_channels_csv(const LinkReport& report, std::ostream& out);

// One Monte Carlo eye diagram as CSV: time_ui,amplitude_ua,count (bin centres, every bin).
void write_eye_csv(const phy::mc::EyeDiagram& eye, std::ostream& out);
nlohmann::json eye_to_json(const phy::mc::EyeDiagram& eye);

}  // namespace mosaic::report
