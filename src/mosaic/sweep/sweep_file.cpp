#include "mosaic/sweep/sweep_file.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "mosaic/core/cluster/cluster_loader.hpp"
#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/design/loader.hpp"
#include "mosaic/core/design/resource_limits.hpp"
#include "mosaic/core/design/schema.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/schema/toml_values.hpp"
#include "mosaic/record/cluster_json.hpp"
#include "mosaic/record/spec_json.hpp"
#include "mosaic/sweep/design_toml.hpp"

namespace mosaic::sweep {
namespace {

std::string describe(const toml::node& node) {
  std::ostringstream text;
  node.visit([&](const auto& n) { text << n; });
  return text.str();
}

void only_keys(const toml::table& table, const std::string& where,
               std::initializer_list<std::string_view> allowed) {
  for (const auto& [k, node] : table) {
    bool ok = false;
    for (auto a : allowed) ok = ok || k.str() == a;
    if (!ok) {
      std::string list;
      for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      throw ConfigError(where.empty() ? std::string(k.str()) : where + "." + std::string(k.str()),
                        describe(node), "a known sweep-file key: " + list);
    }
  }
}

double number(const toml::node& node, const std::string& field) {
  if (const auto* v = node.as_floating_point()) return v->get();
  if (const auto* v = node.as_integer()) return static_cast<double>(v->get());
  throw ConfigError(field, describe(node), "a number");
}

std::string string_of(const toml::node& node, const std::string& field,
                      const std::string& allowed) {
  if (const auto* v = node.as_string()) return v->get();
  throw ConfigError(field, describe(node), allowed);
}

std::int64_t positive_integer(const toml::node& node, const std::string& field) {
  const auto* v = node.as_integer();
  if (!v || v->get() < 1) throw ConfigError(field, describe(node), "an integer >= 1");
  return v->get();
}

// A numeric value for `field`: integral for integer keys.
FieldValue numeric_value(const FieldInfo& field, double x, const std::string& where) {
  if (field.kind == FieldKind::kInteger) {
    if (std::abs(x - std::round(x)) > 1e-9 * std::max(1.0, std::abs(x)))
      throw ConfigError(where, fmt::format("{}", x), field.allowed());
    return FieldValue{static_cast<std::int64_t>(std::llround(x))};
  }
  if (field.kind != FieldKind::kReal && field.kind != FieldKind::kOptionalReal)
    throw ConfigError(where, fmt::format("{}", x), field.allowed());
  return FieldValue{x};
}

FieldValue listed_value(const FieldInfo& field, const toml::node& node, const std::string& where) {
  if (const auto* v = node.as_floating_point()) return numeric_value(field, v->get(), where);
  if (const auto* v = node.as_integer()) {
    if (field.kind == FieldKind::kInteger) return FieldValue{static_cast<std::int64_t>(v->get())};
    return numeric_value(field, static_cast<double>(v->get()), where);
  }
  if (const auto* v = node.as_boolean()) return FieldValue{v->get()};
  if (const auto* v = node.as_string()) {
    if (v->get() == "none" && field.kind == FieldKind::kOptionalReal) return FieldValue{};
    // A list key's value is written as --set takes it: items separated by commas.
    if (field.kind == FieldKind::kList) return parse_value(field, v->get());
    return FieldValue{v->get()};
  }
  throw ConfigError(where, describe(node), field.allowed());
}

bool log_scale_of(const toml::table& t, const std::string& where) {
  const auto* node = t.get("scale");
  if (!node) return false;
  const std::string s = string_of(*node, where + ".scale", "\"linear\" or \"log\"");
  if (s != "linear" && s != "log")
    throw ConfigError(where + ".scale", "\"" + s + "\"", "\"linear\" or \"log\"");
  return s == "log";
}

// The largest seed a sweep file may give: the design's `seed` key's range (2^53 - 1), so that
// every seed the store and the JSON echo hold is exact.
std::uint64_t seed_value(const toml::node& node, const std::string& field) {
  const FieldDesc& seed = *find_field("seed");
  const auto* v = node.as_integer();
  if (!v || v->get() < 0 || static_cast<double>(v->get()) > seed.max)
    throw ConfigError(field, describe(node), seed.allowed());
  return static_cast<std::uint64_t>(v->get());
}

std::string at_most(std::size_t values) {
  return "at most " + std::to_string(values) + " values (a sweep holds at most " +
         std::to_string(kMaxSweepPoints) + " points)";
}

// `max_values`: how many values this axis may have before the sweep's points would exceed
// kMaxSweepPoints, checked before any value is made (six axes of ten million values would
// otherwise take gigabytes before the product is refused).
Axis parse_axis(const toml::table& t, int index, bool cluster, std::size_t max_values) {
  const std::string where = "axis[" + std::to_string(index) + "]";
  only_keys(t, where, {"key", "values", "start", "stop", "step", "count", "scale", "min", "max"});
  const auto* key_node = t.get("key");
  if (!key_node) throw ConfigError(where + ".key", "(missing)", "a design key");
  Axis a;
  a.key = string_of(*key_node, where + ".key", "a design key as a string");
  if (cluster) {
    a.cluster_field = find_cluster_field(a.key);
    if (!a.cluster_field) {
      static const std::vector<std::string> names = field_names(cluster_fields());
      const auto hint = nearest_name(a.key, names);
      throw ConfigError(where + ".key", "\"" + a.key + "\"",
                        "a cluster key (`mosaic keys` lists them under its cluster option)",
                        hint ? "did you mean '" + *hint + "'?" : std::string{});
    }
  } else {
    a.field = find_field(a.key);
  }
  if (!cluster && !a.field) {
    const auto hint = suggest_field(a.key);
    throw ConfigError(where + ".key", "\"" + a.key + "\"",
                      "a known design key (`mosaic keys` lists them)",
                      hint ? "did you mean '" + *hint + "'?" : std::string{});
  }
  const std::string at = where + " (" + a.key + ")";
  const bool has_values = t.contains("values");
  const bool has_range = t.contains("start") || t.contains("stop");
  const bool has_sample = t.contains("min") || t.contains("max");
  if (int(has_values) + int(has_range) + int(has_sample) != 1)
    throw ConfigError(at, "values/start/stop/min/max",
                      "exactly one of: values = [...]; start and stop with step or count; min "
                      "and max (sampled)");
  if (has_values) {
    const auto* arr = t.get("values")->as_array();
    if (!arr) throw ConfigError(at + ".values", describe(*t.get("values")), "an array");
    if (arr->empty()) throw ConfigError(at + ".values", "[]", "at least one value");
    if (arr->size() > max_values)
      throw ConfigError(at + ".values", std::to_string(arr->size()) + " values",
                        at_most(max_values));
    for (const auto& v : *arr) a.values.push_back(listed_value(a.info(), v, at + ".values"));
    return a;
  }
  const FieldInfo& info = a.info();
  const bool numeric = info.kind == FieldKind::kReal || info.kind == FieldKind::kOptionalReal ||
                       info.kind == FieldKind::kInteger;
  if (!numeric) throw ConfigError(at, "a range", "values = [...] for a " + info.allowed() + " key");
  const bool log_scale = log_scale_of(t, at);
  if (has_sample) {
    if (!t.contains("min") || !t.contains("max"))
      throw ConfigError(at, "min/max", "both min and max");
    a.sampled = true;
    a.min = number(*t.get("min"), at + ".min");
    a.max = number(*t.get("max"), at + ".max");
    a.log_scale = log_scale;
    if (!(a.max >= a.min))
      throw ConfigError(at + ".max", fmt::format("{}", a.max), fmt::format(">= min = {}", a.min));
    if (log_scale && a.min <= 0.0)
      throw ConfigError(at + ".min", fmt::format("{}", a.min), "> 0 on a log scale");
    return a;
  }
  if (!t.contains("start") || !t.contains("stop"))
    throw ConfigError(at, "start/stop", "both start and stop");
  const double start = number(*t.get("start"), at + ".start");
  const double stop = number(*t.get("stop"), at + ".stop");
  std::vector<double> xs;
  if (t.contains("step") == t.contains("count"))
    throw ConfigError(at, "step/count", "exactly one of step and count");
  if (t.contains("step")) {
    if (log_scale)
      throw ConfigError(at + ".scale", "\"log\"", "\"linear\" with a step (use count)");
    const double step = number(*t.get("step"), at + ".step");
    if (step == 0.0 || (stop - start) / step < 0.0 || !std::isfinite((stop - start) / step))
      throw ConfigError(at + ".step", fmt::format("{}", step),
                        "a non-zero step leading from start to stop");
    const double n = std::floor((stop - start) / step + 1e-9);
    if (n + 1 > static_cast<double>(max_values))
      throw ConfigError(at + ".step", fmt::format("{} ({:.6g} values)", step, n + 1),
                        at_most(max_values));
    for (int i = 0; i <= static_cast<int>(n); ++i) xs.push_back(start + i * step);
  } else {
    const auto count = positive_integer(*t.get("count"), at + ".count");
    if (static_cast<std::uint64_t>(count) > max_values)
      throw ConfigError(at + ".count", std::to_string(count), at_most(max_values));
    if (log_scale && (start <= 0.0 || stop <= 0.0))
      throw ConfigError(at + ".start", fmt::format("{}", start), "> 0 (with stop) on a log scale");
    for (std::int64_t i = 0; i < count; ++i) {
      const double f = count == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(count - 1);
      xs.push_back(log_scale ? start * std::pow(stop / start, f) : start + f * (stop - start));
    }
  }
  for (double x : xs) a.values.push_back(numeric_value(info, x, at));
  return a;
}

}  // namespace

std::string sweep_fingerprint(const SweepDefinition& d) {
  // FNV-1a 64 over a canonical text, fed piecewise so that a large sweep needs no large string: a
  // content identity, not a security measure.
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto feed = [&h](const std::string& text) {
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  };
  feed(record::spec_to_json(d.base).dump());
  // A cluster sweep's identity also holds its base cluster (a design sweep's text is unchanged).
  if (d.cluster) feed("|cluster" + record::cluster_spec_to_json(d.cluster->base).dump());
  feed(d.options.margin ? "|margin" : "|no-margin");
  if (!d.options.end_of_life) feed("|no-end-of-life");
  for (const auto& a : d.grid.axes) feed("|" + a.key);
  for (const auto& p : d.grid.points) {
    feed("\n");
    for (const auto& v : p) feed(toml_value(v) + ",");
  }
  return fmt::format("{:016x}", h);
}

SweepDefinition parse_sweep(const std::string& text, const std::string& source,
                            const std::string& base_dir) {
  // toml++ nests one table per dotted-key part and frees them recursively: a 100,000-part key
  // would overflow the stack before any check of ours could refuse it.
  check_toml_nesting(text, source);
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    throw ConfigError(
        source, "line " + std::to_string(where.line) + ", column " + std::to_string(where.column),
        "valid TOML", std::string(e.description()));
  }
  only_keys(root, "", {"base", "evaluate", "combine", "sampling", "axis"});
  SweepDefinition d;
  d.text = text;

