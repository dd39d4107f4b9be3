#include "mosaic/evaluate/calibration_ranges.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/core/parallel.hpp"
#include "mosaic/link/lanes.hpp"
#include "mosaic/phy/evaluate.hpp"
#include "mosaic/phy/link_evaluator.hpp"
#include "mosaic/phy/sensitivity.hpp"
#include "mosaic/reliability/link_reliability.hpp"

namespace mosaic {
namespace {

// Spares above this many decades below the usable-spare target (and any above it) are
// re-evaluated, at most this many (the nearest to the target).
constexpr double kSpareWindowDecades = 3.0;
constexpr std::size_t kMaxDecisiveSpares = 48;
constexpr double kLongestReachM = 1000.0;
constexpr double kShortestReachM = 0.5;
// The members' margin and reach come from the nominal set's weakest channels by margin.
constexpr std::size_t kMarginDeciders = 4;

struct Decisive {
  std::vector<int> active;  // the weakest active channels (the margin's candidates)
  std::vector<int> spares;  // spares near the usable-spare target
};

Decisive decisive_channels(const Evaluation& r) {
  Decisive d;
  const auto& ch = r.phy.channels;
  std::vector<int> active = r.lanes.active_channels();
  const std::size_t k = std::min<std::size_t>(phy::kMarginCandidates, active.size());
  std::partial_sort(active.begin(), active.begin() + k, active.end(), [&](int a, int b) {
    return ch[a].log10_ber != ch[b].log10_ber ? ch[a].log10_ber > ch[b].log10_ber : a < b;
  });
  active.resize(k);
  std::sort(active.begin(), active.end());
  d.active = active;
  const double target = std::log10(r.spec.reliability.degradation_ber_target);
  std::vector<int> spares;
  for (const auto& c : ch)
    if (r.lanes.roles[c.index] == link::ChannelRole::kSpare && !c.dead &&
        c.log10_ber >= target - kSpareWindowDecades)
      spares.push_back(c.index);
  std::stable_sort(spares.begin(), spares.end(), [&](int a, int b) {
    return std::abs(ch[a].log10_ber - target) < std::abs(ch[b].log10_ber - target);
  });
  if (spares.size() > kMaxDecisiveSpares) spares.resize(kMaxDecisiveSpares);
  std::sort(spares.begin(), spares.end());
  d.spares = spares;
  return d;
}

// The phase a forwarded clock gave a channel in the nominal evaluation (its group's), kept for
// the member; with per-channel clock recovery each channel finds its own.
std::optional<int> fixed_phase(const Evaluation& r, const phy::LinkEvaluator& ev, int channel) {
  if (r.spec.rx.clock != ClockMode::kForwardedClock) return std::nullopt;
  const int os = ev.chain().samples_per_ui();
  return static_cast<int>(std::lround(r.phy.channels[channel].sampling_phase_ui * os));
}

double worst_of(phy::LinkEvaluator& ev, const std::vector<int>& channels) {
  double worst = -std::numeric_limits<double>::infinity();
  for (const int c : channels)
    worst = std::max(
        worst, ev.evaluate_channel(c, false, std::nullopt, phy::EyeOpenings::kNone).log10_ber);
  return worst;
}

// The eye of one channel as optical_margin_db searches its loss (at the phase `result` chose for
// it under a forwarded clock).
phy::StatEyeInput margin_eye(phy::LinkEvaluator& ev, const phy::PhyResult& result, int channel) {
  phy::StatEyeInput in = ev.eye_input(channel, false);
  if (ev.design_spec().rx.clock == ClockMode::kForwardedClock)
    in.fixed_phase_samples = static_cast<int>(
        std::lround(result.channels[channel].sampling_phase_ui * ev.chain().samples_per_ui()));
  return in;
}

// The launch one channel can lose before it reaches the KP4 limit.
std::optional<double> channel_loss_db(phy::LinkEvaluator& ev, const phy::PhyResult& result,
                                      int channel) {
  return phy::loss_to_target(margin_eye(ev, result, channel), link::kKp4PreFecBer);
}

// The smallest of the channels' losses, the worst channel's searched first (it is the likeliest
// smallest: the others are then mostly ruled out by one evaluation each).
std::optional<double> margin_over(phy::LinkEvaluator& ev, const phy::PhyResult& result,
                                  std::vector<int> channels) {
  std::stable_sort(channels.begin(), channels.end(), [&](int a, int b) {
    return result.channels[a].log10_ber > result.channels[b].log10_ber;
  });
  std::vector<phy::StatEyeInput> eyes;
  for (const int c : channels) eyes.push_back(margin_eye(ev, result, c));
  return phy::smallest_loss_to_target(eyes, link::kKp4PreFecBer, 1);
}

// The longest length (to kCalibrationReachToleranceM) at which the deciding channels stay within
// the KP4 limit: a walk in steps of `step` from `start_m` (where the worst is `worst_at_start`)
// to bracket it, then regula falsi (Illinois) on the worst channel's log10 BER, smooth in length.
double decisive_reach_m(const LinkSpec& design, const std::vector<int>& channels, double start_m,
                        double worst_at_start, double step, int ctle_from) {
  const double target = std::log10(link::kKp4PreFecBer);
  const auto excess = [&](double length_m) {
    LinkSpec s = design;
    s.fiber.length_m = length_m;
    // The equalizer re-tuned at every length, by descent from the last length's setting.
    phy::LinkEvaluator ev(s, {}, std::nullopt, ctle_from);
    ctle_from = static_cast<int>(std::lround(ev.ctle_peaking_db()));
    return worst_of(ev, channels) - target;
  };
  double lo = start_m;
  double g_lo = worst_at_start - target;
  double hi = lo;
  double g_hi = g_lo;
  if (g_lo <= 0.0) {
    while (g_hi <= 0.0) {
      lo = hi;
      g_lo = g_hi;
      if (lo >= kLongestReachM) return kLongestReachM;
      hi = std::min(kLongestReachM, lo * step);
      g_hi = excess(hi);
    }
  } else {
    while (g_lo > 0.0) {
      hi = lo;
      g_hi = g_lo;
      if (hi <= kShortestReachM) return 0.0;
      lo = std::max(kShortestReachM, hi / step);
      g_lo = excess(lo);
    }
  }
  int stuck = 0;  // Illinois: halve the weight of an end that stays put
  double w_lo = g_lo;
  double w_hi = g_hi;
  for (int i = 0; i < 40 && hi - lo > kCalibrationReachToleranceM; ++i) {
    double x = lo + (hi - lo) * w_lo / (w_lo - w_hi);
    x = std::clamp(x, lo + 0.02 * (hi - lo), hi - 0.02 * (hi - lo));
    const double g = excess(x);
    if (g <= 0.0) {
      lo = x;
      w_lo = g;
      stuck = stuck < 0 ? stuck - 1 : -1;
      if (stuck <= -2) w_hi *= 0.5;
    } else {
      hi = x;
      w_hi = g;
      stuck = stuck > 0 ? stuck + 1 : 1;
      if (stuck >= 2) w_lo *= 0.5;
    }
  }
  return lo;
}

// The worst of the channels' log10 BER at a length, and the equalizer setting tuned there.
std::pair<double, int> worst_at(const LinkSpec& design, const std::vector<int>& channels,
                                double length_m, int ctle_from) {
  LinkSpec s = design;
  s.fiber.length_m = length_m;
  phy::LinkEvaluator ev(s, {}, std::nullopt, ctle_from);
  return {worst_of(ev, channels), static_cast<int>(std::lround(ev.ctle_peaking_db()))};
}

// What the nominal set's own run decides for the members: the channels whose margin is the
// smallest (they decide the margin and the reach) and the nominal reach the members start from.
struct Deciders {
  std::vector<int> channels;
  double reach_m = 0.0;
  // Margin lost per metre between the design's length and the nominal reach (0: unknown): a
  // member's margin then guesses its reach, which the search only has to refine.
  double db_per_m = 0.0;
  int reach_ctle = 0;  // the nominal set's equalizer setting at its reach
};

// The nominal set: every decisive active channel's margin (their minimum is the evaluation's
// margin, bit for bit), the kMarginDeciders smallest kept for the members.
Deciders nominal_deciders(const Evaluation& r, const Decisive& d, int threads) {
  Deciders out;
  out.channels = d.active;
  if (r.link().margin_computed && !d.active.empty()) {
    phy::LinkEvaluator ev(r.spec, {}, r.phy.ctle_peaking_db);  // the evaluation's own setting
    std::vector<std::optional<double>> loss(d.active.size());
    parallel_for(d.active.size(), threads,
                 [&](std::size_t j) { loss[j] = channel_loss_db(ev, r.phy, d.active[j]); });
    std::vector<std::size_t> order(d.active.size());
    for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
    // Unreachable (a floor) first, then by margin, then by index.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (!loss[a] || !loss[b]) return !loss[a] && loss[b];
      return *loss[a] < *loss[b];
    });
    order.resize(std::min(order.size(), kMarginDeciders));
    out.channels.clear();
    for (const auto j : order) out.channels.push_back(d.active[j]);
    std::sort(out.channels.begin(), out.channels.end());
  }
  return out;
}

