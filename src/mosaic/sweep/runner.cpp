#include "mosaic/sweep/runner.hpp"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>

#include "mosaic/core/parallel.hpp"
#include "mosaic/sweep/sweep_point.hpp"

namespace mosaic::sweep {

bool launched_by_mpi() {
  // Set by Open MPI, MPICH/Hydra and Slurm's PMI for every rank they start.
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(v)) return true;
  return false;
}

int launch_rank() {
  for (const char* v : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* text = std::getenv(v); text && *text) return std::atoi(text);
  return 0;
}

RunSummary run_sweep(const SweepDefinition& sweep, Store& store, const RunOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::size_t> todo = store.missing();
  RunSummary s;
  s.total = sweep.grid.points.size();
  s.already = s.total - todo.size();
  std::mutex writer;
  std::size_t done = 0;
  // Each point on one thread: points are independent, so this scales better than splitting the
  // channels of one point.
  parallel_for(todo.size(), options.threads, [&](std::size_t k) {
    const std::size_t i = todo[k];
    const PointResult r = evaluate_sweep_point(sweep, i, 1, options.cluster);
    std::lock_guard lock(writer);
    store.insert(sweep, r);
    ++done;
    if (options.progress) {
      const double el =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      options.progress->update(static_cast<double>(done) / todo.size(),
                               fmt::format("{}/{} points, {:.1f}/s", done + s.already, s.total,
                                           el > 0 ? done / el : 0.0));
    }
  });
  s.evaluated = done;
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

}  // namespace mosaic::sweep
