#include "terminal_progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace mosaic::cli {

TerminalProgress::TerminalProgress(std::string label)
    : label_(std::move(label)),
      enabled_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void TerminalProgress::update(double fraction, std::string_view status) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  // Redrawing faster than a human can read only costs time in hot loops.
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100) && fraction < 1.0) return;
  last_draw_ = now;
  drawn_ = true;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar(filled, '#');
  bar.resize(kWidth, '.');
  char eta[32] = "--";
  if (fraction > 0.001) std::snprintf(eta, sizeof eta, "%.0fs", elapsed * (1.0 / fraction - 1.0));
  std::fprintf(stderr, "\r%s [%s] %3.0f%% %.*s, %s left   ", label_.c_str(), bar.c_str(),
               100.0 * fraction, static_cast<int>(status.size()), status.data(), eta);
  std::fflush(stderr);
}

void TerminalProgress::finish() {
  if (!enabled_ || !drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

}  // namespace mosaic::cli
