#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"

namespace mosaic {

struct Evaluation;

// What a condition of the verdict is about.
enum class VerdictCondition { kLanes, kCapacity, kBer, kSkew, kOverload, kSpares };
const char* verdict_condition_name(VerdictCondition c);

// One condition, judged now and at the end of the service life.
struct VerdictCheck {
  VerdictCondition condition = VerdictCondition::kBer;
  bool ok = true;
  std::string detail;         // what was found, in words, with the figures
  std::string key_to_change;  // the design key that moves it ("" when none applies)
};

// The one verdict of a design: the worst of now and the end of its service life (the rated life
// at the case temperature, the LEDs aged as reliability/ models them), on lanes, capacity, BER,
// skew, receiver overload and usable spares. Every command that states a verdict reads it
// (simulate, design, compare, sweeps, clusters, pages, Python).
struct Verdict {
  bool meets = false;      // now and at end of life
  bool meets_now = false;  // at start of life
  bool end_of_life_checked = false;
  std::optional<double> fails_at_years;  // first age it fails (0: now); none when it meets
  double service_life_years = 0.0;
  double case_temperature_c = 0.0;
  std::string binding;  // the condition that fails first, with its time ("" when it meets)
  std::string summary;  // one line for people
  std::vector<VerdictCheck> checks;
};

// The verdict of an evaluation (its end-of-life ageing included when it was computed).
Verdict judge(const Evaluation& evaluation);

}  // namespace mosaic
