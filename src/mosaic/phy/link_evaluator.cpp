#include "mosaic/phy/link_evaluator.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>

#include "mosaic/core/math/log_q.hpp"
#include "mosaic/core/units.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {
namespace {

struct NoiseTerms {
  double thermal_sigma_a = 0.0;
  double shot_a2_per_a = 0.0;
};

NoiseTerms noise_terms(const RxSpec& rx, const ChainModel& chain) {
  NoiseTerms n;
  if (rx.noise == NoiseModel::kNone) return n;
  const double bw = chain.noise_bandwidth_hz();
  const double white = rx.noise_density_pa_rthz * 1e-12;
  double var = white * white * bw;
  // Resolved by at_case_temperature (receiver_input): both set on the spec the chain sees.
  const double c_pf = rx.input_capacitance_pf.value_or(0.0);
  if (c_pf > 0.0) {
    // e_n across the input capacitance: current noise density 2 pi f C e_n, filtered.
    const double k =
        2.0 * std::numbers::pi * c_pf * 1e-12 * rx.voltage_noise_nv_rthz.value_or(0.0) * 1e-9;
    var += k * k * chain.f2_noise_integral_hz3();
  }
  n.thermal_sigma_a = std::sqrt(var);
  if (rx.noise == NoiseModel::kThermalShot) n.shot_a2_per_a = 2.0 * units::kElectronCharge_C * bw;
  return n;
}

int round_to_int(double x) {
  return static_cast<int>(std::lround(x));
}

}  // namespace

ChannelLevels channel_levels(const LinkSpec& spec, double received_power_dbm) {
  const double mean_w = units::dbm_to_w(received_power_dbm);
  const double er = units::db_to_linear(spec.led.extinction_ratio_db);
  const double r = spec.rx.responsivity_a_per_w;
  return {r * 2.0 * mean_w / (er + 1.0), r * 2.0 * mean_w * er / (er + 1.0)};
}

LinkEvaluator::LinkEvaluator(const LinkSpec& spec, std::span<const double> extra_loss_db,
                             std::optional<double> ctle_peaking_db,
                             std::optional<int> ctle_tune_from)
    : design_(spec),
      spec_(at_case_temperature(spec)),
      fiber_(fiber_response(spec_)),
      layout_(build_array(spec_, fiber_, extra_loss_db)) {
  if (!spec_.rx.ctle) {
    ctle_peaking_db_ = 0.0;
  } else if (ctle_peaking_db) {
    ctle_peaking_db_ = *ctle_peaking_db;
    ctle_given_ = true;
  } else {
    ctle_peaking_db_ = spec_.rx.ctle_auto ? tune_ctle(ctle_tune_from) : spec_.rx.ctle_peaking_db;
  }
  chain_ = std::make_shared<const ChainModel>(spec_, fiber_, ctle_peaking_db_);
  const NoiseTerms noise = noise_terms(spec_.rx, *chain_);
  thermal_sigma_a_ = noise.thermal_sigma_a;
  shot_a2_per_a_ = noise.shot_a2_per_a;
  pulses_.resize(layout_.channels.size());
  pulse_once_ = std::vector<std::once_flag>(layout_.channels.size());
  slot_lights_.resize(layout_.channels.size());
  slot_light_once_ = std::vector<std::once_flag>(layout_.channels.size());
}

LinkEvaluator::LinkEvaluator(LinkEvaluator& fresh, std::span<const double> extra_loss_db)
    : design_(fresh.design_),
      spec_(fresh.spec_),
      fiber_(fresh.fiber_),
      layout_(build_array(spec_, fiber_, extra_loss_db)),
      ctle_peaking_db_(fresh.ctle_peaking_db_),
      chain_(fresh.chain_),
      pulses_from_(fresh.pulses_from_ ? fresh.pulses_from_ : &fresh),
      thermal_sigma_a_(fresh.thermal_sigma_a_),
      shot_a2_per_a_(fresh.shot_a2_per_a_) {
  // A peaking handed to `fresh` need not be the one the spec would tune to.
  assert(!fresh.ctle_given_ && "an aged evaluator reuses a CTLE the link tuned itself");
}

