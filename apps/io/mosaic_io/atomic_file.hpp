#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

#include "mosaic/core/error.hpp"

namespace mosaic::io {

// A file that appears complete or not at all. Text goes to a temporary file in the target's own
// directory (so the final rename cannot cross file systems); commit() flushes it to disk, checks
// every write and the close, then renames it over the target. Until then the previous file is
// untouched. A file destroyed without commit(), or a process ended by SIGTERM, SIGINT, SIGHUP or
// SIGPIPE while it is open, leaves no temporary behind (install_output_signal_handlers()).
class AtomicFile {
 public:
  // `field` names the option the path came from, for error messages. Throws ConfigError for a
  // path that is no regular file or new path (a directory, device, FIFO), OutputError when the
  // temporary cannot be made.
  AtomicFile(std::string path, std::string field);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  void write(std::string_view text);
  void commit();
  const std::string& path() const { return path_; }

 private:
  [[noreturn]] void fail(const std::string& what, int error);
  void discard();

  std::string path_;
  std::string target_;  // the file replaced: path_, or the target of the link path_ names
  std::string field_;
  std::string temp_;
  std::FILE* file_ = nullptr;
  int slot_ = -1;  // index in the signal handler's list of temporaries
};

// An output that could not be written (disk full, permission, I/O error): exit code 1.
using OutputError = mosaic::OutputError;

// Makes fatal signals remove open temporaries before the process dies with the signal's status.
void install_output_signal_handlers();

// Flushes stdout and reports whether everything written to it arrived (false on e.g. a full disk
// or a closed pipe); `error` receives the reason.
bool flush_stdout(std::string& error);

}  // namespace mosaic::io
