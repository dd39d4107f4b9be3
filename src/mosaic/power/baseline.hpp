#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mosaic::power {

// One technology a MOSAIC link competes with, at one rate, as listed in data/baselines.toml.
// Every figure carries the source it came from (a datasheet class, a standard, the paper, or
// "estimate: ..." with the reasoning).
struct Baseline {
  std::string id;           // e.g. "aoc-800g"
  std::string name;         // e.g. "Active optical cable (VCSEL, DSP)"
  std::string technology;   // dac, acc, aec, aoc, mmf-dsp, smf-dsp, lpo, lro, cpo
  double rate_gbps = 0.0;   // Ethernet payload rate (800, 1600)
  double reach_m = 0.0;     // longest specified cable
  double w_per_end = 0.0;   // power of one end
  double link_fit = 0.0;    // failures per 1e9 h of one complete link (both ends + medium)
  double latency_ns = 0.0;  // latency added by the link's electronics, both ends, excluding flight
  std::string reach_source;
  std::string power_source;
  std::string fit_source;
  std::string latency_source;
  std::string notes;
};

struct BaselineCatalog {
  std::string origin;  // file the catalog was read from
  std::vector<Baseline> entries;
};

// Parses the catalog's TOML text. Throws ConfigError naming the entry and key when a figure or its
// source is missing or out of range.
BaselineCatalog parse_baseline_catalog(std::string_view toml_text, std::string origin = "catalog");

}  // namespace mosaic::power