  SpecRequest request;
  ClusterRequest cluster;
  bool is_cluster = false;
  std::string cluster_dir = base_dir;
  if (const auto* node = root.get("base")) {
    const auto* base = node->as_table();
    if (!base) throw ConfigError("base", describe(*node), "a table");
    only_keys(*base, "base", {"preset", "design", "set", "seed", "cluster", "cluster_file"});
    is_cluster = base->contains("cluster") || base->contains("cluster_file");
    if (is_cluster)
      for (const char* k : {"preset", "design", "seed"})
        if (base->contains(k))
          throw ConfigError(std::string("base.") + k, describe(*base->get(k)),
                            "not in a cluster sweep (the design is the cluster's "
                            "links.mosaic_* keys)");
    if (const auto* p = base->get("cluster"))
      cluster.preset = string_of(*p, "base.cluster", "a cluster preset name");
    if (const auto* p = base->get("cluster_file")) {
      const std::filesystem::path file = string_of(*p, "base.cluster_file", "a cluster file path");
      const auto path = file.is_absolute() ? file : std::filesystem::path(base_dir) / file;
      cluster.toml_text = read_input_file(path.string(), "base.cluster_file");
      cluster.source = path.string();
      cluster_dir = path.parent_path().empty() ? "." : path.parent_path().string();
    }
    if (const auto* p = base->get("preset"))
      request.preset = string_of(*p, "base.preset", "a preset name");
    if (const auto* p = base->get("design")) {
      const std::filesystem::path file = string_of(*p, "base.design", "a design file path");
      request.toml_path =
          (file.is_absolute() ? file : std::filesystem::path(base_dir) / file).string();
    }
    if (const auto* p = base->get("set")) {
      const auto* arr = p->as_array();
      if (!arr) throw ConfigError("base.set", describe(*p), "an array of \"KEY=VALUE\" strings");
      for (const auto& v : *arr)
        (is_cluster ? cluster.overrides : request.overrides)
            .push_back(string_of(v, "base.set", "\"KEY=VALUE\" strings"));
    }
    if (const auto* p = base->get("seed")) request.seed = seed_value(*p, "base.seed");
  }
  if (is_cluster) {
    ClusterSweep c;
    c.base = load_cluster(cluster);
    c.design = load_mosaic_design(c.base, cluster_dir, c.design_name);
    d.base = c.design;
    d.cluster = std::move(c);
  } else {
    d.base = load_spec(request);
  }

