#pragma once

#include <optional>
#include <string>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// The options of `mosaic design`: what the design must achieve, and where to keep what was tried.
// A winner may fail this many times as often as the preset at the same reach and temperature.
inline constexpr double kDefaultFitOverReference = 2.0;

struct DesignOptions {
  double payload_gbps = 800.0;   // 800, 1600 or 3200 (the host interface of a preset)
  double reach_m = 50.0;         // fiber.length_m
  std::optional<double> temp_c;  // environment.case_temperature_c (the preset's if unset)
  // reliability.link_fit at most this; unset: kDefaultFitOverReference x the preset's own FIT at
  // the goal's reach and temperature.
  std::optional<double> max_fit;
  double min_margin_db = 2.0;  // link.optical_margin_db at least this (a guard off the cliff)
  std::string store;           // also store every design tried (path; "" = none)
  std::string out;             // also write the winning design file (path; "" = none)
  int threads = 0;

  static FieldTable<DesignOptions> fields();
  // Every field in its range (reach and temperature in the design keys' ranges), a payload of a
  // preset.
  void validate() const;
};

}  // namespace mosaic::study
