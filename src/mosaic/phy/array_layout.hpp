#pragma once

#include <span>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/phy/fiber.hpp"
#include "mosaic/phy/led_response.hpp"

namespace mosaic::phy {

// One pixel of the array after manufacturing variation, temperature and the optical budget.
struct ChannelParams {
  int index = 0;
  int row = 0;
  int col = 0;
  bool dead = false;
  bool edge = false;              // on the outer ring: imaged onto the fiber's worse edge cores
  double launch_power_dbm = 0.0;  // this LED's mean optical power
  double path_loss_db = 0.0;      // coupling, connector, fiber, edge penalty, variation
  double received_power_dbm = 0.0;
  double led_f3db_hz = 0.0;  // this LED's small-signal bandwidth
  double skew_s = 0.0;       // arrival time relative to the nominal channel (FiberResponse::skew)
};

// A neighbour whose light leaks into a channel, as a fraction of the neighbour's own received
// power.
struct Neighbour {
  int index = 0;
  double kappa = 0.0;
};

struct ArrayLayout {
  int rows = 0;
  int cols = 0;
  std::vector<ChannelParams> channels;             // row-major, every pixel
  std::vector<std::vector<Neighbour>> neighbours;  // live neighbours of each channel (<= 8)
};

// Samples every pixel's variation from (seed, purpose, pixel) and applies the budget. Pure: the
// same spec gives the same layout. extra_loss_db, if not empty, adds per-pixel loss (ageing).
ArrayLayout build_array(const LinkSpec& spec, const FiberResponse& fiber,
                        std::span<const double> extra_loss_db = {});

}  // namespace mosaic::phy
