#include "mosaic/phy/evaluate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>

#include "mosaic/core/parallel.hpp"
#include "mosaic/phy/distribution_pool.hpp"
#include "mosaic/phy/led_response.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/receiver_input.hpp"
#include "mosaic/phy/sensitivity.hpp"
#include "mosaic/phy/temperature.hpp"

namespace mosaic::phy {
namespace {

std::vector<std::string> assumptions_for(const LinkSpec& spec, const FiberResponse& fiber) {
  std::vector<std::string> a;
  a.push_back(
      "Statistical eye: every channel carries independent, equiprobable random bits; "
      "ISI and crosstalk taps above both 5% of the thermal noise rms and 1e-4 of the cursor "
      "are kept exactly (at most 48), a tap below either is lumped into the Gaussian noise");
  a.insert(a.end(), fiber.assumptions.begin(), fiber.assumptions.end());
  a.push_back(
      "Receiver noise: input-referred white current noise and the input device's f^2 noise "
      "(below), both shaped by the TIA and CTLE; shot noise follows the instantaneous "
      "photocurrent; no RIN");
  a.push_back(
      "Sampling jitter is Gaussian and independent of the data, integrated over +-12 sigma "
      "(ln BER between whole-sample phases a Catmull-Rom cubic through the four nearest, kept "
      "from rising above its two inner samples)");
  a.push_back(fmt::format(
      "Deep tails: BERs below {:.0e} (report.ber_floor) are extrapolations of the Gaussian noise "
      "and jitter tails and of the exact ISI/crosstalk pattern distribution; no measurement can "
      "reach them, and they hold only as far as those tails stay Gaussian",
      spec.report.ber_floor));
  const auto led = make_led_response(spec.led);
  if (std::string said = led->assumption(); !said.empty()) a.push_back(std::move(said));
  if (led->runs_on_drive()) {
    const LedDrive& d = led->drive();
    a.push_back(fmt::format(
        "LED drive from the launch: the 0 and 1 levels' light (mean led.launch_power_dbm, ratio "
        "led.extinction_ratio_db) through EQE = extraction x ABC internal efficiency at 25 degC "
        "give {:.3f} / {:.3f} mA (bias {:.3f} mA, {:.0f} A/cm^2, EQE {:.3f}, {:.3f} GHz); the "
        "array's optical power spread is a spread of efficiency at that drive, and the bandwidth "
        "and droop derating with temperature come from the led.*_tc keys, not from the carriers",
        d.low_a * 1e3, d.high_a * 1e3, d.bias_a * 1e3, d.current_density_a_per_m2 * 1e-4, d.eqe,
        d.f3db_hz * 1e-9));
  }
  if (spec.rx.ctle && spec.rx.ctle_auto)
    a.push_back("CTLE peaking is tuned once per link on a nominal channel (0-16 dB in 1 dB steps)");
  if (spec.rx.clock == ClockMode::kForwardedClock)
    a.push_back(
        "Forwarded clock: one sampling phase per array row (the row's median best "
        "phase); each channel's skew becomes a static phase offset, within one UI (whole "
        "bits are the deskew buffer's)");
  if (spec.rx.power_dbm)
    a.push_back(
        fmt::format("Every channel receives exactly {} dBm (rx.power_dbm overrides the "
                    "optical budget and its per-channel spread)",
                    *spec.rx.power_dbm));
  const TemperatureDerating hot = temperature_derating(spec);
  const char* stage = spec.rx.input_stage == InputStage::kMos ? "MOS" : "bipolar";
  a.push_back(fmt::format(
      "Temperature ({:.0f} degC): LED output {:+.2f} dB and bandwidth x{:.3f} (linear in case "
      "temperature from 25 degC); wavelength {:+.2f} nm, moving D to {:.0f} ps/(nm km) and the "
      "responsivity to {:.3f} A/W (constant quantum efficiency); TIA current noise x{:.3f} and "
      "voltage noise x{:.3f} (a {} input stage: T^{} and T^{} of absolute temperature; chosen "
      "laws, docs/physics.md)",
      spec.environment.case_temperature_c, hot.led_power_db + 0.0, hot.led_bandwidth_factor,
      hot.wavelength_nm - spec.led.wavelength_nm, fiber.dispersion_ps_per_nm_km,
      hot.responsivity_a_per_w, hot.noise_factor, hot.voltage_noise_factor, stage,
      spec.rx.input_stage == InputStage::kMos ? "1.25" : "0.5",
      spec.rx.input_stage == InputStage::kMos ? "1.25" : "1"));
  const ReceiverInput in = receiver_input(spec);
  if (in.capacitance_pf > 0.0)
    a.push_back(fmt::format(
        "Receiver f^2 noise: {:.3g} nV/sqrt(Hz) at 25 degC ({}) across {:.3g} pF ({}), "
        "integrated through the receiver's response (TIA and CTLE)",
        in.voltage_noise_nv_rthz,
        in.voltage_noise_derived
            ? fmt::format("the {} input device's thermal noise at gm = 2 pi f_rx C_in = {:.3g} mS",
                          stage, in.transconductance_s * 1e3)
            : std::string("rx.voltage_noise_nv_rthz"),
        in.capacitance_pf,
        in.capacitance_derived
            ? fmt::format("a {:.3g} pF photodiode, {:.3g} um pixel at {:.3g} um depletion, plus "
                          "{:.3g} pF of TIA input; chosen: rx.depletion_um, "
                          "rx.tia_input_capacitance_pf",
                          in.photodiode_pf, spec.array.photodiode_fill * spec.array.pitch_um,
                          spec.rx.depletion_um, spec.rx.tia_input_capacitance_pf)
            : std::string("rx.input_capacitance_pf")));
  a.push_back(fmt::format(
      "Receiver overload at {:.3g} dBm mean received power (rx.overload_dbm, chosen: no "
      "published figure for the module's TIA); the verdict fails an active channel above it",
      spec.rx.overload_dbm));
  return a;
}

// The openings every channel's evaluation searches, from the options' three switches.
EyeOpenings openings_of(const EvalOptions& options) {
  assert(!(options.bathtubs && !options.eye_widths) && "bathtubs come with the openings");
  if (!options.eye_widths) return EyeOpenings::kNone;
  return options.eye_heights ? EyeOpenings::kWidthsAndHeights : EyeOpenings::kWidths;
}

// Finished channels counted onto an evaluation's progress, from any thread.
class ChannelProgress {
 public:
  ChannelProgress(Progress* progress, std::size_t channels)
      : progress_(progress), channels_(channels) {}
  void one_done() {
    const std::size_t d = ++done_;
    if (progress_)
      progress_->update(static_cast<double>(d) / channels_,
                        fmt::format("{}/{} channels", d, channels_));
  }

