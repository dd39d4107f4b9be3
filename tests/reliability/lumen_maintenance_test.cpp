#include "mosaic/reliability/lumen_maintenance.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>

#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/link/assign_roles.hpp"
#include "mosaic/reliability/degradation.hpp"
#include "mosaic/reliability/lifetime.hpp"

namespace mosaic::reliability {
namespace {

std::string anchor_file_text() {
  std::ifstream in(std::string(MOSAIC_SOURCE_DIR "/data/led_ageing.toml"));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<LumenAnchor> anchors() {
  return parse_lumen_anchors(anchor_file_text(), "data/led_ageing.toml");
}

TEST(LumenMaintenance, FittedCurveReproducesEveryAnchorWithinItsScatter) {
  const auto all = anchors();
  ASSERT_GE(all.size(), 10u);
  const Tm21Fit fit = fit_tm21(all);
  EXPECT_LE(fit.worst_sigmas, 1.0);
  // The spec's defaults are this fit (rounded as written in reliability_spec.hpp).
  const ReliabilitySpec r;
  EXPECT_NEAR(fit.law.b, r.tm21_b, 1e-4);
  EXPECT_NEAR(fit.law.a_per_h / r.tm21_a_per_h, 1.0, 1e-3);
  EXPECT_NEAR(fit.law.activation_energy_ev, r.tm21_activation_energy_ev, 1e-4);
  EXPECT_NEAR(fit.law.current_exponent, r.tm21_current_exponent, 1e-4);
  EXPECT_DOUBLE_EQ(fit.longest_hours, r.tm21_test_hours);
  // Each anchor, published or representative, within its own scatter on the defaults' curve.
  const Tm21Law law = tm21_law(r);
  int published = 0;
  for (const auto& a : all) {
    const double m =
        law.maintenance(a.junction_temperature_c, a.current_density_a_per_cm2, a.hours);
    EXPECT_LE(std::abs(m - a.maintenance), a.scatter) << a.name << ": model " << m;
    published += a.kind == "published";
  }
  EXPECT_GE(published, 2);
  // Inside the 0.3-0.7 eV reported for GaN LED lumen decay.
  EXPECT_GT(law.activation_energy_ev, 0.3);
  EXPECT_LT(law.activation_energy_ev, 0.7);
}

TEST(LumenMaintenance, AnchorRangeConstantsAreTheFilesRange) {
  double tj_lo = 1e9, tj_hi = -1e9, j_lo = 1e9, j_hi = -1e9;
  for (const auto& a : anchors()) {
    tj_lo = std::min(tj_lo, a.junction_temperature_c);
    tj_hi = std::max(tj_hi, a.junction_temperature_c);
    j_lo = std::min(j_lo, a.current_density_a_per_cm2);
    j_hi = std::max(j_hi, a.current_density_a_per_cm2);
  }
  EXPECT_DOUBLE_EQ(tj_lo, kAnchorLowestJunctionC);
  EXPECT_DOUBLE_EQ(tj_hi, kAnchorHighestJunctionC);
  EXPECT_DOUBLE_EQ(j_lo, kAnchorLowestCurrentDensity);
  EXPECT_DOUBLE_EQ(j_hi, kAnchorHighestCurrentDensity);
}

TEST(LumenMaintenance, FitRecoversAKnownLaw) {
  const Tm21Law truth{0.995, 2.0, 0.55, 1.2};
  std::vector<LumenAnchor> made;
  for (double tj : {60.0, 90.0, 120.0})
    for (double j : {20.0, 80.0})
      for (double h : {3000.0, 9000.0}) {
        LumenAnchor a;
        a.junction_temperature_c = tj;
        a.current_density_a_per_cm2 = j;
        a.hours = h;
        a.maintenance = truth.maintenance(tj, j, h);
        a.scatter = 0.01;
        made.push_back(a);
      }
  const Tm21Fit fit = fit_tm21(made);
  EXPECT_NEAR(fit.law.b, truth.b, 1e-6);
  EXPECT_NEAR(fit.law.activation_energy_ev, truth.activation_energy_ev, 1e-5);
  EXPECT_NEAR(fit.law.current_exponent, truth.current_exponent, 1e-5);
  EXPECT_NEAR(fit.law.a_per_h / truth.a_per_h, 1.0, 1e-4);
  EXPECT_LT(fit.worst_sigmas, 1e-4);
  // One temperature only: Ea is not determined, and the fit says so.
  std::vector<LumenAnchor> flat(made.begin(), made.begin() + 4);
  EXPECT_THROW(fit_tm21(flat), ConfigError);
}

TEST(LumenMaintenance, AlphaRisesMonotonicallyWithJunctionTemperatureAndCurrentDensity) {
  const Tm21Law law = tm21_law(ReliabilitySpec{});
  double last = 0.0;
  for (double tj = 20.0; tj <= 150.0; tj += 5.0) {
    const double a = law.alpha_per_h(tj, 1000.0);
    EXPECT_GT(a, last) << tj;
    last = a;
  }
  last = 0.0;
  for (double j = 1.0; j <= 1e5; j *= 2.0) {
    const double a = law.alpha_per_h(85.0, j);
    EXPECT_GT(a, last) << j;
    last = a;
  }
  // The Arrhenius and power-law slopes are the fitted ones.
  const double k = 8.617333262e-5;
  EXPECT_NEAR(std::log(law.alpha_per_h(100.0, 50.0) / law.alpha_per_h(50.0, 50.0)),
              law.activation_energy_ev / k * (1.0 / 323.15 - 1.0 / 373.15), 1e-9);
  EXPECT_NEAR(std::log(law.alpha_per_h(85.0, 400.0) / law.alpha_per_h(85.0, 100.0)),
              law.current_exponent * std::log(4.0), 1e-9);
}

TEST(LumenMaintenance, BadAnchorsAreRefusedNamingTheAnchor) {
  const std::string good =
      "[[anchor]]\nname = \"a\"\nkind = \"published\"\ncase_temperature_c = 85.0\n"
      "junction_temperature_c = 90.0\ncurrent_ma = 350.0\ndie_area_mm2 = 1.0\n"
      "current_density_a_per_cm2 = 35.0\nhours = 6000.0\nmaintenance = 0.98\nscatter = 0.01\n"
      "source = \"somewhere\"\n";
  EXPECT_EQ(parse_lumen_anchors(good, "t").size(), 1u);
  auto error_of = [](const std::string& text) -> std::string {
    try {
      parse_lumen_anchors(text, "t");
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "no error";
  };
  auto with = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  EXPECT_NE(error_of(with("35.0\nhours", "70.0\nhours")).find("current_density_a_per_cm2"),
            std::string::npos);
  EXPECT_NE(error_of(with("\"published\"", "\"guessed\"")).find("published or representative"),
            std::string::npos);
  EXPECT_NE(error_of(with("maintenance = 0.98", "maintenance = 1.5")).find("maintenance"),
            std::string::npos);
  EXPECT_NE(error_of(with("junction_temperature_c = 90.0", "junction_temperature_c = 80.0"))
                .find("junction_temperature_c"),
            std::string::npos);
  EXPECT_NE(error_of("# nothing\n").find("anchor"), std::string::npos);
}

TEST(LedAgeing, JunctionIsTheCasePlusTheSelfHeating) {
  LinkSpec s = preset("800g");
  s.environment.case_temperature_c = 85.0;
  const LedOperatingPoint op = led_operating_point(s);
  EXPECT_DOUBLE_EQ(op.case_c, 85.0);
  EXPECT_NEAR(op.heat_w, 0.74e-3, 0.05e-3);  // docs/physics.md: 0.74 mW of heat at 0 dBm
  EXPECT_NEAR(op.junction_c - op.case_c, s.led.thermal_resistance_k_per_w * op.heat_w, 1e-12);
  EXPECT_GT(op.junction_c, op.case_c + 1.0);
  // The effective density lies between the levels' and below the bias (concave J^n, n < 1).
  EXPECT_GT(op.bias_current_density_a_per_cm2, 1000.0);
  EXPECT_LT(op.effective_current_density_a_per_cm2, op.bias_current_density_a_per_cm2);
  const LedAgeing a = led_ageing(s);
  EXPECT_DOUBLE_EQ(a.junction_c, op.junction_c);
  // No thermal resistance: the junction is the case; a worse one runs hotter and ages faster.
  LinkSpec cold = s;
  cold.led.thermal_resistance_k_per_w = 0.0;
  EXPECT_DOUBLE_EQ(led_operating_point(cold).junction_c, 85.0);
  LinkSpec hot = s;
  hot.led.thermal_resistance_k_per_w = 4.0 * s.led.thermal_resistance_k_per_w;
  EXPECT_GT(led_ageing(hot).alpha_per_h, a.alpha_per_h);
  EXPECT_LT(led_ageing(cold).alpha_per_h, a.alpha_per_h);
  // More launch: more current density and heat, faster ageing.
  LinkSpec bright = s;
  bright.led.launch_power_dbm += 2.0;
  EXPECT_GT(led_ageing(bright).alpha_per_h, a.alpha_per_h);
}

TEST(LedAgeing, AgesByTheJunctionsArrheniusFactorNotAsAt25C) {
  LinkSpec cool = preset("800g");
  cool.environment.case_temperature_c = 25.0;
  LinkSpec hot = cool;
  hot.environment.case_temperature_c = 85.0;
  const auto a25 = led_ageing(cool), a85 = led_ageing(hot);
  const double k = 8.617333262e-5;
  const double expected =
      std::exp(hot.reliability.tm21_activation_energy_ev / k *
               (1.0 / (a25.junction_c + 273.15) - 1.0 / (a85.junction_c + 273.15)));
  EXPECT_NEAR(a85.alpha_per_h / a25.alpha_per_h, expected, 1e-9 * expected);
  const auto l25 = led_decay_db(cool, 200, 1.0), l85 = led_decay_db(hot, 200, 1.0);
  for (int i = 0; i < 200; ++i) EXPECT_GT(l85[i], 3.0 * l25[i]) << i;
  // Data-anchored: a year at 85 degC costs about a dB, not the earlier model's ~24 dB.
  const double mean85 = a85.nominal_loss_db(hot.reliability, 1.0);
  EXPECT_GT(mean85, 0.3);
  EXPECT_LT(mean85, 3.0);
  LinkSpec old = hot;
  old.reliability.ageing_model = AgeingModel::kArrhenius25c;
  EXPECT_GT(led_ageing(old).nominal_loss_db(old.reliability, 1.0), 10.0 * mean85);
}

TEST(LedAgeing, PerChannelSpreadIsSeededAndMeanOne) {
  LinkSpec s = preset("800g");
  s.environment.case_temperature_c = 70.0;
  const auto a = led_decay_db(s, 20000, 3.0);
  EXPECT_EQ(a, led_decay_db(s, 20000, 3.0));  // bit-identical on a rerun
  const double nominal = led_ageing(s).nominal_loss_db(s.reliability, 3.0);
  const double b_db = -10.0 * std::log10(s.reliability.tm21_b);
  double mean = 0.0;
  for (double x : a) mean += x;
  mean /= a.size();
  // The log-normal factor of mean 1 scales the decay rate (B is common): 1 sigma of the mean ~0.2
  // %.
  EXPECT_NEAR((mean - b_db) / (nominal - b_db), 1.0, 0.01);
  EXPECT_EQ(led_decay_db(s, 5, 0.0), std::vector<double>(5, 0.0));
  LinkSpec other = s;
  other.seed += 1;
  EXPECT_NE(led_decay_db(other, 100, 3.0), led_decay_db(s, 100, 3.0));
}

TEST(LedAgeing, TheEarlierModelIsStillSelectable) {
  const LinkSpec s = load_spec_from_string(
      "", {"reliability.ageing_model=arrhenius_25c", "environment.case_temperature_c=85",
           "reliability.led_decay_sigma=0"});
  ASSERT_EQ(s.reliability.ageing_model, AgeingModel::kArrhenius25c);
  const double af = arrhenius_factor(0.7, 25.0, 85.0);
  EXPECT_NEAR(led_decay_db(s, 3, 2.0)[1], 0.25 * 2.0 * af, 1e-9);
  const auto assumptions = ageing_assumptions(s);
  ASSERT_FALSE(assumptions.empty());
  EXPECT_NE(assumptions[0].find("arrhenius_25c"), std::string::npos);
  // The default is the data-anchored law, whose assumptions name TM-21's 6x rule.
  const LinkSpec d = load_spec_from_string("", {});
  EXPECT_EQ(d.reliability.ageing_model, AgeingModel::kTm21);
  std::string all;
  for (const auto& line : ageing_assumptions(d)) all += line + "\n";
  EXPECT_NE(all.find("6 x"), std::string::npos) << all;
  EXPECT_NE(all.find("junction"), std::string::npos) << all;
  // A service life beyond 6 x the longest test is said to be beyond TM-21's projection.
  LinkSpec longer = d;
  longer.reliability.service_life_years = 10.0;
  all.clear();
  for (const auto& line : ageing_assumptions(longer)) all += line + "\n";
  EXPECT_NE(all.find("exceeds TM-21's extrapolation limit"), std::string::npos) << all;
}

TEST(LedAgeing, BadKeyValuesAreRefusedNamingFieldValueAndRange) {
  auto error_of = [](const std::string& set) -> ConfigError {
    try {
      load_spec_from_string("", {set});
    } catch (const ConfigError& e) {
      return e;
    }
    ADD_FAILURE() << "no ConfigError for " << set;
    return ConfigError("", "", "");
  };
  const ConfigError model = error_of("reliability.ageing_model=arrhenius");
  EXPECT_EQ(model.field(), "reliability.ageing_model");
  EXPECT_NE(model.allowed().find("tm21"), std::string::npos) << model.allowed();
  EXPECT_NE(model.allowed().find("arrhenius_25c"), std::string::npos) << model.allowed();
  for (const char* set :
       {"reliability.tm21_activation_energy_ev=5", "reliability.tm21_current_exponent=-1",
        "reliability.tm21_b=2", "reliability.tm21_test_hours=0", "reliability.tm21_a_per_h=-1",
        "led.thermal_resistance_k_per_w=-5"}) {
    const ConfigError e = error_of(set);
    const std::string key(set, std::string(set).find('='));
    EXPECT_EQ(e.field(), key) << set;
    EXPECT_NE(std::string(e.what()).find(std::string(set).substr(key.size() + 1)),
              std::string::npos)
        << e.what();
    EXPECT_FALSE(e.allowed().empty()) << set;
  }
}

// The acceptance line of the ageing model: at 85 degC the default design (30 m) does not fail in
// its first year (the earlier model failed it at 0.31 years). At its rated 50 m it does not meet
// at 85 degC even now, under the receiver's f^2 noise and MOS temperature law: docs/reliability.md.
TEST(LedAgeing, Default800gAt85CDoesNotFailInItsFirstYear) {
  LinkSpec s = preset("800g");
  s.environment.case_temperature_c = 85.0;
  phy::EvalOptions eo;
  eo.bathtubs = false;
  const phy::PhyResult start = phy::evaluate(s, eo);
  const link::LaneAssignment lanes = link::assign_roles(s, start.channels);
  DegradationOptions o;
  o.ages_years = {1.0};
  const DegradationResult r = simulate_degradation(s, start, lanes, o);
  EXPECT_FALSE(r.failed);
  ASSERT_EQ(r.steps.size(), 2u);
  EXPECT_GT(r.steps[1].mean_loss_db, 0.3);
  // The earlier model, same design and age: out of spares.
  LinkSpec old = s;
  old.reliability.ageing_model = AgeingModel::kArrhenius25c;
  EXPECT_TRUE(simulate_degradation(old, start, lanes, o).failed);
}

}  // namespace
}  // namespace mosaic::reliability
