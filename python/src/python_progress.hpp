#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "mosaic/core/progress.hpp"

namespace mosaic::python {

// Thrown on the calling thread when a Python error is set (Ctrl-C seen, or the progress callback
// raised): it unwinds the library's work, and run_without_gil turns it back into that error.
struct PythonErrorSet {};

// The library's progress, forwarded to Python, and Ctrl-C looked for meanwhile. Python runs its
// signal handlers and may be called only with the GIL, which a long run releases; so every
// update() records the furthest fraction reached (under a mutex: workers call it too), and only
// the thread that started the run takes the GIL back, looks for Ctrl-C and hands the latest
// figure to `callback`. Worker threads never touch Python. Fractions handed over never decrease.
//
// `callback` is None or mosaic._progress.Progress (begin(steps) and __call__(fraction, message));
// the object is made, used and destroyed on the calling thread.
class PythonProgress final : public Progress {
 public:
  explicit PythonProgress(pybind11::object callback);

  // Before the work, with the GIL held: how many steps it has (0 = unknown). An exception of
  // the callback's is raised from here, as from complete().
  void begin(std::size_t steps);
  void update(double fraction, std::string_view status) override;
  // After the work, with the GIL held: the last call, at 1.0, with `status`, or with the last
  // status heard when it is empty.
  void complete(std::string_view status = {});

 private:
  void forward(double fraction, const std::string& status);  // GIL held; may throw Python's error

  pybind11::object callback_;
  std::thread::id caller_ = std::this_thread::get_id();
  std::mutex mutex_;  // guards furthest_ and status_
  double furthest_ = 0.0;
  std::string status_;
  double sent_ = -1.0;  // the last fraction handed to Python (calling thread only)
  std::chrono::steady_clock::time_point sent_at_{};
};

// A stage of a longer run as a sub-range [low, high] of `parent`'s fractions (simulate's physics,
// then its Monte Carlo).
class ProgressStage final : public Progress {
 public:
  ProgressStage(Progress& parent, double low, double high)
      : parent_(parent), low_(low), high_(high) {}
  void update(double fraction, std::string_view status) override {
    parent_.update(low_ + fraction * (high_ - low_), status);
  }

 private:
  Progress& parent_;
  double low_, high_;
};

// Runs `work` without the GIL; a Python error set meanwhile (PythonErrorSet) is raised again in
// Python once the GIL is back.
template <class Work>
auto run_without_gil(Work&& work) {
  try {
    pybind11::gil_scoped_release release;
    return work();
  } catch (const PythonErrorSet&) {
    throw pybind11::error_already_set();
  }
}

}  // namespace mosaic::python
