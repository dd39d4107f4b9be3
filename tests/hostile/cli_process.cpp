#include "cli_process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#if defined(__SANITIZE_ADDRESS__)
#define MOSAIC_HOSTILE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MOSAIC_HOSTILE_ASAN 1
#endif
#endif

namespace mosaic::hostile {
namespace {

bool has_temporary(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return false;
  bool found = false;
  while (const dirent* e = ::readdir(d))
    if (std::strstr(e->d_name, ".tmp.")) found = true;
  ::closedir(d);
  return found;
}

}  // namespace

std::string fresh_dir(const std::string& name) {
  const std::string dir =
      testing::TempDir() + "mosaic_hostile_" + std::to_string(::getpid()) + "_" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

CliOutcome run_cli(const CliRequest& request) {
  const std::string dir = fresh_dir("io");
  const std::string out_path = request.stdout_path.empty() ? dir + "/out" : request.stdout_path;
  const std::string err_path = dir + "/err";
  std::vector<std::string> argv_text = {request.program.empty() ? MOSAIC_CLI : request.program};
  argv_text.insert(argv_text.end(), request.args.begin(), request.args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int in = ::open(request.stdin_path.c_str(), O_RDONLY);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(127);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    rlimit core{0, 0};
    ::setrlimit(RLIMIT_CORE, &core);
#ifndef MOSAIC_HOSTILE_ASAN
    const rlim_t as = static_cast<rlim_t>(request.limits.address_space_mb) << 20;
    rlimit address_space{as, as};
    ::setrlimit(RLIMIT_AS, &address_space);
#endif
    if (request.limits.file_size_bytes >= 0) {
      // A write past the limit then fails with EFBIG, as on a full disk, instead of a signal.
      std::signal(SIGXFSZ, SIG_IGN);
      const rlim_t fs = static_cast<rlim_t>(request.limits.file_size_bytes);
      rlimit file_size{fs, fs};
      ::setrlimit(RLIMIT_FSIZE, &file_size);
    }
    for (const auto& e : request.env) ::putenv(const_cast<char*>(e.c_str()));
    if (!request.cwd.empty() && ::chdir(request.cwd.c_str()) != 0) ::_exit(127);
    if (request.uid >= 0 &&
        (::setgroups(0, nullptr) != 0 || ::setgid(request.uid) != 0 || ::setuid(request.uid) != 0))
      ::_exit(127);
    // Its own process group, so that a case's own children (MPI ranks) go with it.
    ::setpgid(0, 0);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }

  CliOutcome r;
  int status = 0;
  rusage usage{};
  bool term_sent = false;
  for (;;) {
    const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!term_sent && request.sigterm_after_s >= 0.0 && elapsed >= request.sigterm_after_s &&
        (request.sigterm_when_file_in_dir.empty() ||
         has_temporary(request.sigterm_when_file_in_dir))) {
      ::kill(pid, SIGTERM);
      term_sent = true;
    }
    if (elapsed > request.limits.wall_s) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      r.timed_out = true;
      ::wait4(pid, &status, 0, &usage);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.peak_rss_mb = usage.ru_maxrss / 1024.0;  // kilobytes on Linux
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  if (request.stdout_path.empty()) r.out = read_file(out_path);
  r.err = read_file(err_path);
  std::filesystem::remove_all(dir);
  return r;
}

}  // namespace mosaic::hostile
