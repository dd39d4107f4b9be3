#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/design/schema.hpp"

namespace mosaic {

void add_mc_fields(std::vector<FieldDesc>& out) {
  using namespace schema_detail;
  using S = LinkSpec;
  using M = McSpec;
  out.push_back(choice("mc.mode", &S::mc, &M::mode,
                       "Monte Carlo engine: waveform (oversampled, filtered noise), symbol "
                       "(pulse-tap superposition, linear chains) or importance (rare events)"));
  out.push_back(integer("mc.samples_per_ui", &S::mc, &M::samples_per_ui, 4, 64, "",
                        "Waveform samples per unit interval"));
  out.push_back(real("mc.max_bits", &S::mc, &M::max_bits, 1e3, 1e15, "bits",
                     "Stop rule: bits simulated per channel"));
  out.push_back(integer("mc.target_errors", &S::mc, &M::target_errors, 1, 1000000000, "",
                        "Stop rule: stop once every simulated channel has this many errors"));
  out.push_back(real("mc.time_budget_s", &S::mc, &M::time_budget_s, 0.0, 1e7, "s",
                     "Stop rule: wall-clock budget (0 = none; makes results timing-dependent)"));
  out.push_back(real("mc.confidence", &S::mc, &M::confidence, 0.5, 0.999999, "",
                     "Coverage of the reported BER confidence interval"));
  out.push_back(optional_real("mc.phase_ui", &S::mc, &M::phase_ui, -1.0, 1.0, "UI",
                              "Sampling phase from the pulse peak (none = the statistical eye's)"));
  out.push_back(optional_real("mc.threshold_ua", &S::mc, &M::threshold_ua, -1e6, 1e6, "uA",
                              "Decision threshold (none = the statistical eye's)"));
}

}  // namespace mosaic