 private:
  Progress* progress_;
  std::size_t channels_;
  std::atomic<std::size_t> done_{0};
};

// A forwarded clock samples every channel of a clock group (an array row) at one instant: the
// median of the live channels' own best instants. Each row is one task. Each live channel is
// first evaluated at its own best phase; where the row's instant falls on that same phase (about
// half of the channels of the default design), that first evaluation is the channel's row as it
// stands, and only the others are evaluated again at the row's instant, from the distributions
// their first evaluation built (StatEyeInput::kept: the same bits as building them again).
// Without bathtubs or eye heights the two evaluations are the same computation (the best
// threshold depends on the phase alone). Where the first pass would search openings (eye widths,
// heights, bathtubs) it finds the phase only, and every channel is evaluated again at its row's
// instant (from its kept distributions and threshold where that is its own phase): the openings
// of a channel sampled at another phase would be searched for nothing. A bound
// (EvalOptions::bound_first) is taken at the row's instant, next to the channel's own threshold.
void forwarded_clock_rows(LinkEvaluator& ev, const EvalOptions& options,
                          std::vector<ChannelResult>& out, ChannelProgress& progress) {
  const auto& layout = ev.layout();
  const int os = ev.chain().samples_per_ui();
  const int cols = layout.cols;
  // A row's distributions are kept until the row is done (~200 kB a channel), for rows of at
  // most this many channels.
  constexpr int kKeptRow = 64;
  // Where they are not kept, a second evaluation at the same phase would build them and search
  // its threshold again: the first pass then evaluates the channel whole where that can serve.
  const bool reusable = !options.bathtubs && !options.eye_heights &&
                        (openings_of(options) == EyeOpenings::kNone || cols > kKeptRow);
  parallel_for(static_cast<std::size_t>(layout.rows), options.threads, [&](std::size_t row) {
    std::vector<KeptEye> kept(cols <= kKeptRow ? cols : 0);
    const auto keep = [&](int col) { return kept.empty() ? nullptr : &kept[col]; };
    std::vector<int> own_phase(cols, 0);
    std::vector<std::optional<ChannelResult>> own_row(cols);
    std::vector<double> instants;
    for (int col = 0; col < cols; ++col) {
      const int i = static_cast<int>(row) * cols + col;
      if (layout.channels[i].dead) continue;
      if (reusable) {
        own_row[col] = ev.evaluate_channel(i, false, std::nullopt, openings_of(options),
                                           std::nullopt, keep(col));
        own_phase[col] = static_cast<int>(std::lround(own_row[col]->sampling_phase_ui * os));
      } else {
        own_phase[col] = ev.best_phase_samples(i, keep(col));
      }
      instants.push_back(ev.absolute_phase_samples(i, own_phase[col]));
    }
    double group = 0.0;
    if (!instants.empty()) {
      std::nth_element(instants.begin(), instants.begin() + instants.size() / 2, instants.end());
      group = instants[instants.size() / 2];
    }
    for (int col = 0; col < cols; ++col) {
      const int i = static_cast<int>(row) * cols + col;
      if (layout.channels[i].dead) {
        out[i] = ev.evaluate_channel(i, options.bathtubs, std::nullopt, openings_of(options));
      } else if (const int fixed = ev.phase_for_absolute(i, group);
                 reusable && fixed == own_phase[col]) {
        out[i] = std::move(*own_row[col]);
      } else {
        std::optional<StatEyeInput::BoundFirst> bound;
        if (!options.bound_first.empty() && own_row[col]) bound = options.bound_first[i];
        if (bound) bound->threshold_a = own_row[col]->threshold_a;
        out[i] =
            ev.evaluate_channel(i, options.bathtubs, fixed, openings_of(options), bound, keep(col));
      }
      progress.one_done();
    }
    for (KeptEye& eye : kept)
      if (!eye.distributions.empty())
        DistributionPool::of_this_thread().give(std::move(eye.distributions));
  });
}

struct SkewSpread {
  double link_ui = 0.0;
  double group_ui = 0.0;
};

// Latest minus earliest live channel, over the link and within each clock group (array row).
SkewSpread skew_spread_ui(const ArrayLayout& layout, double rate_gbps) {
  SkewSpread out;
  double lo = 0.0;
  double hi = 0.0;
  bool any = false;
  for (int row = 0; row < layout.rows; ++row) {
    double row_lo = 0.0;
    double row_hi = 0.0;
    bool row_any = false;
    for (int col = 0; col < layout.cols; ++col) {
      const ChannelParams& c = layout.channels[row * layout.cols + col];
      if (c.dead) continue;
      row_lo = row_any ? std::min(row_lo, c.skew_s) : c.skew_s;
      row_hi = row_any ? std::max(row_hi, c.skew_s) : c.skew_s;
      row_any = true;
    }
    if (!row_any) continue;
    out.group_ui = std::max(out.group_ui, (row_hi - row_lo) * rate_gbps * 1e9);
    lo = any ? std::min(lo, row_lo) : row_lo;
    hi = any ? std::max(hi, row_hi) : row_hi;
    any = true;
  }
  out.link_ui = (hi - lo) * rate_gbps * 1e9;
  return out;
}

}  // namespace

PhyResult evaluate(const LinkSpec& spec, const EvalOptions& options) {
  LinkEvaluator ev(spec, options.extra_loss_db);
  return evaluate(ev, options);
}

PhyResult evaluate(LinkEvaluator& ev, const EvalOptions& options) {
  const LinkSpec& spec = ev.spec();
  PhyResult result;
  const std::size_t n = ev.layout().channels.size();
  result.channels.resize(n);
  ChannelProgress progress(options.progress, n);
  if (spec.rx.clock == ClockMode::kForwardedClock) {
    forwarded_clock_rows(ev, options, result.channels, progress);
  } else {
    parallel_for(n, options.threads, [&](std::size_t i) {
      result.channels[i] = ev.evaluate_channel(
          static_cast<int>(i), options.bathtubs, std::nullopt, openings_of(options),
          options.bound_first.empty() ? std::nullopt : options.bound_first[i]);
      progress.one_done();
    });
  }
  result.ctle_peaking_db = ev.ctle_peaking_db();
  result.noise_bandwidth_hz = ev.chain().noise_bandwidth_hz();
  result.fiber_sigma_ps = ev.fiber().sigma_s * 1e12;
  result.fiber_sigma_cd_ps = ev.fiber().sigma_cd_s * 1e12;
  result.fiber_sigma_md_ps = ev.fiber().sigma_md_s * 1e12;
  result.kappa_adjacent = ev.fiber().kappa_adjacent;
  result.kappa_diagonal = ev.fiber().kappa_diagonal;
  const SkewSpread skew = skew_spread_ui(ev.layout(), spec.channel.rate_gbps);
  result.skew_spread_ui = skew.link_ui;
  result.skew_group_spread_ui = skew.group_ui;
  result.assumptions = assumptions_for(ev.design_spec(), ev.fiber());
  result.ctle_at_limit =
      spec.rx.ctle && spec.rx.ctle_auto && result.ctle_peaking_db >= kMaxCtlePeakingDb;
  if (result.ctle_at_limit)
    result.assumptions.push_back(fmt::format(
        "CTLE at the top of its tuning range ({} dB): the tuner would take more peaking at this "
        "length; the ISI it cannot open is left in the eye (a longer fiber needs a stronger "
        "equalizer, a slower line rate or a wider LED)",
        kMaxCtlePeakingDb));
  return result;
}

std::optional<double> optical_margin_db(const LinkSpec& spec, const PhyResult& result,
                                        std::span<const int> active, double target_ber,
                                        const EvalOptions& options) {
  LinkEvaluator ev(spec, {}, result.ctle_peaking_db);
  return optical_margin_db(ev, result, active, target_ber, options);
}

std::optional<double> optical_margin_db(LinkEvaluator& ev, const PhyResult& result,
                                        std::span<const int> active, double target_ber,
                                        const EvalOptions& options) {
  if (active.empty()) return 0.0;
  const LinkSpec& spec = ev.design_spec();
  // The weakest active channels decide. Their order changes under a loss (an ISI-limited
  // channel's BER climbs more slowly than a noise-limited one's), so the candidates reach well
  // past the worst few: each has its own crossing and the link's is the first of them.
  std::vector<int> weakest(active.begin(), active.end());
  const std::size_t k = std::min<std::size_t>(kMarginCandidates, weakest.size());
  std::partial_sort(weakest.begin(), weakest.begin() + k, weakest.end(), [&](int a, int b) {
    const double la = result.channels[a].log10_ber;
    const double lb = result.channels[b].log10_ber;
    return la != lb ? la > lb : a < b;
  });
  weakest.resize(k);
  // A uniform loss scales every photocurrent of an eye (the victim's and its neighbours') alike,
  // so one evaluator at the chosen CTLE serves every loss.
  const int os = ev.chain().samples_per_ui();
  std::vector<StatEyeInput> eyes(k);
  parallel_for(k, options.threads, [&](std::size_t j) {
    eyes[j] = ev.eye_input(weakest[j], false);
    if (spec.rx.clock == ClockMode::kForwardedClock)
      eyes[j].fixed_phase_samples =
          static_cast<int>(std::lround(result.channels[weakest[j]].sampling_phase_ui * os));
  });
  return smallest_loss_to_target(eyes, target_ber, options.threads);
}

}  // namespace mosaic::phy
