#pragma once

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "mosaic/core/options/common_fields.hpp"
#include "mosaic/core/schema/table.hpp"

namespace mosaic::study {

// Which BER engines run: the statistical eye always; Monte Carlo beside it with kMonteCarlo.
enum class BerMethod { kStat, kMonteCarlo };

}  // namespace mosaic::study

namespace mosaic {
template <>
struct EnumNames<study::BerMethod> {
  static constexpr std::array<std::pair<study::BerMethod, const char*>, 2> kValues{{
      {study::BerMethod::kStat, "stat"},
      {study::BerMethod::kMonteCarlo, "mc"},
  }};
};
}  // namespace mosaic

namespace mosaic::study {

// The options of `mosaic simulate` (and of mosaic.simulate in Python): what to compute beside the
// figures every evaluation has. The design's own keys (mc.* for the Monte Carlo stop rules) stay
// in the design.
struct SimulateOptions {
  BerMethod method = BerMethod::kStat;
  bool margin = true;                      // the optical margin search
  bool link_budget = true;                 // the link budget of the median and weakest channels
  bool link_budget_every = false;          // ... and of every active channel (opt-in: seconds)
  bool degradation = false;                // age the LEDs over the service life
  bool all_bathtubs = false;               // every channel's bathtub curves in the record
  std::vector<ChannelRange> mc_channels;   // empty: every live channel
  std::vector<ChannelRange> eye_channels;  // Monte Carlo eye diagrams kept (implies method mc)
  std::optional<int> eye_stat;             // a channel whose statistical eye grid rides along
  int threads = 0;
  // The headline figures' ranges over the calibration ensemble (the decisive channels
  // re-evaluated per member); off, the record is the evaluation's alone.
  bool calibration_ranges = true;

  static FieldTable<SimulateOptions> fields();
  // Every field in its range (the design-dependent checks are the study's).
  void validate() const { check_fields(*this, fields()); }
  bool monte_carlo() const { return method == BerMethod::kMonteCarlo || !eye_channels.empty(); }
};

}  // namespace mosaic::study
