#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

namespace mosaic::cable {

// The cable's control socket (a Unix stream socket, one request line in, one reply line out) as
// a server that no client can stall: every client has its own input and output buffers, the
// sockets never block (a client that sends and never reads fills its own output buffer, is
// dropped past a limit, and holds up nobody), idle clients are dropped, the number of clients is
// bounded, and serve() returns within its poll interval of `stop` being set, so SIGTERM ends the
// daemon within a second whatever the clients do.
class ControlServer {
 public:
  struct Limits {
    std::size_t max_clients = 16;            // more are answered "error: ..." and closed
    std::size_t max_request_bytes = 4096;    // a longer line is refused and the client closed
    std::size_t max_output_bytes = 1 << 20;  // replies waiting for a client that does not read
    int idle_timeout_ms = 60000;             // no request and no reply read for this long
    int poll_ms = 100;                       // how soon `stop` is seen
  };

  // Listens on `path`. A socket left by an earlier run (nobody accepts on it) is replaced; a path
  // another process listens on, or one that is no socket, is refused with ConfigError naming
  // `stats_socket`: the daemon never takes over someone else's live socket. CableSystemError
  // when the system refuses the socket.
  explicit ControlServer(std::string path);
  ControlServer(std::string path, Limits limits);
  ~ControlServer();  // closes every client and removes the socket (if it is still this one)
  ControlServer(const ControlServer&) = delete;
  ControlServer& operator=(const ControlServer&) = delete;

  // Answers requests with `handle` (one line in, without its newline; one line out) until
  // `stop` is set.
  void serve(const std::atomic<bool>& stop,
             const std::function<std::string(const std::string&)>& handle);

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  Limits limits_;
  int listen_fd_ = -1;
  unsigned long long inode_ = 0;  // of the socket bound, so that only it is removed
};

}  // namespace mosaic::cable
