#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

#include "mosaic/evaluate/columns.hpp"
#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic::record {

// Version of every JSON document mosaic writes (one schema per document under schemas/).
inline constexpr int kSchemaVersion = 3;

struct JsonOptions {
  std::string command;        // the command line that produced it (for replay)
  bool timing = true;         // include the `timing` object
  bool all_bathtubs = false;  // bathtubs for every channel (else only the worst active one)
};

// The versioned report: schema_version, mosaic_version, command, seed, spec, channels, link,
// assumptions and (optionally) timing. Identical inputs give byte-identical JSON outside `timing`.
nlohmann::json to_json(const Evaluation& evaluation, const JsonOptions& options = {});
nlohmann::json channel_to_json(const phy::ChannelResult& channel, link::ChannelRole role);

// What makes every document self-describing and replayable: schema_version, kind (the study that
// wrote it: simulate, relay, compare, fleet, cable, sweep, design, ...), mosaic_version, command,
// seed and spec (every resolved design key).
nlohmann::json header_json(std::string_view kind, std::string_view command, const LinkSpec& spec);

// The verdict over the service life: meets, meets_now, end_of_life_checked, fails_at_years
// ("never" when it meets), the binding condition, a summary line and every check.
nlohmann::json verdict_to_json(const Verdict& verdict);

// The latency model's parts, one way (ns): deskew_ns, logic_ns, host_fec_ns, fiber_ns and the
// sums electronics_ns and total_ns.
nlohmann::json latency_to_json(const link::Latency& latency);

nlohmann::json cell_to_json(const CellValue& value);
std::string cell_to_csv(const CellValue& value);

// Per-channel table as CSV (one row per pixel, header first).
void write_channels_csv(const Evaluation& evaluation, std::ostream& out);

// One Monte Carlo eye diagram as CSV: time_ui,amplitude_ua,count (bin centres, every bin).
void write_eye_csv(const phy::mc::EyeDiagram& eye, std::ostream& out);
nlohmann::json eye_to_json(const phy::mc::EyeDiagram& eye);

}  // namespace mosaic::record