MemberFigures member_figures(const Evaluation& r, const Decisive& d, const Deciders& deciders,
                             const LinkSpec& design, int member, bool nominal) {
  MemberFigures f;
  f.member = member;
  // The member's own CTLE setting, tuned by descent from the nominal one (the nominal set: the
  // evaluation's own setting).
  const int nominal_ctle = static_cast<int>(std::lround(r.phy.ctle_peaking_db));
  phy::LinkEvaluator ev = nominal ? phy::LinkEvaluator(design, {}, r.phy.ctle_peaking_db)
                                  : phy::LinkEvaluator(design, {}, std::nullopt, nominal_ctle);
  const int ctle = static_cast<int>(std::lround(ev.ctle_peaking_db()));
  phy::PhyResult partial;
  partial.channels.resize(r.phy.channels.size());
  const double target = std::log10(r.spec.reliability.degradation_ber_target);
  f.log10_worst_ber =
      d.active.empty() ? r.link().log10_worst_ber : -std::numeric_limits<double>::infinity();
  for (const int c : d.active) {
    partial.channels[c] =
        ev.evaluate_channel(c, false, fixed_phase(r, ev, c), phy::EyeOpenings::kNone);
    f.log10_worst_ber = std::max(f.log10_worst_ber, partial.channels[c].log10_ber);
  }
  f.usable_spares = r.reliability.spares;
  for (const int c : d.spares) {
    const bool was = r.phy.channels[c].log10_ber <= target;
    const bool is =
        ev.evaluate_channel(c, false, fixed_phase(r, ev, c), phy::EyeOpenings::kNone).log10_ber <=
        target;
    f.usable_spares += int(is) - int(was);
  }
  if (r.link().margin_computed && nominal) {
    // The evaluation's own margin: the minimum over the same channels' losses.
    if (r.link().margin_reachable) f.optical_margin_db = r.link().optical_margin_db;
  } else if (r.link().margin_computed) {
    f.optical_margin_db = margin_over(ev, partial, deciders.channels);
  }
  f.link_fit = reliability::link_reliability(design, f.usable_spares).link_fit;
  if (!deciders.channels.empty()) {
    double worst = -std::numeric_limits<double>::infinity();
    for (const int c : deciders.channels) worst = std::max(worst, partial.channels[c].log10_ber);
    // The nominal set walks from the design's length; a member from the nominal reach, in small
    // steps (the members lie close to it).
    if (nominal) {
      f.reach_m =
          decisive_reach_m(design, deciders.channels, design.fiber.length_m, worst, 1.25, ctle);
    } else {
      double guess = deciders.reach_m;
      if (f.optical_margin_db && deciders.db_per_m > 0.0)
        guess = std::clamp(design.fiber.length_m + *f.optical_margin_db / deciders.db_per_m,
                           kShortestReachM, kLongestReachM);
      const auto [worst_guess, ctle_guess] =
          worst_at(design, deciders.channels, guess, deciders.reach_ctle);
      f.reach_m = decisive_reach_m(design, deciders.channels, guess, worst_guess, 1.02, ctle_guess);
    }
  }
  return f;
}

}  // namespace

