#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "command.hpp"
#include "mosaic/core/error.hpp"
#include "mosaic/core/options/sweep_options.hpp"
#include "mosaic/core/parallel.hpp"
#include "mosaic/sweep/cluster_point.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic/sweep/store.hpp"
#include "mosaic/sweep/sweep_file.hpp"
#include "mosaic_io/catalog_file.hpp"
#include "mosaic_io/output_path.hpp"
#include "mpi_errors.hpp"
#include "study_flags.hpp"
#include "terminal_progress.hpp"

namespace mosaic::cli {
namespace {

using SweepArgs = study::SweepOptions;

void print_summary(const sweep::RunSummary& s, const std::string& store, int threads) {
  std::cout << s.total << " points: " << s.evaluated << " evaluated, " << s.already
            << " already in the store; " << s.seconds << " s ("
            << (s.seconds > 0 ? s.evaluated / s.seconds : 0.0) << " points/s) on " << threads
            << (threads == 1 ? " thread" : " threads");
  if (s.ranks > 1) std::cout << " x " << s.ranks << " MPI ranks";
  std::cout << "; store " << store << '\n';
}

// What a cluster sweep's points share: the bundled catalog and the MOSAIC design's figures,
// resolved before any point runs (and before the store is touched).
struct ClusterSweepInputs {
  std::optional<power::BaselineCatalog> catalog;
  std::optional<sweep::ClusterContext> context;

  ClusterSweepInputs(const sweep::SweepDefinition& def, int threads) {
    if (!def.cluster) return;
    catalog = io::load_baseline_catalog(io::default_catalog_path());
    context = sweep::prepare_cluster_sweep(def, *catalog, threads);
  }
  const sweep::ClusterContext* get() const { return context ? &*context : nullptr; }
};

int run_one_process(const SweepArgs& args) {
  args.validate();
  // Before anything is read or evaluated: a store path that is a directory, device or FIFO, or
  // the sweep file itself, is refused.
  io::check_output_path(args.store, "store", {args.sweep});
  const sweep::SweepDefinition def = sweep::load_sweep_file(args.sweep);
  const ClusterSweepInputs cluster(def, args.threads.value_or(0));
  sweep::Store store(args.store, def, args.resume, args.wait);
  TerminalProgress progress("sweep");
  sweep::RunOptions options;
  options.threads = args.threads.value_or(0);
  options.cluster = cluster.get();
  options.progress = &progress;
  const auto summary = sweep::run_sweep(def, store, options);
  progress.finish();
  print_summary(summary, args.store, resolve_threads(options.threads));
  return 0;
}

// Under mpirun every rank parses the sweep file (so a bad file fails everywhere before any point
// runs); only rank 0 opens the store and prints. No rank aborts the job: the ranks agree on the
// exit code, rank 0 alone reports the error (one line, as without MPI) and every rank finalizes.
int run_mpi(const SweepArgs& args) {
  if (!sweep::mpi_available())
    throw ConfigError("mpirun", "this build", "a build with MPI (it was configured without it)",
                      "run without mpirun, or rebuild with libopenmpi-dev installed");
  sweep::MpiWorld world(nullptr, nullptr);
  const bool root = world.rank() == 0;
  std::optional<sweep::SweepDefinition> def;
  std::optional<ClusterSweepInputs> cluster;
  std::unique_ptr<sweep::Store> store;
  std::exception_ptr error;
  try {
    args.validate();
    if (root) io::check_output_path(args.store, "store", {args.sweep});
    def.emplace(sweep::load_sweep_file(args.sweep));
    cluster.emplace(*def, args.threads.value_or(1));
    if (root) store = std::make_unique<sweep::Store>(args.store, *def, args.resume, args.wait);
  } catch (...) {
    error = std::current_exception();
  }
  // Every rank reaches this agreement, whatever failed where. Every rank reads the same files,
  // so rank 0 has the error to report whenever another rank has one.
  if (const int code = agreed_exit_code(world, error, "another MPI rank failed in the sweep"))
    return code;
  TerminalProgress progress("sweep");
  sweep::RunOptions options;
  options.threads = args.threads.value_or(1);
  options.progress = root ? &progress : nullptr;
  options.cluster = cluster->get();
  sweep::RunSummary summary;
  try {
    summary = sweep::run_sweep_mpi(world, *def, store.get(), options);
  } catch (...) {
    error = std::current_exception();
  }
  progress.finish();
  if (const int code = agreed_exit_code(world, error, "another MPI rank failed in the sweep"))
    return code;
  if (root) print_summary(summary, args.store, std::max(1, options.threads));
  return 0;
}

const RegisterCommand kSweep(60, [](CLI::App& parent) -> Runner {
  auto args = std::make_shared<SweepArgs>();
  auto* cmd = parent.add_subcommand(
      "sweep",
      std::string("Evaluate every point of a design sweep (axes over any design key, or over "
                  "cluster keys from a cluster base) into an "
                  "SQLite store, one committed row per point; resumable; `mpirun -np K mosaic "
                  "sweep ...` spreads the points over K ranks (") +
          (sweep::mpi_available() ? "MPI: available" : "MPI: not in this build") + ")");
  add_study_flags(*cmd, args);
  return [args] { return sweep::launched_by_mpi() ? run_mpi(*args) : run_one_process(*args); };
});

}  // namespace
}  // namespace mosaic::cli
