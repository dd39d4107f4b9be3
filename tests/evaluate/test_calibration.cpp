#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/evaluate/calibration.hpp"
#include "mosaic/evaluate/calibration_ranges.hpp"
#include "mosaic/evaluate/simulate_study.hpp"
#include "mosaic/record/documents.hpp"

namespace mosaic {
namespace {

std::string data_file(const std::string& name) {
  std::ifstream in(std::string(MOSAIC_SOURCE_DIR "/data/") + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const CalibrationEnsemble& shipped_ensemble() {
  static const CalibrationEnsemble e =
      parse_calibration_ensemble(data_file("calibration_ensemble.toml"), "ensemble.toml");
  return e;
}

std::vector<ValidationPoint> points() {
  return parse_validation_points(data_file("validation.toml"), "validation.toml");
}

// The shipped ensemble: its priors are the calibration's, member 0 the nominal set, 8-20 members,
// every value inside its prior, the points those of data/validation.toml.
TEST(Calibration, EnsembleFileParses) {
  const auto& e = shipped_ensemble();
  const auto priors = calibration_priors();
  ASSERT_EQ(e.priors.size(), priors.size());
  for (std::size_t i = 0; i < priors.size(); ++i) {
    EXPECT_EQ(e.priors[i].name, priors[i].name);
    EXPECT_EQ(e.priors[i].key, priors[i].key);
    EXPECT_EQ(e.priors[i].nominal, priors[i].nominal);
    EXPECT_EQ(e.priors[i].lo, priors[i].lo);
    EXPECT_EQ(e.priors[i].hi, priors[i].hi);
  }
  EXPECT_GE(e.members.size(), 8u);
  EXPECT_LE(e.members.size(), 20u);
  EXPECT_EQ(e.members[0].candidate, -1);
  for (std::size_t i = 0; i < priors.size(); ++i)
    EXPECT_EQ(e.members[0].values[i], priors[i].nominal);
  const auto p = points();
  ASSERT_EQ(e.points.size(), p.size());
  for (std::size_t i = 0; i < p.size(); ++i) EXPECT_EQ(e.points[i], p[i].name);
  EXPECT_GT(e.candidates, 0);
  EXPECT_GE(e.acceptance_seeds, 1);
}

// What `mosaic calibrate` writes reads back to the same text (every value exactly).
TEST(Calibration, FileRoundTripsExactly) {
  const std::string text = data_file("calibration_ensemble.toml");
  EXPECT_EQ(format_calibration_ensemble(parse_calibration_ensemble(text, "e.toml")), text);
}

// The sampler is a keyed stream: candidate k is the same whenever it is drawn, inside its prior.
TEST(Calibration, DrawsAreKeyedAndInsideThePriors) {
  const auto priors = calibration_priors();
  const auto a = draw_candidate(priors, 1, 7);
  const auto b = draw_candidate(priors, 1, 7);
  const auto c = draw_candidate(priors, 1, 8);
  EXPECT_EQ(a.values, b.values);
  EXPECT_NE(a.values, c.values);
  for (std::size_t i = 0; i < priors.size(); ++i) {
    EXPECT_GE(a.values[i], priors[i].lo);
    EXPECT_LE(a.values[i], priors[i].hi);
  }
  // Drawn candidates are the shipped members' draws.
  for (const auto& m : shipped_ensemble().members) {
    if (m.candidate >= 0) {
      EXPECT_EQ(draw_candidate(priors, shipped_ensemble().seed, m.candidate).values, m.values);
    }
  }
}

// The nominal set leaves a design as it is; a member moves each key as its prior says.
TEST(Calibration, MembersMoveTheirKeys) {
  const auto& e = shipped_ensemble();
  const LinkSpec module = preset("800g");
  const LinkSpec same = apply_member(module, e.priors, e.members[0], false);
  EXPECT_EQ(same.rx.noise_density_pa_rthz, module.rx.noise_density_pa_rthz);
  EXPECT_EQ(same.fiber.modal_k_ps, module.fiber.modal_k_ps);
  EXPECT_EQ(same.led.power_tc_db_per_k, module.led.power_tc_db_per_k);
  EXPECT_EQ(same.coupling.edge_penalty_db, module.coupling.edge_penalty_db);
  CalibrationMember m = e.members[0];
  auto set = [&](const std::string& name, double v) {
    for (std::size_t i = 0; i < e.priors.size(); ++i)
      if (e.priors[i].name == name) m.values[i] = v;
  };
  set("module_tia_noise", 9.75);     // scale: x1.5
  set("coupler_modal_factor", 1.0);  // scale: x2
  set("modal_k", 5.0);               // scale: x1.25 on both designs
  set("led_droop", -0.015);          // offset
  set("prototype_tx_coupling", 7.45);
  const LinkSpec moved = apply_member(module, e.priors, m, false);
  EXPECT_DOUBLE_EQ(moved.rx.noise_density_pa_rthz, 9.75);
  EXPECT_DOUBLE_EQ(moved.fiber.modal_k_ps, 2.0 * 2.0 * 1.25);
  EXPECT_DOUBLE_EQ(moved.led.power_tc_db_per_k, -0.015);
  EXPECT_EQ(moved.coupling.tx_db, module.coupling.tx_db);  // the prototype's only
  const LinkSpec proto = apply_member(preset("prototype"), e.priors, m, true);
  EXPECT_DOUBLE_EQ(proto.fiber.modal_k_ps, 5.0);
  EXPECT_DOUBLE_EQ(proto.coupling.tx_db, 7.45);
  EXPECT_EQ(proto.rx.noise_density_pa_rthz, 20.0);  // the module's TIA is not the prototype's
  // A design at the edge of a key's range stays there (no edge penalty of -0.5 dB).
  set("module_edge_penalty", 0.5);
  EXPECT_EQ(apply_member(preset("prototype"), e.priors, m, false).coupling.edge_penalty_db, 0.0);
}

TEST(Calibration, BadEnsembleFilesAreRefusedByKey) {
  const std::string good = data_file("calibration_ensemble.toml");
  const auto refuses = [](const std::string& text, const std::string& field) {
    try {
      parse_calibration_ensemble(text, "e.toml");
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), field) << e.what();
      return;
    }
    ADD_FAILURE() << "accepted a bad ensemble (" << field << ")";
  };
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const auto at = t.rfind(from);
    EXPECT_NE(at, std::string::npos) << from;
    return t.replace(at, from.size(), to);
  };
  refuses(replaced("led_droop = ", "led_drop = "), "led_drop");        // the last member's key
  refuses(replaced("led_droop = ", "led_droop = 5\n#"), "led_droop");  // outside its prior
  refuses(replaced("\n[[member]]\nid = 0", "\n[[member]]\nid = 3"), "e.toml");
  refuses(good + "\n[[member]]\nid = 99\n", "e.toml");
  refuses(replaced("candidates = ", "candidate = "), "candidate");
}

// Every member reproduces every published point (seeds 1-2 here; `mosaic validate --ensemble`
// runs 20). Two halves of the ensemble, so that each test stays short.
void every_member_passes(std::size_t first, std::size_t last) {
  CalibrationEnsemble part = shipped_ensemble();
  part.members.assign(shipped_ensemble().members.begin() + first,
                      shipped_ensemble().members.begin() + last);
  const auto members = run_ensemble_validation(points(), {.seeds = 2, .threads = 0}, part);
  ASSERT_EQ(members.size(), last - first);
  for (const auto& m : members)
    for (const auto& p : m.points)
      EXPECT_TRUE(p.pass) << "member " << m.member << ", " << p.name << ": " << p.seeds_passing
                          << " of " << p.seeds;
}

TEST(Calibration, SlowEveryMemberPassesValidationFirstHalf) {
  every_member_passes(0, shipped_ensemble().members.size() / 2);
}

TEST(Calibration, SlowEveryMemberPassesValidationSecondHalf) {
  every_member_passes(shipped_ensemble().members.size() / 2, shipped_ensemble().members.size());
}

bool contains(const FigureRange& r, double v) {
  return r.lo <= v && v <= r.hi;
}

SimulateResult rated_corner(bool ranges) {
  LinkSpec spec = preset("800g");
  spec.fiber.length_m = spec.module.rated_reach_m;
  spec.environment.case_temperature_c = 85.0;
  study::SimulateOptions o;
  o.calibration_ranges = ranges;
  o.link_budget = false;
  return simulate(spec, o, nullptr, nullptr, &shipped_ensemble());
}

// At the rated corner every headline range holds the nominal figure, and the ensemble spreads
// the margin (a degenerate calibration: the range is not a point).
TEST(Calibration, RangesContainTheNominalFigures) {
  const SimulateResult r = rated_corner(true);
  ASSERT_TRUE(r.calibration);
  const auto& c = *r.calibration;
  const auto& l = r.evaluation.link();
  EXPECT_EQ(c.members, static_cast<int>(shipped_ensemble().members.size()));
  ASSERT_TRUE(c.margin);
  EXPECT_TRUE(contains(c.optical_margin_db, l.optical_margin_db));
  EXPECT_LT(c.optical_margin_db.lo + 0.1, c.optical_margin_db.hi);
  EXPECT_TRUE(contains(c.log10_worst_ber, l.log10_worst_ber));
  EXPECT_TRUE(contains(c.usable_spares, r.evaluation.reliability.spares));
  EXPECT_TRUE(contains(c.link_fit, r.evaluation.reliability.link_fit));
  EXPECT_TRUE(contains(c.reach_m_range, c.reach_m));
  // Member 0 is the nominal set: on its decisive channels it gives the evaluation's own figures.
  ASSERT_FALSE(c.per_member.empty());
  ASSERT_TRUE(c.per_member[0].optical_margin_db);
  EXPECT_DOUBLE_EQ(*c.per_member[0].optical_margin_db, l.optical_margin_db);
  EXPECT_DOUBLE_EQ(c.per_member[0].log10_worst_ber, l.log10_worst_ber);
  EXPECT_EQ(c.per_member[0].usable_spares, r.evaluation.reliability.spares);
  // The reach at 85 degC brackets the corner's length as the margin's sign says.
  if (l.optical_margin_db > 0) {
    EXPECT_GE(c.reach_m, r.evaluation.spec.fiber.length_m);
  }
}

nlohmann::json record_of(const SimulateResult& r) {
  record::JsonOptions o;
  o.timing = false;
  return record::simulate_record(r, o);
}

// The same design and seed give the same ranges to the bit, whatever the thread count.
TEST(Calibration, RangesAreBitIdenticalAcrossRunsAndThreads) {
  LinkSpec spec = preset("800g");
  spec.environment.case_temperature_c = 85.0;
  spec.fiber.length_m = 45.0;
  study::SimulateOptions o;
  o.threads = 1;
  const auto a = record_of(simulate(spec, o, nullptr, nullptr, &shipped_ensemble()));
  o.threads = 2;
  const auto b = record_of(simulate(spec, o, nullptr, nullptr, &shipped_ensemble()));
  EXPECT_EQ(a.dump(), b.dump());
  EXPECT_TRUE(a["link"].contains("optical_margin_db_range"));
  EXPECT_TRUE(a.contains("calibration"));
}

// Ranges off, the record is the evaluation's alone: the same as with no ensemble at all, and the
// same as the ranged record with its ranges and calibration lines taken out.
TEST(Calibration, RangesOffLeaveTheRecordAsBefore) {
  const auto off = record_of(rated_corner(false));
  LinkSpec spec = preset("800g");
  spec.fiber.length_m = spec.module.rated_reach_m;
  spec.environment.case_temperature_c = 85.0;
  study::SimulateOptions o;
  o.link_budget = false;
  const auto none = record_of(simulate(spec, o));
  EXPECT_EQ(off.dump(), none.dump());
  auto on = record_of(rated_corner(true));
  on.erase("calibration");
  for (const char* k : {"optical_margin_db_range", "log10_worst_ber_range", "worst_ber_range"})
    on["link"].erase(k);
  for (const char* k : {"spares_usable_range", "link_fit_range"}) on["reliability"].erase(k);
  auto& a = on["assumptions"];
  const std::size_t extra = shipped_ensemble().priors.size() + 2;
  ASSERT_GE(a.size(), extra);
  a.erase(a.end() - static_cast<std::ptrdiff_t>(extra), a.end());
  EXPECT_EQ(on.dump(), off.dump());
}

}  // namespace
}  // namespace mosaic
