#include "mosaic/phy/sensitivity.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "mosaic/core/parallel.hpp"

namespace mosaic::phy {
namespace {

constexpr double kStepDb = 6.0;
constexpr int kMaxSteps = 12;           // 72 dB either way
constexpr double kToleranceDb = 0.004;  // the budget's terms add up to 0.01 dB

// A pulse that is the bit itself: one UI of unit height around the sampling instant and nothing
// outside it (no ISI at any phase within the UI), unit sum over bit shifts as every pulse.
PulseResponse ideal_pulse(int samples_per_ui, int span_ui) {
  PulseResponse p;
  p.samples_per_ui = samples_per_ui;
  p.span_ui = span_ui;
  p.h.assign(static_cast<std::size_t>(samples_per_ui) * span_ui, 0.0);
  p.peak = samples_per_ui * (span_ui / 2) + samples_per_ui / 2;
  for (int s = 0; s < samples_per_ui; ++s) p.h[samples_per_ui * (span_ui / 2) + s] = 1.0;
  return p;
}

// log10 BER of the eye with every photocurrent scaled down by loss_db.
double log10_ber_at_loss(const StatEyeInput& base, double loss_db) {
  const double s = std::pow(10.0, -loss_db / 10.0);
  StatEyeInput in = base;
  in.victim.swing_a *= s;
  in.victim.base_a *= s;
  for (auto& a : in.aggressors) {
    a.swing_a *= s;
    a.base_a *= s;
  }
  in.bathtubs = false;
  in.phase_only = true;  // the BER alone
  return stat_eye(in).log10_ber;
}

}  // namespace

ChannelSensitivity channel_sensitivity(LinkEvaluator& ev, int channel, double target_ber,
                                       std::optional<int> fixed_phase_samples, bool peel) {
  const ChannelParams& c = ev.layout().channels.at(channel);
  if (c.dead)
    throw std::logic_error("channel_sensitivity: channel " + std::to_string(channel) + " is dead");
  const double received = c.received_power_dbm;

  StatEyeInput full = ev.eye_input(channel, false);
  full.fixed_phase_samples = fixed_phase_samples;
  StatEyeInput own = full;
  own.aggressors.clear();

  const ChannelLevels levels = channel_levels(ev.spec(), received);
  const PulseResponse bit = ideal_pulse(ev.chain().samples_per_ui(), 4);
  StatEyeInput ideal = own;
  ideal.victim = {&bit, levels.high_a - levels.low_a, levels.low_a, 0};
  ideal.jitter_rms_ui = 0.0;  // jitter on a flat-topped bit is ISI's part, counted there
  ideal.fixed_phase_samples.reset();
  // The same mean power with the 0 level dark: all of it on the 1s.
  StatEyeInput ideal_dark_zero = ideal;
  ideal_dark_zero.victim.swing_a = levels.high_a + levels.low_a;
  ideal_dark_zero.victim.base_a = 0.0;

  auto sensitivity = [&](const StatEyeInput& in) -> std::optional<double> {
    const std::optional<double> loss = loss_to_target(in, target_ber);
    if (!loss) return std::nullopt;
    return received - *loss;
  };
  ChannelSensitivity s;
  s.full_dbm = sensitivity(full);
  if (!peel) return s;
  s.ideal_infinite_er_dbm = sensitivity(ideal_dark_zero);
  s.ideal_dbm = sensitivity(ideal);
  s.no_crosstalk_dbm = full.aggressors.empty() ? s.full_dbm : sensitivity(own);
  return s;
}

std::optional<double> loss_to_target(const StatEyeInput& base, double target_ber) {
  const double target = std::log10(target_ber);
  auto log_ber = [&](double loss_db) { return log10_ber_at_loss(base, loss_db); };
  double lo = 0.0;
  double f_lo = log_ber(lo);
  const bool below_at_start = f_lo < target;
  double hi = lo;
  double f_hi = f_lo;
  for (int i = 0; i < kMaxSteps && (f_hi < target) == below_at_start; ++i) {
    lo = hi;
    f_lo = f_hi;
    hi += below_at_start ? kStepDb : -kStepDb;
    f_hi = log_ber(hi);
  }
  if ((f_hi < target) == below_at_start) {
    // Above the target with 72 dB more light: a floor. Below it 72 dB down: at least that.
    if (!below_at_start) return std::nullopt;
    return hi;
  }
  while (std::abs(hi - lo) > kToleranceDb) {
    const double mid = 0.5 * (lo + hi);
    ((log_ber(mid) < target) == below_at_start ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

std::optional<double> smallest_loss_to_target(std::span<const StatEyeInput> eyes, double target_ber,
                                              int threads) {
  if (eyes.empty()) return std::nullopt;
  const std::optional<double> first = loss_to_target(eyes[0], target_ber);
  if (!first) return std::nullopt;
  const double target = std::log10(target_ber);
  // Searched in full only where the screen cannot rule the eye out; a floor anywhere is found
  // there (a floor is above the target at any loss of the search's range).
  std::vector<std::optional<double>> loss(eyes.size());
  loss[0] = first;
  parallel_for(eyes.size() - 1, threads, [&](std::size_t j) {
    const StatEyeInput& eye = eyes[j + 1];
    if (log10_ber_at_loss(eye, *first + kToleranceDb) < target) {
      loss[j + 1] = std::numeric_limits<double>::infinity();  // crosses beyond the first's
      return;
    }
    loss[j + 1] = loss_to_target(eye, target_ber);
  });
  double smallest = *first;
  for (const auto& l : loss) {
    if (!l) return std::nullopt;
    smallest = std::min(smallest, *l);
  }
  return smallest;
}

}  // namespace mosaic::phy