double LinkEvaluator::tune_ctle(std::optional<int> from) const {
  // The equalizer is set once per link for its length: on a nominal channel (no spread, full set
  // of nominal neighbours), the peaking with the lowest BER wins.
  const double received_dbm =
      spec_.rx.power_dbm ? *spec_.rx.power_dbm
                         : spec_.led.launch_power_dbm + temperature_derating(spec_).led_power_db -
                               spec_.coupling.tx_db - spec_.coupling.connector_db -
                               spec_.coupling.rx_db - fiber_.loss_db;
  const ChannelLevels lv = channel_levels(spec_, received_dbm);
  const double f3db = nominal_led_f3db_hz(spec_);
  // A nonlinear LED is tuned on its pattern-dependent levels too (one slot table: the peaking
  // changes only the chain after the LED).
  std::shared_ptr<const SlotLight> light;
  bool have_light = false;
  const auto ber_at = [&](int peaking) {
    const ChainModel chain(spec_, fiber_, peaking);
    const PulseResponse pulse = chain.pulse(f3db);
    if (!have_light) {
      light = chain.led().slot_light(f3db, chain.bit_period_s(), chain.samples_per_ui());
      have_light = true;
    }
    const NoiseTerms noise = noise_terms(spec_.rx, chain);
    StatEyeInput in;
    in.victim = {&pulse, lv.high_a - lv.low_a,
                 lv.low_a + (lv.high_a - lv.low_a) * pulse.drive_offset, 0};
    if (light)
      in.victim_patterns = std::make_shared<const PatternResponse>(
          *light, chain.downstream_response(), pulse.peak, pulse.span_ui, pulse.drive_offset);
    for (int k = 0; k < 8; ++k) {
      const double kappa = k < 4 ? fiber_.kappa_adjacent : fiber_.kappa_diagonal;
      if (kappa > 0.0)
        in.aggressors.push_back({&pulse, kappa * in.victim.swing_a, kappa * in.victim.base_a, 0});
    }
    in.thermal_sigma_a = noise.thermal_sigma_a;
    in.shot_a2_per_a = noise.shot_a2_per_a;
    in.jitter_rms_ui = spec_.rx.jitter_rms_ps * 1e-12 * spec_.channel.rate_gbps * 1e9;
    in.threshold = spec_.rx.threshold;
    in.bathtubs = false;
    in.phase_only = true;  // only the BER decides
    return stat_eye(in).log10_ber;
  };
  if (from) {
    // Descent from a known setting: the nearest local minimum of the same criterion, in a few
    // evaluations instead of 17 (a design next to one whose peaking is known).
    std::array<double, kMaxCtlePeakingDb + 1> seen;
    seen.fill(std::numeric_limits<double>::quiet_NaN());
    const auto at = [&](int p) {
      if (std::isnan(seen[p])) seen[p] = ber_at(p);
      return seen[p];
    };
    int p = std::clamp(*from, 0, kMaxCtlePeakingDb);
    for (bool moved = true; moved;) {
      moved = false;
      for (const int q : {p - 1, p + 1})
        if (q >= 0 && q <= kMaxCtlePeakingDb && at(q) < at(p) - 1e-9) {
          p = q;
          moved = true;
          break;
        }
    }
    return p;
  }
  double best_peaking = 0.0;
  double best = std::numeric_limits<double>::infinity();
  for (int peaking = 0; peaking <= kMaxCtlePeakingDb; ++peaking) {
    const double l = ber_at(peaking);
    if (l < best - 1e-9) {
      best = l;
      best_peaking = peaking;
    }
  }
  return best_peaking;
}

const PulseResponse& LinkEvaluator::pulse(int channel) {
  if (pulses_from_) return pulses_from_->pulse(channel);
  std::call_once(pulse_once_[channel], [&] {
    pulses_[channel] =
        std::make_unique<PulseResponse>(chain_->pulse(layout_.channels[channel].led_f3db_hz));
  });
  return *pulses_[channel];
}

std::shared_ptr<const SlotLight> LinkEvaluator::slot_light(int channel) {
  if (pulses_from_) return pulses_from_->slot_light(channel);
  std::call_once(slot_light_once_[channel], [&] {
    slot_lights_[channel] = chain_->led().slot_light(
        layout_.channels[channel].led_f3db_hz, chain_->bit_period_s(), chain_->samples_per_ui());
  });
  return slot_lights_[channel];
}

StatEyeInput LinkEvaluator::eye_input(int channel, bool bathtubs) {
  const ChannelParams& c = layout_.channels[channel];
  const double ui_s = chain_->bit_period_s();
  const int os = chain_->samples_per_ui();
  StatEyeInput in;
  const PulseResponse& own = pulse(channel);
  const ChannelLevels lv = channel_levels(spec_, c.received_power_dbm);
  const double swing = lv.high_a - lv.low_a;
  in.victim = {&own, swing, lv.low_a + swing * own.drive_offset, 0};
  if (const auto light = slot_light(channel))
    in.victim_patterns = std::make_shared<const PatternResponse>(
        *light, chain_->downstream_response(), own.peak, own.span_ui, own.drive_offset);
  for (const Neighbour& nb : layout_.neighbours[channel]) {
    const ChannelParams& a = layout_.channels[nb.index];
    const PulseResponse& theirs = pulse(nb.index);
    const ChannelLevels la = channel_levels(spec_, a.received_power_dbm);
    const double swing_a = la.high_a - la.low_a;
    // The aggressor's waveform, seen at the victim's sampling instant: shifted by the skew
    // difference and by the difference of the two pulses' peak positions.
    const int offset = own.peak - theirs.peak + round_to_int((c.skew_s - a.skew_s) / ui_s * os);
    in.aggressors.push_back({&theirs, nb.kappa * swing_a,
                             nb.kappa * (la.low_a + swing_a * theirs.drive_offset), offset});
  }
  in.thermal_sigma_a = thermal_sigma_a_;
  in.shot_a2_per_a = shot_a2_per_a_;
  in.jitter_rms_ui = spec_.rx.jitter_rms_ps * 1e-12 / ui_s;
  in.threshold = spec_.rx.threshold;
  in.bathtubs = bathtubs;
  return in;
}

