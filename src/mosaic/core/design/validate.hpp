#pragma once

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic {

// What a run will do with a design beyond the statistical eye, lanes, power and reliability
// (which every run does, and which every valid design supports).
struct DesignUse {
  bool monte_carlo = false;  // the bit-true waveform engine (phy/mc)
};

// Every rule of every layer that single-key ranges cannot express, checked once at the edge:
// array size against the channels, the extended Hamming code, the link layer's word framing,
// channel identity and deskew depth, the rate-equation parameters and, for Monte Carlo, the
// receiver filters it can run. Whatever passes here is accepted by simulate, relay, Monte Carlo
// (when `use.monte_carlo`) and a sweep. Throws ConfigError naming the key, value and allowed range.
void validate_design(const LinkSpec& spec, const DesignUse& use = {});

}  // namespace mosaic
