#include <charconv>
#include <cmath>

#include "mosaic/core/cluster/cluster_schema.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic {
namespace {

// A message size in bytes: a positive finite number (TOML writes 1e9 or 1000000000).
double parse_bytes(const std::string& text, const FieldInfo& field) {
  double v = 0.0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || p != text.data() + text.size() || !std::isfinite(v) || v < 1.0 ||
      v > 1e15)
    throw ConfigError(field.key, "\"" + text + "\"", field.allowed());
  return v;
}

int parse_domain(const std::string& text, const FieldInfo& field) {
  int v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || p != text.data() + text.size() || v < 1 || v > 1000000)
    throw ConfigError(field.key, "\"" + text + "\"", field.allowed());
  return v;
}

}  // namespace

void add_network_fields(std::vector<ClusterField>& out) {
  using namespace cluster_schema;
  using S = ClusterSpec;
  using O = ScaleOutSpec;
  out.push_back(integer("scale_out.tiers", &S::scale_out, &O::tiers, 0, 4, "",
                        "Tiers of the scale-out fat tree (2 = leaf-spine; 0 = no scale-out)"));
  out.push_back(integer("scale_out.radix", &S::scale_out, &O::radix, 2, 4096, "",
                        "Ports of one scale-out switch (the k of a k-ary fat tree; even)"));
  out.push_back(real("scale_out.port_rate_gbps", &S::scale_out, &O::port_rate_gbps, 1.0, 1e5,
                     "Gb/s", "Rate of one switch or NIC port, per direction"));
  out.push_back(integer("scale_out.ports_per_gpu", &S::scale_out, &O::ports_per_gpu, 1, 64, "",
                        "NIC ports per GPU into the scale-out network"));
  out.push_back(boolean("scale_out.copper_leaf", &S::scale_out, &O::copper_leaf,
                        "Leaf switches in the compute racks (top of rack), so the GPU-leaf hop "
                        "can be copper; otherwise in middle-of-row switch racks"));
  out.push_back(integer("scale_out.switches_per_rack", &S::scale_out, &O::switches_per_rack, 1, 256,
                        "", "Scale-out switches per network rack"));
  out.push_back(real("scale_out.switch_u", &S::scale_out, &O::switch_u, 0.5, 20.0, "U",
                     "Height of one scale-out switch"));
  out.push_back(real("scale_out.switch_w", &S::scale_out, &O::switch_w, 0.0, 1e5, "W",
                     "Power of one scale-out switch, modules aside"));
  out.push_back(real("scale_out.step_latency_us", &S::scale_out, &O::step_latency_us, 0.0, 1e4,
                     "us", "Latency of one collective step across the network, cables aside"));

  using W = WorkloadSpec;
  out.push_back(optional_integer("workload.job_gpus", &S::workload, &W::job_gpus, 1, 1e7, "",
                                 "GPUs of the synchronous job (default: the whole cluster)"));
  out.push_back(real("workload.checkpoint_s", &S::workload, &W::checkpoint_s, 0.0, 1e6, "s",
                     "Stall of the job while a checkpoint is written"));
  out.push_back(real("workload.restart_s", &S::workload, &W::restart_s, 0.0, 1e6, "s",
                     "From an interruption to training again (detect, reschedule, reload)"));
  out.push_back(real("workload.other_fit_per_gpu", &S::workload, &W::other_fit_per_gpu, 0.0, 1e9,
                     "FIT",
                     "Job interruptions per GPU not caused by the network (default: Llama 3, "
                     "377 in 54 days on 16,384 GPUs)"));
  out.push_back(list("workload.message_bytes", &S::workload, &W::message_bytes,
                     "message sizes in bytes, each in [1, 1e15]",
                     "Message sizes the collectives are timed at", parse_bytes,
                     [](double v) { return format_number(v); }));
  out.push_back(real("workload.all_reduce_share", &S::workload, &W::all_reduce_share, 0.0, 1.0, "",
                     "Share of a step's collective bytes in all-reduce"));
  out.push_back(real("workload.reduce_scatter_share", &S::workload, &W::reduce_scatter_share, 0.0,
                     1.0, "", "Share of a step's collective bytes in reduce-scatter"));
  out.push_back(real("workload.all_gather_share", &S::workload, &W::all_gather_share, 0.0, 1.0, "",
                     "Share of a step's collective bytes in all-gather"));
  out.push_back(real("workload.all_to_all_share", &S::workload, &W::all_to_all_share, 0.0, 1.0, "",
                     "Share of a step's collective bytes in all-to-all"));
  out.push_back(list("workload.domain_sizes", &S::workload, &W::domain_sizes,
                     "GPU counts in [1, 1000000]",
                     "Scale-up domain sizes the collectives are also timed at (the cluster's "
                     "own is always shown)",
                     parse_domain, [](int v) { return std::to_string(v); }));
}

}  // namespace mosaic
