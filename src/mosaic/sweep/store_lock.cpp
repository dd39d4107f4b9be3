#include "mosaic/sweep/store_lock.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <thread>

#include "mosaic/core/error.hpp"

namespace mosaic::sweep {
namespace {

std::string quoted(const std::string& path) {
  return "\"" + path + "\"";
}

// The holder's own description from the store's meta table; empty when it has not written one
// yet (it is creating the store) or the store cannot be read.
std::string recorded_holder(const std::string& path) {
  sqlite3* db = nullptr;
  std::string out;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_busy_timeout(db, 2000);
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'writer'", -1, &st, nullptr) ==
            SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      if (const auto* t = sqlite3_column_text(st, 0)) out = reinterpret_cast<const char*>(t);
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return out;
}

}  // namespace

std::string describe_this_writer() {
  char host[256] = "?";
  if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "?");
  host[sizeof host - 1] = '\0';
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return "pid " + std::to_string(::getpid()) + " on host " + host + " since " + when;
}

StoreLock::StoreLock(const std::string& path, bool wait) {
  if (path.empty()) throw ConfigError("store", "\"\"", "a file path for the store");
  // stat() before open(): a device must never be opened (some act on open), a FIFO would block.
  struct stat st {};
  const bool existed = ::stat(path.c_str(), &st) == 0;
  if (existed && S_ISDIR(st.st_mode))
    throw ConfigError("store", quoted(path), "a file path for the store (it is a directory)");
  if (existed && !S_ISREG(st.st_mode))
    throw ConfigError("store", quoted(path),
                      "a regular file or a new path (not a device, FIFO or socket)");
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0666);
  if (fd_ < 0)
    throw ConfigError("store", quoted(path), "a writable SQLite file", std::strerror(errno));
  created_ = !existed;
  struct stat opened {};
  if (::fstat(fd_, &opened) != 0 || !S_ISREG(opened.st_mode)) {
    ::close(fd_);
    throw ConfigError("store", quoted(path), "a regular file");
  }
  for (;;) {
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) break;
    if (errno == EINTR) continue;
    if (errno != EWOULDBLOCK) {
      const int e = errno;
      ::close(fd_);
      throw ConfigError("store", quoted(path), "a file that can be locked", std::strerror(e));
    }
    if (!wait) {
      const std::string holder = recorded_holder(path);
      ::close(fd_);
      throw ConfigError("store", quoted(path),
                        "a store no other sweep is writing (it is being written by " +
                            (holder.empty() ? std::string("another process") : holder) + ")",
                        "use another store, or the sweep option wait to wait until it is free");
    }
    // Polled rather than blocking, so that a signal ends the wait at once.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  struct stat locked {};
  size_ = ::fstat(fd_, &locked) == 0 ? static_cast<long long>(locked.st_size) : 0;
}

StoreLock::~StoreLock() {
  // Closing the descriptor releases the lock; SQLite's own connection is closed before this.
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace mosaic::sweep
