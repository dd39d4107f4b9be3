#pragma once

#include <string_view>

namespace mosaic {

// The one interface through which long work reports progress. The library calls it; the CLI draws
// a bar on a terminal and stays quiet when piped; Python can forward it to a notebook widget.
// Implementations must be thread-safe: parallel loops call update() from worker threads.
class Progress {
 public:
  virtual ~Progress() = default;
  // fraction in [0, 1]; status is a short human-readable line such as "1.2e9 bits, 14 errors".
  virtual void update(double fraction, std::string_view status) = 0;
  virtual void finish() {}
};

class NullProgress final : public Progress {
 public:
  void update(double, std::string_view) override {}
};

}  // namespace mosaic
