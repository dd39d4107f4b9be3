#include "mosaic/evaluate/verdict.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "mosaic/evaluate/evaluation.hpp"
#include "mosaic/link/lanes.hpp"

namespace mosaic {
namespace {

std::string ber_text(double log10_ber) {
  return log10_ber < -300 ? fmt::format("1e{:.0f}", log10_ber)
                          : fmt::format("{:.2g}", std::pow(10.0, log10_ber));
}

}  // namespace

const char* verdict_condition_name(VerdictCondition c) {
  switch (c) {
    case VerdictCondition::kLanes:
      return "lanes";
    case VerdictCondition::kCapacity:
      return "capacity";
    case VerdictCondition::kBer:
      return "ber";
    case VerdictCondition::kSkew:
      return "skew";
    case VerdictCondition::kOverload:
      return "overload";
    case VerdictCondition::kSpares:
      return "spares";
  }
  return "?";
}

Verdict judge(const Evaluation& e) {
  const auto& l = e.link();
  const auto& s = e.spec;
  Verdict v;
  v.service_life_years = s.reliability.service_life_years;
  v.case_temperature_c = s.environment.case_temperature_c;
  auto check = [&](VerdictCondition c, bool ok, std::string detail, std::string key) {
    v.checks.push_back({c, ok, std::move(detail), std::move(key)});
  };
  check(
      VerdictCondition::kLanes, l.active_short == 0,
      l.active_short == 0
          ? fmt::format("{} data + {} ECC channels in service", l.data, l.ecc)
          : fmt::format("{} data/ECC channels short: more dead pixels than spares", l.active_short),
      "array.spare_channels");
  check(VerdictCondition::kCapacity, l.capacity_ok,
        fmt::format("{:.4g} Gb/s per data channel needed, {:.4g} Gb/s run",
                    l.required_line_rate_gbps, l.line_rate_gbps),
        "channel.rate_gbps");
  check(VerdictCondition::kBer, l.over_threshold == 0,
        l.over_threshold == 0
            ? fmt::format("every active channel within {:.2g} (worst {})", link::kKp4PreFecBer,
                          ber_text(l.log10_worst_ber))
            : fmt::format("{} active channels above {:.2g} (worst {}){}", l.over_threshold,
                          link::kKp4PreFecBer, ber_text(l.log10_worst_ber),
                          l.margin_computed && !l.margin_reachable
                              ? "; unreachable: an ISI / crosstalk floor above the target"
                              : ""),
        "");
  const double spread = e.phy.skew_spread_ui;
  check(VerdictCondition::kSkew, spread <= s.link.max_skew_ui,
        fmt::format("skew spread {:.3g} UI over the live channels, deskew buffer {:.3g} UI", spread,
                    s.link.max_skew_ui),
        "link.max_skew_ui");
  // The strongest active channel against the TIA's linear range: more light is not always better.
  double strongest_dbm = -std::numeric_limits<double>::infinity();
  int strongest = -1;
  for (std::size_t i = 0; i < e.phy.channels.size(); ++i)
    if (e.lanes.active(static_cast<int>(i)) &&
        e.phy.channels[i].received_power_dbm > strongest_dbm) {
      strongest_dbm = e.phy.channels[i].received_power_dbm;
      strongest = static_cast<int>(i);
    }
  const bool overload_ok = strongest < 0 || strongest_dbm <= s.rx.overload_dbm;
  check(VerdictCondition::kOverload, overload_ok,
        strongest < 0 ? std::string("no active channel")
                      : fmt::format("strongest active channel {} receives {:.2f} dBm, {} the "
                                    "receiver's overload at {:.2f} dBm ({:.2f} dB of headroom)",
                                    strongest, strongest_dbm, overload_ok ? "within" : "above",
                                    s.rx.overload_dbm, s.rx.overload_dbm - strongest_dbm),
        "led.launch_power_dbm");
  v.meets_now = std::all_of(v.checks.begin(), v.checks.end(), [](const auto& c) { return c.ok; });
  if (e.end_of_life) {
    const EndOfLife& eol = *e.end_of_life;
    v.end_of_life_checked = true;
    check(VerdictCondition::kSpares, !eol.failed,
          eol.failed
              ? fmt::format("spares run out at {:.2g} years: an aged channel above {:.2g} "
                            "with no usable spare left ({} of {} used)",
                            eol.failure_age_years.value_or(v.service_life_years),
                            s.reliability.degradation_ber_target, eol.spares_used,
                            eol.spares_at_start)
              : fmt::format(
                    "{} of {} usable spares used over {:.3g} years, worst active "
                    "channel at end of life {}{}",
                    eol.spares_used, eol.spares_at_start, v.service_life_years,
                    ber_text(eol.worst_log10_ber),
                    !eol.margin_computed ? std::string()
                    : eol.optical_margin_db
                        ? fmt::format(", optical margin then {:+.2f} dB", *eol.optical_margin_db)
                        : std::string(", no margin then (an ISI / crosstalk floor)")),
          "array.spare_channels");
  }
  v.meets = std::all_of(v.checks.begin(), v.checks.end(), [](const auto& c) { return c.ok; });
  const std::string where = fmt::format("{:.3g} degC case", v.case_temperature_c);
  if (!v.meets_now) {
    v.fails_at_years = 0.0;
    for (const auto& c : v.checks)
      if (!c.ok) {
        v.binding = std::string(verdict_condition_name(c.condition)) + ": " + c.detail;
        break;
      }
    v.summary = "does NOT meet now (" + where + "): " + v.binding;
  } else if (!v.meets) {
    v.fails_at_years = e.end_of_life->failure_age_years;
    v.binding = "spares: " + v.checks.back().detail;
    v.summary = fmt::format("meets at start of life; spares run out at {:.2g} years ({})",
                            v.fails_at_years.value_or(v.service_life_years), where);
  } else if (v.end_of_life_checked) {
    v.summary = fmt::format("meets at start and at end of life ({:.3g} years, {})",
                            v.service_life_years, where);
  } else {
    v.summary = "meets at start of life (" + where + "; end of life not checked)";
  }
  return v;
}

}  // namespace mosaic
