#include "mosaic/link/ecc_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace mosaic::link {

EccPrediction predict_ecc(const LinkConfig& config, std::span<const double> slot_ber,
                          std::span<const std::uint8_t> erased) {
  EccPrediction out;
  out.lane_ber.assign(config.data_lanes, 0.0);
  if (!config.has_ecc()) {
    for (int d = 0; d < config.data_lanes; ++d) {
      const int s = config.data_slot[d];
      out.lane_ber[d] = erased[s] ? 0.5 : std::min(slot_ber[s], 0.5);
    }
  } else {
    const int m = config.slots_per_group;
    std::vector<double> residual(config.row_slots(), 0.0);
    for (int g = 0; g < config.groups; ++g) {
      // Distribution of the number of errors among the group's non-erased lanes (0..3, >= 4).
      std::array<double, 5> dist{1, 0, 0, 0, 0};
      int ne = 0, used = 0;
      for (int s : config.active_slots) {
        if (s / m != g) continue;
        ++used;
        if (erased[s]) {
          ++ne;
          continue;
        }
        const double p = std::min(slot_ber[s], 0.5);
        for (int k = 4; k >= 1; --k)
          dist[k] = k == 4 ? dist[4] + dist[3] * p : dist[k] * (1 - p) + dist[k - 1] * p;
        dist[0] *= 1 - p;
      }
      const double p0 = dist[0], p1 = dist[1], p3 = dist[3];
      const double any = 1.0 - p0;  // P(>= 1 error)
      const double two_plus = std::max(0.0, 1.0 - p0 - p1);
      // Fraction of columns a three-error syndrome can point at that are used slots.
      const double used_fraction = double(used) / m;
      double unresolved = 0.0;  // P(the bit time is left unresolved)
      if (ne == 0) {
        out.corrected_bits += p1 + p3 * used_fraction;
        unresolved = two_plus - p3 * used_fraction;
      } else if (ne == 1) {
        out.corrected_bits += 0.5 * (p0 + p1) + p1;
        unresolved = two_plus;
      } else {
        out.corrected_bits += 0.5 * ne * p0;
        unresolved = any;
      }
      out.flagged_bit_times += unresolved;
      for (int s : config.active_slots) {
        if (s / m != g) continue;
        if (erased[s]) {
          residual[s] = 0.5 * unresolved;
          continue;
        }
        const double p = std::min(slot_ber[s], 0.5);
        const double others_clean = p0 / (1 - p);
        // Error on s with another one beside it; with two or more erased lanes any other error.
        double r = ne >= 2 ? p : p * (1 - others_clean);
        if (ne == 0) r += p3 * used_fraction / used;  // a miscorrection lands on s
        residual[s] = r;
      }
    }
    for (int d = 0; d < config.data_lanes; ++d) out.lane_ber[d] = residual[config.data_slot[d]];
  }
  double sum = 0;
  for (double v : out.lane_ber) sum += v;
  out.post_ecc_ber = config.data_lanes ? sum / config.data_lanes : 0.0;
  return out;
}

}  // namespace mosaic::link
