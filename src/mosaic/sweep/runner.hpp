#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mosaic/core/progress.hpp"
#include "mosaic/sweep/store.hpp"
#include "mosaic/sweep/sweep_file.hpp"

namespace mosaic::sweep {

struct ClusterContext;

struct RunOptions {
  int threads = 0;  // design points evaluated at once on this process (0 = all cores)
  Progress* progress = nullptr;
  const ClusterContext* cluster = nullptr;  // a cluster sweep's (prepare_cluster_sweep)
};

struct RunSummary {
  std::size_t total = 0;      // points of the sweep
  std::size_t already = 0;    // found in the store (resume)
  std::size_t evaluated = 0;  // evaluated by this run
  double seconds = 0.0;
  int ranks = 1;
};

// Evaluates every point missing from the store, `threads` points at a time, and commits each as
// it completes. Rows do not depend on the thread count (timing aside).
RunSummary run_sweep(const SweepDefinition& sweep, Store& store, const RunOptions& options);

// Whether this process was started by an MPI launcher (mpirun / mpiexec), and whether this build
// can take part. A build without MPI runs every rank as an independent one-process sweep, so the
// CLI refuses that combination.
bool launched_by_mpi();
bool mpi_available();
// This process's rank as the launcher numbers it (0 when not launched by one), known before MPI
// starts, so that an error met while reading the command line is reported by rank 0 alone.
int launch_rank();

// One MPI world for the lifetime of the object (MPI_Init_thread / MPI_Finalize).
class MpiWorld {
 public:
  MpiWorld(int* argc, char*** argv);
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Every rank passes its own status; all get the largest (e.g. rank 0 could not open the store).
  int agree(int status) const;
  // Every rank passes its own counts; all get the element-wise sums (exact: integers).
  void sum(std::vector<std::int64_t>& counts) const;

 private:
  int rank_ = 0;
  int size_ = 1;
};

// The same over the ranks of `world`, with dynamic load balancing: rank 0 owns the store (the one
// writer) and hands point indices to whichever rank asks, evaluating points itself on `threads`
// worker threads meanwhile; other ranks evaluate one point at a time on `threads` threads and
// send back the row. `store` is used on rank 0 only (nullptr elsewhere). The store equals a
// one-process run's, row for row, timing aside.
RunSummary run_sweep_mpi(const MpiWorld& world, const SweepDefinition& sweep, Store* store,
                         const RunOptions& options);

}  // namespace mosaic::sweep