  if (const auto* node = root.get("evaluate")) {
    const auto* ev = node->as_table();
    if (!ev) throw ConfigError("evaluate", describe(*node), "a table");
    only_keys(*ev, "evaluate", {"margin", "end_of_life"});
    if (const auto* m = ev->get("margin")) {
      const auto* b = m->as_boolean();
      if (!b) throw ConfigError("evaluate.margin", describe(*m), "true or false");
      d.options.margin = b->get();
    }
    if (const auto* m = ev->get("end_of_life")) {
      const auto* b = m->as_boolean();
      if (!b) throw ConfigError("evaluate.end_of_life", describe(*m), "true or false");
      d.options.end_of_life = b->get();
    }
  }
  if (const auto* node = root.get("combine")) {
    const std::string c = string_of(*node, "combine", "\"product\" or \"zip\"");
    if (c != "product" && c != "zip")
      throw ConfigError("combine", "\"" + c + "\"", "\"product\" or \"zip\"");
    d.grid.combine = c == "zip" ? Combine::kZip : Combine::kProduct;
  }
  if (const auto* node = root.get("axis")) {
    const auto* arr = node->as_array();
    if (!arr || !arr->is_array_of_tables())
      throw ConfigError("axis", describe(*node), "[[axis]] tables");
    int i = 0;
    std::size_t listed_product = 1;  // points of the listed axes so far (product)
    for (const auto& t : *arr) {
      const std::size_t max_values =
          d.grid.combine == Combine::kZip
              ? kMaxSweepPoints
              : std::max<std::size_t>(1, kMaxSweepPoints / listed_product);
      Axis a = parse_axis(*t.as_table(), i++, is_cluster, max_values);
      if (!a.sampled && d.grid.combine != Combine::kZip) listed_product *= a.values.size();
      for (const auto& other : d.grid.axes)
        if (other.key == a.key) throw ConfigError("axis.key", "\"" + a.key + "\"", "each key once");
      d.grid.axes.push_back(std::move(a));
    }
  }
  bool any_sampled = false;
  for (const auto& a : d.grid.axes) any_sampled = any_sampled || a.sampled;
  if (const auto* node = root.get("sampling")) {
    const auto* s = node->as_table();
    if (!s) throw ConfigError("sampling", describe(*node), "a table");
    only_keys(*s, "sampling", {"method", "count", "seed"});
    if (const auto* m = s->get("method")) {
      const std::string allowed = "\"latin_hypercube\" or \"random\"";
      const std::string method = string_of(*m, "sampling.method", allowed);
      if (method != "latin_hypercube" && method != "random")
        throw ConfigError("sampling.method", "\"" + method + "\"", allowed);
      d.grid.sampling.method =
          method == "random" ? SamplingMethod::kRandom : SamplingMethod::kLatinHypercube;
    }
    if (!s->get("count")) throw ConfigError("sampling.count", "(missing)", "an integer >= 1");
    const auto count = positive_integer(*s->get("count"), "sampling.count");
    if (static_cast<std::uint64_t>(count) > kMaxSweepPoints)
      throw ConfigError("sampling.count", std::to_string(count),
                        "at most " + std::to_string(kMaxSweepPoints));
    d.grid.sampling.count = static_cast<int>(count);
    if (const auto* seed = s->get("seed"))
      d.grid.sampling.seed = seed_value(*seed, "sampling.seed");
    if (!any_sampled)
      throw ConfigError("sampling", "a [sampling] table", "only with an axis given by min and max");
  } else if (any_sampled) {
    throw ConfigError("sampling", "(missing)",
                      "a [sampling] table (method, count, seed) for axes given by min and max");
  }
  if (d.grid.axes.empty())
    throw ConfigError("axis", "none", "at least one [[axis]] (a sweep of zero points)");
  expand(d.grid);
  if (d.grid.points.empty()) throw ConfigError("sweep", "0 points", "at least one point");
  if (d.grid.points.size() > kMaxSweepPoints)
    throw ConfigError("sweep", std::to_string(d.grid.points.size()) + " points",
                      "at most " + std::to_string(kMaxSweepPoints) +
                          " (every point's values are held in memory; split the sweep)");
  // Every point is checked now, so that nothing runs when any point would be refused.
  for (std::size_t i = 0; i < d.grid.points.size(); ++i) {
    if (d.cluster)
      (void)point_cluster(d.cluster->base, d.grid, i);
    else
      (void)point_spec(d.base, d.grid, i);
  }
  d.fingerprint = sweep_fingerprint(d);
  return d;
}

SweepDefinition load_sweep_file(const std::string& path) {
  // Bounded, regular files only: /dev/zero or a FIFO is refused before anything is read.
  const std::string text = read_input_file(path, "sweep file");
  const auto dir = std::filesystem::path(path).parent_path();
  return parse_sweep(text, path, dir.empty() ? "." : dir.string());
}

}  // namespace mosaic::sweep