CalibrationRanges calibration_ranges(const Evaluation& r, const CalibrationEnsemble& ensemble,
                                     int threads) {
  CalibrationRanges out;
  out.members = static_cast<int>(ensemble.members.size());
  out.candidates = ensemble.candidates;
  out.acceptance_seeds = ensemble.acceptance_seeds;
  out.validation_seeds = ensemble.validation_seeds;
  const Decisive d = decisive_channels(r);
  out.channels = d.active;
  out.channels.insert(out.channels.end(), d.spares.begin(), d.spares.end());
  std::sort(out.channels.begin(), out.channels.end());
  out.per_member.resize(ensemble.members.size());
  // Member 0 is the nominal set (parse_calibration_ensemble holds to it): the design itself.
  Deciders deciders = nominal_deciders(r, d, threads);
  if (!ensemble.members.empty()) {
    out.per_member[0] = member_figures(r, d, deciders, r.spec, ensemble.members[0].id, true);
    deciders.reach_m = out.per_member[0].reach_m;
    if (deciders.reach_m > 0.0)
      deciders.reach_ctle = worst_at(r.spec, deciders.channels, deciders.reach_m,
                                     static_cast<int>(std::lround(r.phy.ctle_peaking_db)))
                                .second;
    const auto& m0 = out.per_member[0].optical_margin_db;
    if (m0 && *m0 > 0.0 && deciders.reach_m > r.spec.fiber.length_m + 1.0)
      deciders.db_per_m = *m0 / (deciders.reach_m - r.spec.fiber.length_m);
  }
  if (deciders.reach_m <= 0.0) deciders.reach_m = r.spec.fiber.length_m;
  parallel_for(
      ensemble.members.size() - std::min<std::size_t>(1, ensemble.members.size()), threads,
      [&](std::size_t j) {
        const std::size_t i = j + 1;
        const LinkSpec design = apply_member(r.spec, ensemble.priors, ensemble.members[i], false);
        out.per_member[i] = member_figures(r, d, deciders, design, ensemble.members[i].id, false);
      });
  const auto& l = r.link();
  out.margin = l.margin_computed && l.margin_reachable;
  out.optical_margin_db = {l.optical_margin_db, l.optical_margin_db};
  out.log10_worst_ber = {l.log10_worst_ber, l.log10_worst_ber};
  const double spares = r.reliability.spares;
  out.usable_spares = {spares, spares};
  out.link_fit = {r.reliability.link_fit, r.reliability.link_fit};
  // The nominal set is member 0: its reach is the design's.
  out.reach_m = out.per_member.empty() ? 0.0 : out.per_member.front().reach_m;
  out.reach_m_range = {out.reach_m, out.reach_m};
  for (const auto& m : out.per_member) {
    if (m.optical_margin_db) {
      if (!out.margin && l.margin_computed) {
        out.margin = true;  // the nominal margin is unreachable, a member's is not
        out.optical_margin_db = {*m.optical_margin_db, *m.optical_margin_db};
      }
      out.optical_margin_db.include(*m.optical_margin_db);
    } else if (l.margin_computed) {
      ++out.margin_unreachable_members;
    }
    out.log10_worst_ber.include(m.log10_worst_ber);
    out.usable_spares.include(m.usable_spares);
    out.link_fit.include(m.link_fit);
    out.reach_m_range.include(m.reach_m);
  }
  out.assumptions = calibration_assumptions(ensemble);
  return out;
}

}  // namespace mosaic
