#pragma once

// Runs the mosaic CLI as a child process under the limits every hostile case must respect: a wall
// clock limit (the child is killed past it) and, outside sanitizer builds, an address-space limit,
// so that a runaway allocation fails fast instead of taking the machine. Peak memory is read from
// the kernel's accounting of the child either way.
#include <string>
#include <vector>

namespace mosaic::hostile {

struct CliLimits {
  double wall_s = 30.0;
  long address_space_mb = 3072;  // ignored under AddressSanitizer, which reserves terabytes
  long file_size_bytes = -1;     // RLIMIT_FSIZE: >= 0 makes writes past it fail like a full disk
};

struct CliRequest {
  std::string program;            // empty: the mosaic CLI (MOSAIC_CLI)
  std::vector<std::string> args;  // after the program name
  std::vector<std::string> env;   // extra NAME=VALUE entries
  std::string stdin_path = "/dev/null";
  std::string cwd;                       // empty: the test's own
  int uid = -1;                          // >= 0 (as root): run as this user and group id
  std::string stdout_path;               // empty: captured into CliOutcome::out
  double sigterm_after_s = -1.0;         // >= 0: send SIGTERM after this delay
  std::string sigterm_when_file_in_dir;  // with sigterm: wait until a ".tmp." file is here
  CliLimits limits;
};

struct CliOutcome {
  int exit_code = -1;  // -1 when ended by a signal
  int signal = 0;      // the signal that ended it, 0 when it exited
  bool timed_out = false;
  std::string out;
  std::string err;
  double wall_s = 0.0;
  double peak_rss_mb = 0.0;
};

CliOutcome run_cli(const CliRequest& request);

// The path of a fresh empty directory under the test temporary directory.
std::string fresh_dir(const std::string& name);
std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& text);

}  // namespace mosaic::hostile
