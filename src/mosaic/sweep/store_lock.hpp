#pragma once

#include <string>

namespace mosaic::sweep {

// The one writer of a store. A store is written by one process at a time: two sweeps resuming the
// same store would evaluate the same points and the second insert of a point would fail (or,
// without its key, be kept twice). The writer holds an exclusive lock (flock) on the store file
// itself for as long as it has the store open, so that the lock lives and dies with the writer's
// process (a killed writer leaves no stale lock) and no companion file is needed. Readers (the
// pareto study, the sweep page, Python's open_store) take no lock: SQLite's write-ahead log lets
// them read while the writer writes.
class StoreLock {
 public:
  // Opens the store file at `path` (creating it, empty, when absent) and takes the lock. Refuses
  // a path that is not a regular file (a directory, device, FIFO or socket: stat() first, so that
  // no device is ever opened) with ConfigError naming `store`. When another process holds the lock
  // it throws ConfigError naming the holder (`holder`'s text, see describe_holder), or with `wait`
  // blocks until the lock is free.
  StoreLock(const std::string& path, bool wait);
  ~StoreLock();
  StoreLock(const StoreLock&) = delete;
  StoreLock& operator=(const StoreLock&) = delete;

  // Whether the file was made by this lock (so a store refused while being made can be removed).
  bool created() const { return created_; }
  // Bytes in the file when it was locked (0: a new or empty file).
  long long size_when_locked() const { return size_; }

 private:
  int fd_ = -1;
  bool created_ = false;
  long long size_ = 0;
};

// What a writer records about itself in the store's `meta` table (key `writer`) once it holds
// the lock, and removes when it closes the store, so that a refused writer can say who holds it:
// "pid 1234 on host h since 2025-01-01T12:00:00Z".
std::string describe_this_writer();

}  // namespace mosaic::sweep
