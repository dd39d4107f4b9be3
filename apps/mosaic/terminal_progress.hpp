#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "mosaic/core/progress.hpp"

namespace mosaic::cli {

// Draws a one-line progress bar on stderr when it is a terminal; silent otherwise.
class TerminalProgress final : public Progress {
 public:
  explicit TerminalProgress(std::string label);
  void update(double fraction, std::string_view status) override;
  void finish() override;

 private:
  std::string label_;
  bool enabled_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  bool drawn_ = false;
};

}  // namespace mosaic::cli
