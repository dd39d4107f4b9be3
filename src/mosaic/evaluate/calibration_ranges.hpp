#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/evaluate/calibration.hpp"
#include "mosaic/evaluate/evaluation.hpp"

namespace mosaic {

// Lowest and highest value of a figure over the ensemble (the nominal value always inside).
struct FigureRange {
  double lo = 0.0;
  double hi = 0.0;
  void include(double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
};

// One member's headline figures, from its decisive channels.
struct MemberFigures {
  int member = 0;
  std::optional<double> optical_margin_db;  // none: unreachable (or not computed)
  double log10_worst_ber = 0.0;
  int usable_spares = 0;
  double link_fit = 0.0;
  double reach_m = 0.0;
};

// The headline figures of a design with their calibration ranges over the ensemble.
struct CalibrationRanges {
  int members = 0;
  int candidates = 0;
  int acceptance_seeds = 0;
  int validation_seeds = 0;
  std::vector<int> channels;  // the decisive channels re-evaluated per member
  bool margin = false;        // the margin was computed (and so has a range)
  FigureRange optical_margin_db;
  int margin_unreachable_members = 0;  // left out of the margin's range
  FigureRange log10_worst_ber;
  FigureRange usable_spares;
  FigureRange link_fit;
  // The longest fiber at which every decisive active channel stays within the KP4 pre-FEC
  // limit, now (end of life not included), to reach_tolerance_m: the nominal set's and its range.
  double reach_m = 0.0;
  FigureRange reach_m_range;
  std::vector<MemberFigures> per_member;
  std::vector<std::string> assumptions;
};

inline constexpr double kCalibrationReachToleranceM = 0.5;

// The ranges of `nominal`'s headline figures over the ensemble: for each member, the module-scope
// parameters applied to the design, and only the decisive channels re-evaluated (the
// kMarginCandidates weakest active channels and the spares whose BER lies near the KP4 limit),
// with the lane roles of the nominal evaluation. Each range is the union with the nominal value.
// A pure function of its inputs; threads only split the members.
CalibrationRanges calibration_ranges(const Evaluation& nominal, const CalibrationEnsemble& ensemble,
                                     int threads = 0);

}  // namespace mosaic
