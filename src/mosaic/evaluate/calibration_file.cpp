// data/calibration_ensemble.toml: reading and writing the calibration ensemble.
#include <fmt/format.h>

#include <cmath>
#include <string>

#include "mosaic/core/design/enum_names.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/toml_values.hpp"
#include "mosaic/evaluate/calibration.hpp"

namespace mosaic {
namespace {

// The top-level keys of the file.
struct EnsembleHeader {
  std::string method;
  std::uint64_t seed = 1;
  int candidates = 0;
  int acceptance_seeds = 1;
  int validation_seeds = 1;
  std::vector<std::string> points;

  static FieldTable<EnsembleHeader> fields() {
    using namespace schema;
    using O = EnsembleHeader;
    static const std::vector<Field<O>> table = [] {
      std::vector<Field<O>> t;
      t.push_back(text<O>("method", &O::method, "text", "How the members were found"));
      t.push_back(integer<O>("seed", &O::seed, 0, 9007199254740991.0, "", "The sampler's seed"));
      t.push_back(integer<O>("candidates", &O::candidates, 0, 1e6, "", "Candidates drawn"));
      t.push_back(integer<O>("acceptance_seeds", &O::acceptance_seeds, 1, 1000, "",
                             "Array seeds 1..N each point held at"));
      t.push_back(integer<O>("validation_seeds", &O::validation_seeds, 1, 100000, "",
                             "Array seeds 1..N of the validation every member passed"));
      t.push_back(list<O>(
          "points", &O::points, "point names", "The validation points every member reproduces",
          [](const std::string& s, const FieldInfo&) { return s; },
          [](const std::string& s) { return s; }));
      return t;
    }();
    return table;
  }
};

// A TOML float that reads back as the same double (never an integer literal).
std::string toml_real(double v) {
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

double number_of(const TomlValue& v, const std::string& source) {
  if (const auto* d = std::get_if<double>(&v.value)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&v.value)) return static_cast<double>(*i);
  throw ConfigError(source, v.key + " = " + v.text, "a number");
}

void check_prior(const CalibrationPrior& p, const std::string& source) {
  const FieldDesc* f = find_field(p.key);
  if (!f || f->kind != FieldKind::kReal)
    throw ConfigError(source, "prior \"" + p.name + "\" key \"" + p.key + "\"",
                      "a real-valued design key");
  if (p.name.empty() || !(p.lo < p.hi) || p.nominal < p.lo || p.nominal > p.hi)
    throw ConfigError(source, "prior \"" + p.name + "\"",
                      "a named prior with lo < hi and the nominal value inside [lo, hi]");
  if (p.shift == CalibrationShift::kScale && !(p.lo > 0.0))
    throw ConfigError(source, "prior \"" + p.name + "\"", "lo > 0 for a scale prior");
}

}  // namespace

FieldTable<CalibrationPrior> CalibrationPrior::fields() {
  using namespace schema;
  using P = CalibrationPrior;
  static const std::vector<Field<P>> table = [] {
    std::vector<Field<P>> t;
    t.push_back(text<P>("name", &P::name, "text", "The member's key for the parameter"));
    t.push_back(text<P>("key", &P::key, "a design key", "The design key it moves"));
    t.push_back(choice<P>("applies_to", &P::applies_to, "Which designs it belongs to"));
    t.push_back(choice<P>("shift", &P::shift, "How a member's value moves the key"));
    t.push_back(choice<P>("kind", &P::kind, "Chosen inside a range, or fitted"));
    t.push_back(real<P>("nominal", &P::nominal, -1e6, 1e6, "", "The presets' value"));
    t.push_back(real<P>("lo", &P::lo, -1e6, 1e6, "", "The prior's lower end"));
    t.push_back(real<P>("hi", &P::hi, -1e6, 1e6, "", "The prior's upper end"));
    t.push_back(text<P>("unit", &P::unit, "text", "The unit"));
    t.push_back(text<P>("source", &P::source, "text", "The range's source, or the fit's target"));
    return t;
  }();
  return table;
}

CalibrationEnsemble parse_calibration_ensemble(const std::string& text, const std::string& source) {
  CalibrationEnsemble e;
  EnsembleHeader h;
  apply_toml_values(h, EnsembleHeader::fields(), toml_leaves(text, source),
                    "a calibration ensemble's key");
  e.method = h.method;
  e.seed = h.seed;
  e.candidates = h.candidates;
  e.acceptance_seeds = h.acceptance_seeds;
  e.validation_seeds = h.validation_seeds;
  e.points = h.points;
  for (const auto& values : toml_tables(text, source, "prior")) {
    CalibrationPrior p;
    apply_toml_values(p, CalibrationPrior::fields(), values, "a calibration prior's key");
    check_prior(p, source);
    for (const auto& q : e.priors)
      if (q.name == p.name) throw ConfigError(source, "prior \"" + p.name + "\"", "unique names");
    e.priors.push_back(std::move(p));
  }
  if (e.priors.empty()) throw ConfigError(source, "no [[prior]]", "at least one prior");
  std::vector<std::string> names = {"id", "candidate"};
  for (const auto& p : e.priors) names.push_back(p.name);
  for (const auto& values : toml_tables(text, source, "member")) {
    CalibrationMember m;
    m.values.assign(e.priors.size(), std::nan(""));
    for (const auto& v : values) {
      const double x = number_of(v, source);
      if (v.key == "id") {
        m.id = static_cast<int>(x);
        continue;
      }
      if (v.key == "candidate") {
        m.candidate = static_cast<int>(x);
        continue;
      }
      std::size_t i = 0;
      while (i < e.priors.size() && e.priors[i].name != v.key) ++i;
      if (i == e.priors.size()) {
        const auto hint = nearest_name(v.key, names);
        throw ConfigError(v.key, "an unknown name", "a member's key: id, candidate or a prior",
                          hint ? "did you mean '" + *hint + "'?" : std::string{});
      }
      const auto& p = e.priors[i];
      if (!(x >= p.lo && x <= p.hi))
        throw ConfigError(v.key, v.text, fmt::format("[{}, {}] (its prior)", p.lo, p.hi));
      m.values[i] = x;
    }
    for (std::size_t i = 0; i < e.priors.size(); ++i)
      if (std::isnan(m.values[i]))
        throw ConfigError(source, fmt::format("member {} has no {}", m.id, e.priors[i].name),
                          "a value for every prior");
    if (m.id != static_cast<int>(e.members.size()))
      throw ConfigError(source, fmt::format("member id {}", m.id),
                        fmt::format("ids 0, 1, ... in order (next: {})", e.members.size()));
    e.members.push_back(std::move(m));
  }
  if (e.members.empty()) throw ConfigError(source, "no [[member]]", "at least one member");
  for (std::size_t i = 0; i < e.priors.size(); ++i)
    if (e.members[0].values[i] != e.priors[i].nominal)
      throw ConfigError(source, "member 0 " + e.priors[i].name,
                        "member 0 is the nominal set: every prior's nominal value");
  return e;
}

std::string format_calibration_ensemble(const CalibrationEnsemble& e) {
  std::string s =
      "# The calibration ensemble: parameter sets under which every published point\n"
      "# (data/validation.toml) holds, written by `mosaic calibrate` (docs/calibration.md).\n"
      "# Member 0 is the nominal set (the presets' defaults). Each prior moves a design key from\n"
      "# its nominal value: shift = offset adds the difference, shift = scale multiplies by the\n"
      "# ratio; applies_to says whether it belongs to the prototype, the module or both.\n\n";
  s += "method = " + toml_string(e.method) + "\n";
  s += fmt::format("seed = {}\ncandidates = {}\nacceptance_seeds = {}\nvalidation_seeds = {}\n",
                   e.seed, e.candidates, e.acceptance_seeds, e.validation_seeds);
  s += "points = [";
  for (std::size_t i = 0; i < e.points.size(); ++i) s += (i ? ", " : "") + toml_string(e.points[i]);
  s += "]\n";
  for (const auto& p : e.priors) {
    s += "\n[[prior]]\n";
    s += "name = " + toml_string(p.name) + "\n";
    s += "key = " + toml_string(p.key) + "\n";
    s += fmt::format("applies_to = \"{}\"\nshift = \"{}\"\nkind = \"{}\"\n",
                     enum_name(p.applies_to), enum_name(p.shift), enum_name(p.kind));
    s += "nominal = " + toml_real(p.nominal) + "\n";
    s += "lo = " + toml_real(p.lo) + "\n";
    s += "hi = " + toml_real(p.hi) + "\n";
    s += "unit = " + toml_string(p.unit) + "\n";
    s += "source = " + toml_string(p.source) + "\n";
  }
  for (const auto& m : e.members) {
    s += fmt::format("\n[[member]]\nid = {}\ncandidate = {}\n", m.id, m.candidate);
    for (std::size_t i = 0; i < e.priors.size(); ++i)
      s += e.priors[i].name + " = " + toml_real(m.values[i]) + "\n";
  }
  return s;
}

}  // namespace mosaic
