#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/options/calibrate_options.hpp"
#include "mosaic/core/options/validate_options.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/core/schema/builders.hpp"
#include "mosaic/core/schema/table.hpp"
#include "mosaic/evaluate/validation.hpp"

namespace mosaic {

// Which designs a calibrated parameter belongs to: both, the lab prototype only, or the
// integrated module (every design but the prototype's validation points).
enum class CalibrationScope { kAll, kPrototype, kModule };
// How a member's value moves a design's key: by the difference from the nominal value (dB, dB/K)
// or by its ratio to it (noise densities, bandwidths, dispersion coefficients). A design that
// changed the key keeps its own value, shifted as the nominal one would be.
enum class CalibrationShift { kOffset, kScale };
// What the calibration doc says of the parameter: chosen inside a stated range, or fitted.
enum class CalibrationKind { kChosen, kFitted };

template <>
struct EnumNames<CalibrationScope> {
  static constexpr std::array<std::pair<CalibrationScope, const char*>, 3> kValues{{
      {CalibrationScope::kAll, "all"},
      {CalibrationScope::kPrototype, "prototype"},
      {CalibrationScope::kModule, "module"},
  }};
};
template <>
struct EnumNames<CalibrationShift> {
  static constexpr std::array<std::pair<CalibrationShift, const char*>, 2> kValues{{
      {CalibrationShift::kOffset, "offset"},
      {CalibrationShift::kScale, "scale"},
  }};
};
template <>
struct EnumNames<CalibrationKind> {
  static constexpr std::array<std::pair<CalibrationKind, const char*>, 2> kValues{{
      {CalibrationKind::kChosen, "chosen"},
      {CalibrationKind::kFitted, "fitted"},
  }};
};

// One uncertain parameter: the design key it moves, its nominal value (the presets' default) and
// a uniform prior [lo, hi] with the source of that range.
struct CalibrationPrior {
  std::string name;  // the member's key for it, e.g. "module_tia_noise"
  std::string key;   // the design key, e.g. "rx.noise_density_pa_rthz"
  CalibrationScope applies_to = CalibrationScope::kAll;
  CalibrationShift shift = CalibrationShift::kOffset;
  CalibrationKind kind = CalibrationKind::kChosen;
  double nominal = 0.0;
  double lo = 0.0;
  double hi = 0.0;
  std::string unit;
  std::string source;  // where the range comes from, or what the value was fitted to

  static FieldTable<CalibrationPrior> fields();
};

// One accepted parameter set: a value per prior, in the priors' order.
struct CalibrationMember {
  int id = 0;         // 0: the nominal set
  int candidate = 0;  // the draw it came from (-1: the nominal set, not drawn)
  std::vector<double> values;
};

// The ensemble as data/calibration_ensemble.toml stores it.
struct CalibrationEnsemble {
  std::string method;
  std::uint64_t seed = 1;
  int candidates = 0;               // candidates drawn (the nominal set not counted)
  int acceptance_seeds = 0;         // every point held at each of the array seeds 1..N
  int validation_seeds = 0;         // ... and passed validate over seeds 1..N (the 95 % rule)
  std::vector<std::string> points;  // the validation points' names
  std::vector<CalibrationPrior> priors;
  std::vector<CalibrationMember> members;
};

// The chosen and fitted parameters of docs/calibration.md with their priors, in a fixed order.
std::vector<CalibrationPrior> calibration_priors();

// `spec` with a member's values applied: every prior whose scope covers the design (`prototype`:
// the lab demonstrator's validation points; otherwise the module scope), shifted from the
// nominal value as the prior says, and kept inside the key's range (a design at its edge stays
// there).
LinkSpec apply_member(LinkSpec spec, const std::vector<CalibrationPrior>& priors,
                      const CalibrationMember& member, bool prototype);

// Candidate k's values: each prior uniform over [lo, hi], from the stream (seed, kCalibration, k).
CalibrationMember draw_candidate(const std::vector<CalibrationPrior>& priors, std::uint64_t seed,
                                 int k);

// The ensemble file's text (parse) and the text `mosaic calibrate` writes (format); parse throws
// ConfigError naming `source` and the key of a bad file, and refuses members whose values leave
// their prior.
CalibrationEnsemble parse_calibration_ensemble(const std::string& text, const std::string& source);
std::string format_calibration_ensemble(const CalibrationEnsemble& ensemble);

// Rejection sampling: the nominal set and `options.candidates` draws, each kept when every point
// holds on each of the array seeds 1..options.acceptance_seeds (seed 1 of every point first, so
// that most rejections cost one evaluation) and then passes run_validation over seeds
// 1..options.validation_seeds; stops at options.max_members.
CalibrationEnsemble run_calibration(const std::vector<ValidationPoint>& points,
                                    const study::CalibrateOptions& options,
                                    Progress* progress = nullptr);

// One member's validation: the points with the member applied.
struct MemberValidation {
  int member = 0;
  std::vector<ValidationPoint> points;
  bool pass() const;
};

// Every member of the ensemble through run_validation.
std::vector<MemberValidation> run_ensemble_validation(const std::vector<ValidationPoint>& points,
                                                      const study::ValidateOptions& options,
                                                      const CalibrationEnsemble& ensemble);

// One assumption line per prior (name, key, nominal, prior, what it was fitted to), and one for
// the method, for the records that show ranges.
std::vector<std::string> calibration_assumptions(const CalibrationEnsemble& ensemble);

}  // namespace mosaic
