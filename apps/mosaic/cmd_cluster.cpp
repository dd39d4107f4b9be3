#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "command.hpp"
#include "mosaic/cluster/cluster_study.hpp"
#include "mosaic/core/cluster/cluster_presets.hpp"
#include "mosaic/core/options/cluster_options.hpp"
#include "mosaic/pages/text_pages.hpp"
#include "mosaic/record/cluster_json.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic_io/cluster_file.hpp"
#include "mosaic_io/record_page.hpp"
#include "mpi_errors.hpp"
#include "output_options.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

struct ClusterArgs {
  io::ClusterFileRequest cluster;
  std::shared_ptr<study::ClusterOptions> options = std::make_shared<study::ClusterOptions>();
  OutputOptions output;
};

void write_cluster(const ClusterArgs& args, const cluster::ClusterResult& r) {
  const nlohmann::json document = record::cluster_record(r, invocation());
  if (!args.output.html.empty()) io::write_record_page(document, args.output.html, "--html");
  if (args.output.json)
    std::cout << document.dump(1) << '\n';
  else
    std::cout << pages::cluster_text(document);
}

int run_cluster(const ClusterArgs& args) {
  const study::ClusterOptions& options = *args.options;
  options.validate();
  check_outputs(args.output, {args.cluster.path.value_or(""), options.catalog});
  const io::ClusterInputs in = io::load_cluster_inputs(args.cluster, options.catalog);
  TerminalProgress progress("cluster");
  const cluster::ClusterResult r =
      cluster::evaluate_cluster(in.spec, in.design, in.design_name, in.catalog, options, &progress);
  progress.finish();
  write_cluster(args, r);
  return 0;
}

// Under mpirun every rank runs the study (all of it is cheap but the fleet Monte Carlo) and
// draws its share of the fleet's links; the integer counts are summed across the ranks, so every
// rank holds the one-process result, bit for bit, and rank 0 alone writes it. As in the sweep,
// the ranks agree on the exit code and rank 0 alone reports an error. Every rank meets the same
// input errors at the same place (same files, same arithmetic), so none is left waiting in a sum.
int run_cluster_mpi(const ClusterArgs& args) {
  if (!sweep::mpi_available())
    throw ConfigError("mpirun", "this build", "a build with MPI (it was configured without it)",
                      "run without mpirun, or rebuild with libopenmpi-dev installed");
  const sweep::MpiWorld world(nullptr, nullptr);
  const bool root = world.rank() == 0;
  const study::ClusterOptions& options = *args.options;
  std::optional<io::ClusterInputs> in;
  std::exception_ptr error;
  try {
    options.validate();
    if (root) check_outputs(args.output, {args.cluster.path.value_or(""), options.catalog});
    in.emplace(io::load_cluster_inputs(args.cluster, options.catalog));
  } catch (...) {
    error = std::current_exception();
  }
  if (const int code =
          agreed_exit_code(world, error, "another MPI rank failed in the cluster study"))
    return code;
  const reliability::FleetShare share{
      world.rank(), world.size(),
      [&world](std::vector<std::int64_t>& counts) { world.sum(counts); }};
  TerminalProgress progress("cluster");
  std::optional<cluster::ClusterResult> r;
  try {
    r.emplace(cluster::evaluate_cluster(in->spec, in->design, in->design_name, in->catalog, options,
                                        root ? &progress : nullptr, nullptr, &share));
  } catch (...) {
    error = std::current_exception();
  }
  progress.finish();
  if (const int code =
          agreed_exit_code(world, error, "another MPI rank failed in the cluster study"))
    return code;
  if (root) write_cluster(args, *r);
  return 0;
}

const RegisterCommand kCluster(55, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<ClusterArgs>();
  auto* cmd = parent.add_subcommand(
      "cluster",
      "What the link technologies do to an AI cluster: every cable from the floor plan and its "
      "technology, kW per rack, link failures, goodput with checkpoints, collective times, and "
      "the fleet-wide saving; --compare puts the technologies side by side; `mpirun -np K mosaic "
      "cluster ...` spreads the fleet Monte Carlo's links over K ranks (same result for any K)");
  cmd->add_option_function<std::string>(
         "cluster", [args](const std::string& path) { args->cluster.path = path; },
         "Cluster file (TOML, `mosaic keys --cluster` lists its keys); the built-in "
         "nvl72-copper when omitted")
      ->type_name("CLUSTER.toml");
  std::string names;
  for (const auto& n : cluster_preset_names()) names += (names.empty() ? "" : ", ") + n;
  cmd->add_option_function<std::string>(
         "--preset", [args](const std::string& name) { args->cluster.preset = name; },
         "Start from a built-in cluster: " + names)
      ->type_name("NAME");
  cmd->add_option("--set", args->cluster.overrides,
                  "Override one cluster key, e.g. --set floor.rack_pitch_m=0.8 (repeatable)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  add_study_flags(*cmd, args->options);
  add_output_options(*cmd, args->output, "the cluster record");
  return [args] { return sweep::launched_by_mpi() ? run_cluster_mpi(*args) : run_cluster(*args); };
});

}  // namespace
}  // namespace mosaic::cli
