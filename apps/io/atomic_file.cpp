#include "mosaic_io/atomic_file.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <thread>

#include "mosaic/core/error.hpp"

namespace mosaic::io {
namespace {

// Temporaries the signal handler must remove. Plain arrays and atomics only: a handler may not
// allocate or take locks.
constexpr int kSlots = 64;
constexpr std::size_t kPathBytes = 4096;
char g_temp_paths[kSlots][kPathBytes];
std::atomic<bool> g_slot_used[kSlots];

// Outputs are opened and committed by the main thread only; the handler just reads the slots.
int claim_slot(const std::string& temp) {
  if (temp.size() >= kPathBytes) return -1;
  for (int i = 0; i < kSlots; ++i) {
    if (g_slot_used[i].load()) continue;
    std::memcpy(g_temp_paths[i], temp.c_str(), temp.size() + 1);
    g_slot_used[i].store(true);  // published only once the path is complete
    return i;
  }
  return -1;
}

void release_slot(int slot) {
  if (slot >= 0) g_slot_used[slot].store(false);
}

extern "C" void remove_temporaries_and_die(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (g_slot_used[i].load()) ::unlink(g_temp_paths[i]);
  // Die of the same signal, so the parent sees how the run ended.
  std::signal(sig, SIG_DFL);
  ::raise(sig);
}

std::string describe(int error) {
  return error ? std::strerror(error) : "unknown error";
}

}  // namespace

AtomicFile::AtomicFile(std::string path, std::string field)
    : path_(std::move(path)), field_(std::move(field)) {
  namespace fs = std::filesystem;
  if (path_.empty()) throw ConfigError(field_, "\"\"", "a file path (an empty path names no file)");
  // Through a symbolic link the file replaced is the link's target: the link stays.
  std::error_code link_ec;
  target_ = path_;
  if (fs::is_symlink(path_, link_ec))
    if (const fs::path resolved = fs::weakly_canonical(path_, link_ec); !link_ec)
      target_ = resolved.string();
  // Only a regular file is replaced: renaming over /dev/null (as root) would replace the device
  // node, over a FIFO the pipe, and a directory cannot be renamed over at all.
  struct stat existing {};
  if (::stat(target_.c_str(), &existing) == 0) {
    if (S_ISDIR(existing.st_mode))
      throw ConfigError(field_, "\"" + path_ + "\"", "a file path (it is a directory)");
    if (!S_ISREG(existing.st_mode))
      throw ConfigError(field_, "\"" + path_ + "\"",
                        "a regular file or a new path (not a device, FIFO or socket)");
  }
  const fs::path target(target_);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string name = ".";  // hidden, and named after its target for whoever finds it
  name.append(target.filename().string()).append(".tmp.XXXXXX");
  std::string pattern = (dir / name).string();
  // A path whose folder does not exist, or is not a folder, is bad input (exit 2), not an output
  // failure: nothing has been attempted yet.
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw ConfigError(field_, "\"" + path_ + "\"", "a file path in an existing directory");
  // The fatal signals wait while the temporary is created and registered: one landing between the
  // two would leave a temporary the handler does not know of.
  sigset_t fatal, previous;
  sigemptyset(&fatal);
  for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGPIPE}) sigaddset(&fatal, sig);
  pthread_sigmask(SIG_BLOCK, &fatal, &previous);
  const int fd = ::mkstemp(pattern.data());
  const int create_error = errno;
  if (fd >= 0) {
    temp_ = pattern;
    slot_ = claim_slot(temp_);
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (fd < 0) fail("cannot create a temporary file beside it", create_error);
  // mkstemp makes 0600; the output gets the mode any newly created file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  file_ = ::fdopen(fd, "w");
  if (!file_) {
    const int e = errno;
    ::close(fd);
    discard();
    fail("cannot open the temporary file", e);
  }
}

AtomicFile::~AtomicFile() {
  discard();
}

void AtomicFile::discard() {
  if (file_) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (!temp_.empty()) {
    ::unlink(temp_.c_str());
    temp_.clear();
  }
  release_slot(slot_);
  slot_ = -1;
}

void AtomicFile::fail(const std::string& what, int error) {
  discard();
  throw OutputError("cannot write '" + field_ + "' file \"" + path_ + "\": " + what + " (" +
                    describe(error) + "); the previous file, if any, is unchanged");
}

void AtomicFile::write(std::string_view text) {
  if (!file_) fail("file already closed", 0);
  if (text.empty()) return;
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) fail("write failed", errno);
}

void AtomicFile::commit() {
  if (!file_) fail("file already closed", 0);
  errno = 0;
  if (std::fflush(file_) != 0) fail("write failed", errno);
  if (::fsync(::fileno(file_)) != 0 && errno != EINVAL && errno != EROFS)
    fail("write failed", errno);
  std::FILE* f = file_;
  file_ = nullptr;
  errno = 0;
  if (std::fclose(f) != 0) fail("close failed", errno);
  // Lets tests interrupt a run between a complete temporary and its rename, deterministically.
  if (const char* ms = std::getenv("MOSAIC_DEBUG_COMMIT_DELAY_MS"); ms && *ms)
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(ms)));
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail("rename failed", errno);
  temp_.clear();
  release_slot(slot_);
  slot_ = -1;
}

void install_output_signal_handlers() {
  for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGPIPE}) {
    struct sigaction action {};
    action.sa_handler = remove_temporaries_and_die;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    ::sigaction(sig, &action, nullptr);
  }
}

bool flush_stdout(std::string& error) {
  std::cout.flush();
  errno = 0;
  const bool ok = std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout);
  // The failing write may have happened long before this flush, its errno long overwritten.
  if (!ok) error = errno ? std::strerror(errno) : "a write failed (device full, closed or faulty)";
  return ok;
}

}  // namespace mosaic::io