ChannelResult LinkEvaluator::evaluate_channel(int channel, bool bathtubs,
                                              std::optional<int> fixed_phase_samples,
                                              EyeOpenings openings,
                                              std::optional<StatEyeInput::BoundFirst> bound_first,
                                              KeptEye* kept) {
  assert(!(bathtubs && openings == EyeOpenings::kNone) && "bathtubs come with the openings");
  const ChannelParams& c = layout_.channels[channel];
  ChannelResult r;
  r.index = c.index;
  r.row = c.row;
  r.col = c.col;
  r.dead = c.dead;
  r.launch_power_dbm = c.launch_power_dbm;
  r.received_power_dbm = c.received_power_dbm;
  r.f3db_led_ghz = c.led_f3db_hz * 1e-9;
  r.skew_ps = c.skew_s * 1e12;
  r.ctle_peaking_db = ctle_peaking_db_;
  if (c.dead) {
    r.log10_ber = std::log10(0.5);
    r.ber = 0.5;
    r.q = 0.0;
    return r;
  }
  StatEyeInput in = eye_input(channel, bathtubs);
  in.fixed_phase_samples = fixed_phase_samples;
  in.eye_heights = openings == EyeOpenings::kWidthsAndHeights;
  in.phase_only = openings == EyeOpenings::kNone;
  in.bound_first = bound_first;
  in.kept = kept;
  double leak = 0.0;
  for (const auto& a : in.aggressors) leak += a.swing_a;
  r.crosstalk_db = leak > 0.0 ? 10.0 * std::log10(leak / in.victim.swing_a) : -200.0;
  StatEyeResult e = stat_eye(in);
  const int os = chain_->samples_per_ui();
  r.sampling_phase_ui = static_cast<double>(e.phase_samples) / os;
  r.threshold_a = e.threshold_a;
  r.log10_ber = e.log10_ber;
  r.ber = std::pow(10.0, e.log10_ber);
  r.q = q_inverse_from_log(e.log10_ber * std::log(10.0));
  r.eye_height_a = e.eye_height_a;
  r.eye_width_ui = e.eye_width_ui;
  r.eye_height_1e12_a = e.eye_height_1e12_a;
  r.eye_width_1e12_ui = e.eye_width_1e12_ui;
  r.signal_a = in.victim.swing_a * in.victim.pulse->at(e.phase_samples, 0);
  r.noise_rms_a = e.noise_rms_a;
  r.ber_is_bound = e.ber_is_bound;
  if (openings == EyeOpenings::kNone) {
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    r.eye_height_a = r.eye_height_1e12_a = r.eye_width_ui = r.eye_width_1e12_ui = kNaN;
    r.noise_rms_a = kNaN;
  }
  r.bathtub_phase = std::move(e.bathtub_phase);
  r.bathtub_threshold = std::move(e.bathtub_threshold);
  return r;
}

int LinkEvaluator::best_phase_samples(int channel, KeptEye* kept) {
  StatEyeInput in = eye_input(channel, false);
  in.kept = kept;
  in.eye_heights = false;
  in.phase_only = true;
  in.phase_alone = true;
  return stat_eye(in).phase_samples;
}

double LinkEvaluator::absolute_phase_samples(int channel, int phase_samples) {
  const int os = chain_->samples_per_ui();
  return layout_.channels[channel].skew_s / chain_->bit_period_s() * os + pulse(channel).peak +
         phase_samples;
}

int LinkEvaluator::phase_for_absolute(int channel, double absolute_samples) {
  const int os = chain_->samples_per_ui();
  const double rel = absolute_samples - absolute_phase_samples(channel, 0);
  // A group instant whole UIs away from this channel's pulse samples a neighbouring bit at the
  // same phase (the deskew buffer realigns whole bits): only the offset within a UI is a phase.
  int phase = round_to_int(rel);
  if (phase > os / 2 || phase < -os / 2)
    phase -= os * static_cast<int>(std::floor((phase + os / 2.0) / os));
  return std::clamp(phase, -os / 2, os / 2);
}

}  // namespace mosaic::phy
