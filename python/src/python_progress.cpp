#include "python_progress.hpp"

#include <algorithm>
#include <utility>

namespace py = pybind11;

namespace mosaic::python {
namespace {

// A notebook widget redrawn for every channel of a 460-channel design would cost more than the
// channels: at most this often, the first and last calls aside.
constexpr std::chrono::milliseconds kForwardInterval{50};

}  // namespace

PythonProgress::PythonProgress(py::object callback) : callback_(std::move(callback)) {}

void PythonProgress::begin(std::size_t steps) {
  if (!callback_.is_none()) callback_.attr("begin")(steps);
}

void PythonProgress::update(double fraction, std::string_view status) {
  {
    const std::lock_guard lock(mutex_);
    // Workers finish out of order: keep the furthest figure and the line that came with it.
    if (fraction >= furthest_) {
      furthest_ = std::clamp(fraction, 0.0, 1.0);
      status_ = status;
    }
  }
  if (std::this_thread::get_id() != caller_) return;
  const py::gil_scoped_acquire hold;
  if (PyErr_CheckSignals() != 0) throw PythonErrorSet{};
  double f = 0.0;
  std::string line;
  {
    const std::lock_guard lock(mutex_);
    f = furthest_;
    line = status_;
  }
  if (f <= sent_) return;
  if (sent_ >= 0.0 && std::chrono::steady_clock::now() - sent_at_ < kForwardInterval) return;
  try {
    forward(f, line);
  } catch (py::error_already_set& e) {
    // Set again as Python's current error; the work unwinds and run_without_gil raises it.
    e.restore();
    throw PythonErrorSet{};
  }
}

void PythonProgress::complete(std::string_view status) {
  if (sent_ >= 1.0) return;
  std::string line(status);
  if (line.empty()) {
    const std::lock_guard lock(mutex_);
    line = status_.empty() ? std::string("done") : status_;
  }
  forward(1.0, line);
}

void PythonProgress::forward(double fraction, const std::string& status) {
  sent_ = fraction;
  sent_at_ = std::chrono::steady_clock::now();
  if (!callback_.is_none()) callback_(fraction, status);
}

}  // namespace mosaic::python
