#pragma once

#include "mosaic/core/design/presets.hpp"

namespace mosaic::test {

// One channel configured as a textbook IM/DD chain: ideal (infinitely fast) transmitter and
// receiver filters, no dispersion, no crosstalk, no jitter, no spread, a given received power.
inline LinkSpec textbook_channel(double power_dbm, NoiseModel noise, double noise_pa_rthz) {
  LinkSpec s = preset("800g");
  s.array.rows = 1;
  s.array.cols = 1;
  s.array.data_channels = 1;
  s.array.ecc_channels = 0;
  s.array.spare_channels = 0;
  s.array.dead_probability = 0.0;
  s.channel.rate_gbps = 2.0;
  s.led.filter = FilterShape::kIdeal;
  s.led.power_sigma_db = 0.0;
  s.led.bandwidth_sigma = 0.0;
  s.coupling.sigma_db = 0.0;
  s.coupling.edge_penalty_db = 0.0;
  s.fiber.chromatic_dispersion = false;
  s.fiber.modal_dispersion = false;
  s.fiber.crosstalk = false;
  s.fiber.skew_rms_ps = 0.0;
  s.rx.filter = FilterShape::kIdeal;
  s.rx.bandwidth_ghz = 1.5;
  s.rx.ctle = false;
  s.rx.jitter_rms_ps = 0.0;
  s.rx.noise = noise;
  s.rx.noise_density_pa_rthz = noise_pa_rthz;
  s.rx.input_capacitance_pf = 0.0;  // white noise only: the closed forms' channel
  s.rx.power_dbm = power_dbm;
  return s;
}

}  // namespace mosaic::test
