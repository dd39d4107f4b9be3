#include "mosaic/phy/array_layout.hpp"

#include <cmath>

#include "mosaic/core/rng.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {

ArrayLayout build_array(const LinkSpec& spec, const FiberResponse& fiber,
                        std::span<const double> extra_loss_db) {
  ArrayLayout layout;
  layout.rows = spec.array.rows;
  layout.cols = spec.array.cols;
  const int n = layout.rows * layout.cols;
  layout.channels.resize(n);
  const double droop_db = temperature_derating(spec).led_power_db;
  const double f3db = nominal_led_f3db_hz(spec);
  const double fixed_loss_db =
      spec.coupling.tx_db + spec.coupling.connector_db + spec.coupling.rx_db + fiber.loss_db;
  for (int i = 0; i < n; ++i) {
    ChannelParams& c = layout.channels[i];
    c.index = i;
    c.row = i / layout.cols;
    c.col = i % layout.cols;
    c.edge = c.row == 0 || c.col == 0 || c.row == layout.rows - 1 || c.col == layout.cols - 1;
    Rng variation(spec.seed, RngPurpose::kArrayVariation, i);
    const double power_dev_db = spec.led.power_sigma_db * variation.normal();
    const double bandwidth_dev = spec.led.bandwidth_sigma * variation.normal();
    const double coupling_dev_db = spec.coupling.sigma_db * variation.normal();
    Rng dead(spec.seed, RngPurpose::kDeadPixel, i);
    c.dead = dead.uniform() < spec.array.dead_probability;
    // The strand's neutral axis runs through the array's middle column; a bend puts the
    // columns in its plane (fiber.bend_radius_m), the worst case for a row's forwarded clock.
    const double offset_m = (c.col - 0.5 * (layout.cols - 1)) * spec.array.pitch_um * 1e-6;
    Rng skew(spec.seed, RngPurpose::kSkew, i);
    c.skew_s = channel_skew_s(fiber.skew, offset_m, skew);

    c.launch_power_dbm = spec.led.launch_power_dbm + power_dev_db + droop_db;
    c.path_loss_db = fixed_loss_db + coupling_dev_db + (c.edge ? spec.coupling.edge_penalty_db : 0);
    const double extra_db = extra_loss_db.empty() ? 0.0 : extra_loss_db[i];
    c.path_loss_db += extra_db;
    c.received_power_dbm =
        spec.rx.power_dbm ? *spec.rx.power_dbm - extra_db : c.launch_power_dbm - c.path_loss_db;
    c.led_f3db_hz = f3db * std::exp(bandwidth_dev);
  }
  layout.neighbours.resize(n);
  for (int i = 0; i < n; ++i) {
    const auto& c = layout.channels[i];
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        const int r = c.row + dr;
        const int col = c.col + dc;
        if (r < 0 || col < 0 || r >= layout.rows || col >= layout.cols) continue;
        const int j = r * layout.cols + col;
        if (layout.channels[j].dead) continue;
        const double kappa = (dr == 0 || dc == 0) ? fiber.kappa_adjacent : fiber.kappa_diagonal;
        if (kappa > 0.0) layout.neighbours[i].push_back({j, kappa});
      }
    }
  }
  return layout;
}

}  // namespace mosaic::phy
