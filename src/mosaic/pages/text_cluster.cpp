#include <fmt/format.h>

#include <string>

#include "mosaic/pages/text_pages.hpp"

namespace mosaic::pages {
namespace {

using nlohmann::json;

std::string num(const json& v, const char* f = "{:.4g}") {
  if (v.is_number()) return fmt::format(fmt::runtime(f), v.get<double>());
  return v.is_string() ? v.get<std::string>() : "-";
}

std::string hours(const json& h) {
  if (!h.is_number()) return num(h);
  const double v = h.get<double>();
  if (v < 1.0) return fmt::format("{:.3g} min", v * 60.0);
  if (v < 48.0) return fmt::format("{:.3g} h", v);
  if (v < 2.0 * 8760.0) return fmt::format("{:.3g} d", v / 24.0);
  return fmt::format("{:.3g} y", v / 8760.0);
}

std::string seconds(double s) {
  if (s < 1e-3) return fmt::format("{:.3g} us", s * 1e6);
  if (s < 1.0) return fmt::format("{:.3g} ms", s * 1e3);
  return fmt::format("{:.3g} s", s);
}

std::string bytes(double b) {
  if (b >= 1e9) return fmt::format("{:.3g} GB", b / 1e9);
  if (b >= 1e6) return fmt::format("{:.3g} MB", b / 1e6);
  if (b >= 1e3) return fmt::format("{:.3g} kB", b / 1e3);
  return fmt::format("{:.3g} B", b);
}

double fastest(const json& times, const std::string& collective) {
  double best = -1.0;
  for (const auto& t : times)
    if (t.at("collective") == collective && (best < 0 || t.at("time_s").get<double>() < best))
      best = t.at("time_s").get<double>();
  return best;
}

std::string header(const json& r) {
  const auto& c = r.at("counts");
  const auto& s = r.at("cluster");
  std::string out = fmt::format(
      "Cluster: {} GPUs in {} scale-up domain(s) of {} ({} switch tier(s)); {} racks ({} "
      "compute, {} spine, {} leaf, {} core) in {} row(s)",
      c.at("gpus").get<long long>(), c.at("domains").get<long long>(),
      s.at("scale_up").at("domain_gpus").get<long long>(),
      s.at("scale_up").at("tiers").get<long long>(), c.at("racks").get<long long>(),
      c.at("compute_racks").get<long long>(), c.at("spine_racks").get<long long>(),
      c.at("leaf_racks").get<long long>(), c.at("core_racks").get<long long>(),
      c.at("rows").get<long long>());
  if (s.at("scale_out").at("tiers").get<int>() > 0)
    out += fmt::format("; scale-out {}-tier fat tree of radix {}: {} switches",
                       s.at("scale_out").at("tiers").get<int>(),
                       s.at("scale_out").at("radix").get<int>(),
                       c.at("scale_out_switches").get<long long>());
  out += "\n";
  const auto& m = r.at("mosaic");
  out += fmt::format("MOSAIC design ({}): {:.3g} W per end, link FIT {}",
                     m.at("design").get<std::string>(), m.at("w_per_end").get<double>(),
                     num(m.at("link_fit")));
  if (m.at("reach_searched").get<bool>())
    out +=
        fmt::format(", reach {:.4g} m ({} evaluations, to {:g} m)", m.at("reach_m").get<double>(),
                    m.at("reach_probes").size(), m.at("reach_tolerance_m").get<double>());
  return out + "\n";
}

std::string technologies(const json& r) {
  const auto& sp = r.at("specified");
  std::string out = fmt::format("\n{:<10} {:>9} {:>8} {:>8} {:>11} {:>11} {:>10}\n", "technology",
                                "reach m", "W/end", "FIT", "cables", "ends", "kW");
  for (const auto& t : r.at("technologies")) {
    const std::string id = t.at("id");
    const auto cables = sp.at("cables").value(id, 0LL);
    double kw = 0.0;
    long long ends = 0;
    for (const auto& p : sp.at("power").at("per_technology"))
      if (p.at("id") == id) kw = p.at("kw").get<double>(), ends = p.at("ends").get<long long>();
    out += fmt::format("{:<10} {:>9.4g} {:>8.3g} {:>8.4g} {:>11} {:>11} {:>10.4g}{}\n",
                       id + (t.at("allowed").get<bool>() ? "" : "*"), t.at("reach_m").get<double>(),
                       t.at("w_per_end").get<double>(), t.at("link_fit").get<double>(), cables,
                       ends, kw, t.at("adjusted").empty() ? "" : "  (adjusted)");
  }
  return out;
}

std::string cables(const json& r) {
  const auto& c = r.at("cables");
  std::string out = fmt::format(
      "\n{} cables in {} runs:\n{:<16} {:>9} {:>8} {:>8} {:>8} {:>10} "
      "{:>9} {:>12}  technologies\n",
      c.at("total").get<long long>(), c.at("runs").get<long long>(), "fabric", "cables", "min m",
      "mean m", "max m", "cross-rack", "adjacent", "copper-reach");
  for (const auto& t : c.at("tiers")) {
    std::string techs;
    for (const auto& [id, n] : t.at("per_technology").items())
      techs += fmt::format("{}{} {}", techs.empty() ? "" : ", ", id, n.get<long long>());
    out += fmt::format(
        "{:<16} {:>9} {:>8.3g} {:>8.3g} {:>8.3g} {:>10} {:>9} {:>12}  {}\n",
        t.at("fabric").get<std::string>() + " " + std::to_string(t.at("tier").get<int>()),
        t.at("cables").get<long long>(), t.at("min_m").get<double>(), t.at("mean_m").get<double>(),
        t.at("max_m").get<double>(), t.at("cross_rack").get<long long>(),
        t.at("adjacent").get<long long>(), t.at("cross_rack_copper_reach").get<long long>(), techs);
  }
  return out;
}

std::string specified(const json& r) {
  const auto& sp = r.at("specified");
  const auto& p = sp.at("power");
  const auto& f = sp.at("failures");
  const auto& g = sp.at("goodput");
  std::string out = fmt::format(
      "\nPower: IT {:.4g} kW + interconnect {:.4g} kW ({} module ends: {:.4g} kW) = {:.4g} kW; "
      "interconnect {:.3g} % of it; {} of {} racks over the {:.4g} kW limit (largest {:.4g} "
      "kW)\n",
      p.at("it_kw").get<double>(), p.at("interconnect_kw").get<double>(),
      p.at("modules").get<long long>(), p.at("module_kw").get<double>(),
      p.at("total_kw").get<double>(), 100.0 * p.at("interconnect_share").get<double>(),
      p.at("racks_over_limit").get<int>(), p.at("racks").size(),
      p.at("rack_limit_kw").get<double>(), p.at("max_rack_kw").get<double>());
  out += fmt::format(
      "Link failures: {} FIT in all, time between them {} ({:.3g} per day); a job of {} GPUs "
      "is interrupted every {} ({:.3g} % of it by links)\n",
      num(f.at("cluster_fit")), hours(f.at("mtbf_h")), f.at("failures_per_day").get<double>(),
      f.at("job_gpus").get<long long>(), hours(f.at("job_mtbf_h")),
      100.0 * f.at("job_network_share").get<double>());
  const auto& fl = r.at("fleet");
  out += fmt::format(
      "Fleet Monte Carlo over {:.3g} years (seed {}): {} link failures [{:.1f}, {:.1f}] "
      "(closed form {:.4g}); time between them {} [{}, {}]\n",
      fl.at("years").get<double>(), fl.at("seed").get<unsigned long long>(),
      fl.at("failures").get<long long>(), fl.at("failures_ci")[0].get<double>(),
      fl.at("failures_ci")[1].get<double>(), fl.at("expected_failures").get<double>(),
      hours(fl.at("mtbf_h")), hours(fl.at("mtbf_ci_h")[0]), hours(fl.at("mtbf_ci_h")[1]));
  out += fmt::format(
      "Goodput: checkpoint every {} s (Daly; Young {} s), {:.4g} % of wall time is training\n",
      num(g.at("daly_s"), "{:.4g}"), num(g.at("young_s"), "{:.4g}"),
      100.0 * g.at("goodput").get<double>());
  return out;
}

std::string collectives(const json& r) {
  const auto& c = r.at("specified").at("collectives");
  std::string out = fmt::format(
      "\nCollectives of {} ranks over domains of {} (up {:.4g} GB/s, {:.3g} us; out {:.4g} GB/s, "
      "{:.3g} us per step):\n",
      c.at("ranks").get<long long>(), c.at("domain").get<long long>(),
      c.at("up").at("bandwidth_gbs").get<double>(), c.at("up").at("latency_us").get<double>(),
      c.at("out").at("bandwidth_gbs").get<double>(), c.at("out").at("latency_us").get<double>());
  out += fmt::format("{:<9} {:<16} {:<17} {:>10} {:>12}\n", "message", "collective", "algorithm",
                     "time", "busbw GB/s");
  for (const auto& m : c.at("messages")) {
    for (const auto& t : m.at("times"))
      out +=
          fmt::format("{:<9} {:<16} {:<17} {:>10} {:>12.4g}\n", bytes(m.at("bytes")),
                      t.at("collective").get<std::string>(), t.at("algorithm").get<std::string>(),
                      seconds(t.at("time_s")), t.at("busbw_gbs").get<double>());
    out += fmt::format("{:<9} {:<16} {:<17} {:>10}\n", bytes(m.at("bytes")), "mix", "fastest",
                       seconds(m.at("mix_s")));
  }
  out += "Scale-up domain size at the largest message: ";
  for (const auto& d : r.at("domain_scaling"))
    out += fmt::format("{} GPUs {}  ", d.at("domain").get<long long>(), seconds(d.at("mix_s")));
  return out + "\n";
}

std::string savings(const json& r) {
  const auto& s = r.at("fleet_savings");
  return fmt::format(
      "\nFleet: {:.4g} cables a year x ({:.3g} -> {:.3g} W per end) x 2 ends = {:.4g} MW, the "
      "electricity of {:.4g} homes at {:.5g} kWh a year each\n",
      s.at("cables_per_year").get<double>(), s.at("baseline_w_per_end").get<double>(),
      s.at("mosaic_w_per_end").get<double>(), s.at("saved_mw").get<double>(),
      s.at("homes").get<double>(), s.at("home_kwh_per_year").get<double>());
}

std::string choices(const json& r) {
  const auto& list = r.at("choices");
  if (list.size() < 2) return {};
  std::string out =
      fmt::format("\n{:<13} {:>10} {:>10} {:>9} {:>10} {:>10} {:>9} {:>11} {:>11} {:>9}\n",
                  "choice", "total kW", "links kW", "modules", "fail/day", "job MTBF", "goodput",
                  "AR small", "mix large", "fallback");
  for (const auto& c : list) {
    const auto& msgs = c.at("collectives").at("messages");
    out += fmt::format(
        "{:<13} {:>10.5g} {:>10.4g} {:>9} {:>10.4g} {:>10} {:>8.4g}% {:>11} {:>11} {:>9}\n",
        c.at("name").get<std::string>(), c.at("power").at("total_kw").get<double>(),
        c.at("power").at("interconnect_kw").get<double>(),
        c.at("power").at("modules").get<long long>(),
        c.at("failures").at("failures_per_day").get<double>(),
        hours(c.at("failures").at("job_mtbf_h")),
        100.0 * c.at("goodput").at("goodput").get<double>(),
        seconds(fastest(msgs.front().at("times"), "all_reduce")), seconds(msgs.back().at("mix_s")),
        c.at("fallback_cables").get<long long>());
  }
  return out;
}

}  // namespace

std::string cluster_text(const json& record) {
  return header(record) + technologies(record) + cables(record) + specified(record) +
         collectives(record) + savings(record) + choices(record);
}

}  // namespace mosaic::pages
