#pragma once

#include <string>
#include <string_view>

#include "mosaic/link/channel_model.hpp"

namespace mosaic::io {

// Per-channel BERs and dead channels for the relay, from a `mosaic simulate --json` report.
//
// The report must be a JSON object with a `channels` array; each entry an object with an integer
// `index`, a number `ber` in [0, 0.5], an optional number `log10_ber` (used instead of `ber` when
// present: exact below 1e-308) and an optional string `role` ("dead" marks a channel dark
// from the start). Entries whose index lies beyond the design's channels (pixels the link does not
// use) are skipped; an index given twice is refused. Every other deviation throws ConfigError
// naming `--phy` and the JSON path of the offending value, e.g. `--phy channels[3].ber`.
// `physical_channels` is the relay's channel count; `plan.background_ber` fills channels the
// report does not list.
// An optional number `skew_ps` per channel (its arrival time) gives each channel its skew in whole
// UI of `line_rate_gbps` behind the earliest live channel, as `relay --physics` does.
void parse_phy_report(std::string_view json_text, int physical_channels, double line_rate_gbps,
                      link::FaultPlan& plan);

// Reads the file (a regular file within the input size limit) and parses it as above.
void read_phy_report(const std::string& path, int physical_channels, double line_rate_gbps,
                     link::FaultPlan& plan);

}  // namespace mosaic::io
