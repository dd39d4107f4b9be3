#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "mosaic/core/parallel.hpp"
#include "mosaic/sweep/runner.hpp"
#include "mosaic/sweep/sweep_point.hpp"

#ifdef MOSAIC_HAVE_MPI
#include <mpi.h>
#endif

namespace mosaic::sweep {

#ifndef MOSAIC_HAVE_MPI

bool mpi_available() {
  return false;
}
MpiWorld::MpiWorld(int*, char***) {}
MpiWorld::~MpiWorld() = default;
int MpiWorld::agree(int status) const {
  return status;
}
void MpiWorld::sum(std::vector<std::int64_t>&) const {}
RunSummary run_sweep_mpi(const MpiWorld&, const SweepDefinition& sweep, Store* store,
                         const RunOptions& options) {
  return run_sweep(sweep, *store, options);
}

#else

namespace {

constexpr int kTagResult = 1;  // worker -> rank 0: a row (or an empty first request)
constexpr int kTagAssign = 2;  // rank 0 -> worker: a point index, or -1 to stop
constexpr int kTagFailed = 3;  // worker -> rank 0: why it stopped (it asks for nothing more)

// Rows travel as bytes: the index, the time, each output as a presence byte and the double's own
// bytes, then the report's JSON text unescaped. A row stored from another rank is bit-identical to
// one evaluated locally, and the 100-300 KB report is copied once, not escaped and parsed.
template <class T>
void put(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

template <class T>
T take(const std::string& in, std::size_t& at) {
  if (at + sizeof(T) > in.size()) throw std::runtime_error("MPI row message cut short");
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return v;
}

std::string encode(const PointResult& r) {
  std::string out;
  out.reserve(32 + 9 * r.outputs.size() + r.report_json.size());
  put(out, static_cast<std::uint64_t>(r.index));
  put(out, r.eval_s);
  put(out, static_cast<std::uint64_t>(r.outputs.size()));
  for (const auto& o : r.outputs) {
    put(out, static_cast<char>(o.has_value()));
    put(out, o.value_or(0.0));
  }
  out += r.report_json;
  return out;
}

PointResult decode(const std::string& bytes) {
  std::size_t at = 0;
  PointResult r;
  r.index = static_cast<std::size_t>(take<std::uint64_t>(bytes, at));
  r.eval_s = take<double>(bytes, at);
  const auto n = take<std::uint64_t>(bytes, at);
  for (std::uint64_t k = 0; k < n; ++k) {
    const bool present = take<char>(bytes, at) != 0;
    const double v = take<double>(bytes, at);
    r.outputs.push_back(present ? std::optional<double>(v) : std::nullopt);
  }
  r.report_json = bytes.substr(at);
  return r;
}

void worker_loop(const SweepDefinition& sweep, int threads, const ClusterContext* cluster) {
  std::string message;  // empty: "give me work"
  for (;;) {
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, kTagResult,
             MPI_COMM_WORLD);
    long long index = -1;
    MPI_Recv(&index, 1, MPI_LONG_LONG, 0, kTagAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (index < 0) return;
    const auto i = static_cast<std::size_t>(index);
    try {
      message = encode(evaluate_sweep_point(sweep, i, threads, cluster));
    } catch (const std::exception& e) {
      // Rank 0 reports it (one line for the whole job) and stops handing out points.
      const std::string why = e.what();
      MPI_Send(why.data(), static_cast<int>(why.size()), MPI_CHAR, 0, kTagFailed, MPI_COMM_WORLD);
      throw;
    }
  }
}

RunSummary run_ranks(const MpiWorld& world, const SweepDefinition& sweep, Store* store,
                     const RunOptions& options);

}  // namespace

bool mpi_available() {
  return true;
}

MpiWorld::MpiWorld(int* argc, char*** argv) {
  int provided = 0;
  // Only the main thread calls MPI; rank 0's worker threads never do.
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiWorld::~MpiWorld() {
  MPI_Finalize();
}

int MpiWorld::agree(int status) const {
  int out = status;
  MPI_Allreduce(&status, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

void MpiWorld::sum(std::vector<std::int64_t>& counts) const {
  static_assert(sizeof(long long) == sizeof(std::int64_t));
  MPI_Allreduce(MPI_IN_PLACE, counts.data(), static_cast<int>(counts.size()), MPI_LONG_LONG,
                MPI_SUM, MPI_COMM_WORLD);
}

RunSummary run_sweep_mpi(const MpiWorld& world, const SweepDefinition& sweep, Store* store,
                         const RunOptions& options) {
  // No rank aborts the job: an error stops the hand-out of points, every rank is told to stop,
  // and the error is thrown on the rank that met it (rank 0 for a worker's, which it is sent),
  // so that the ranks can agree on the exit code and finalize (MPI_Abort's banner and its
  // killed ranks are for errors that leave no other way).
  return run_ranks(world, sweep, store, options);
}

namespace {

RunSummary run_ranks(const MpiWorld& world, const SweepDefinition& sweep, Store* store,
                     const RunOptions& options) {
  RunSummary s;
  s.ranks = world.size();
  s.total = sweep.grid.points.size();
  if (world.rank() != 0) {
    worker_loop(sweep, std::max(1, options.threads), options.cluster);
    return s;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::size_t> todo = store->missing();
  s.already = s.total - todo.size();

  // Point indices are handed out in order to whoever asks first: rank 0's own threads or a
  // remote rank. Which rank evaluates a point never changes its row.
  std::mutex mutex;
  std::size_t next = 0;
  std::deque<PointResult> finished;
  std::exception_ptr failure;  // the first error, rank 0's own or a worker's
  bool store_failed = false;   // the store refused a row: write no more
  auto take = [&]() -> long long {
    std::lock_guard lock(mutex);
    return next < todo.size() ? static_cast<long long>(todo[next++]) : -1;
  };
  auto fail = [&](std::exception_ptr e) {
    std::lock_guard lock(mutex);
    if (!failure) failure = std::move(e);
    next = todo.size();  // nothing more is handed out
  };
  const int local = std::max(1, options.threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < local; ++t)
    pool.emplace_back([&] {
      try {
        for (long long i; (i = take()) >= 0;) {
          PointResult r =
              evaluate_sweep_point(sweep, static_cast<std::size_t>(i), 1, options.cluster);
          std::lock_guard lock(mutex);
          finished.push_back(std::move(r));
        }
      } catch (...) {
        fail(std::current_exception());
      }
    });

  std::size_t written = 0;
  auto write = [&](const PointResult& r) {
    if (store_failed) return;
    try {
      store->insert(sweep, r);
    } catch (...) {
      store_failed = true;
      fail(std::current_exception());
      return;
    }
    ++written;
    if (options.progress) {
      const double el =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      options.progress->update(static_cast<double>(written) / todo.size(),
                               fmt::format("{}/{} points, {:.1f}/s, {} ranks", written + s.already,
                                           s.total, el > 0 ? written / el : 0.0, world.size()));
    }
  };
  int active_workers = world.size() - 1;
  std::string buffer;
  auto stopping = [&] {
    std::lock_guard lock(mutex);
    return failure != nullptr;
  };
  while (active_workers > 0 || (!stopping() && written < todo.size())) {
    bool busy = false;
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      busy = true;
      int bytes = 0;
      MPI_Get_count(&status, MPI_CHAR, &bytes);
      buffer.resize(static_cast<std::size_t>(bytes));
      MPI_Recv(buffer.data(), bytes, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      if (status.MPI_TAG == kTagFailed) {
        // The worker has stopped; its error becomes the job's.
        fail(std::make_exception_ptr(
            std::runtime_error(fmt::format("on MPI rank {}: {}", status.MPI_SOURCE, buffer))));
        --active_workers;
        continue;
      }
      if (!buffer.empty()) write(decode(buffer));
      long long index = take();
      MPI_Send(&index, 1, MPI_LONG_LONG, status.MPI_SOURCE, kTagAssign, MPI_COMM_WORLD);
      if (index < 0) --active_workers;
    }
    std::deque<PointResult> ready;
    {
      std::lock_guard lock(mutex);
      ready.swap(finished);
    }
    for (const auto& r : ready) write(r);
    busy = busy || !ready.empty();
    // Polling keeps rank 0's writer responsive without a thread of its own spinning on a core.
    if (!busy) std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  for (auto& t : pool) t.join();
  // Points rank 0's threads finished while the others were told to stop are kept too.
  for (const auto& r : finished) write(r);
  if (failure) std::rethrow_exception(failure);
  s.evaluated = written;
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

}  // namespace

#endif

}  // namespace mosaic::sweep
