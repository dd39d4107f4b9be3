#include "mosaic/cable/control_server.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

#include "mosaic/cable/tap_device.hpp"
#include "mosaic/core/error.hpp"

namespace mosaic::cable {
namespace {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

sockaddr_un address_of(const std::string& path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.empty() || path.size() >= sizeof(addr.sun_path))
    throw ConfigError("stats_socket", "\"" + path + "\"",
                      "a path of 1 to " + std::to_string(sizeof(addr.sun_path) - 1) + " bytes");
  std::memcpy(addr.sun_path, path.c_str(), path.size());
  return addr;
}

// Whether a process accepts connections on the socket at `addr` (a connect() that succeeds, or
// finds its backlog full); false for a socket nobody listens on any more.
bool someone_listens(const sockaddr_un& addr) {
  const int probe = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (probe < 0) return false;
  const int rc = ::connect(probe, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
  const int e = errno;
  ::close(probe);
  return rc == 0 || e == EAGAIN || e == EINPROGRESS;
}

struct Client {
  int fd = -1;
  std::string in;
  std::string out;
  std::int64_t last_active_ms = 0;
  bool closing = false;  // close once `out` has gone (a refused request, or the client's EOF)
};

// Sends what the socket takes now; false when the client has gone.
bool flush(Client& c) {
  while (!c.out.empty()) {
    const ssize_t n = ::send(c.fd, c.out.data(), c.out.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      c.out.erase(0, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
  return true;
}

}  // namespace

ControlServer::ControlServer(std::string path) : ControlServer(std::move(path), Limits{}) {}

ControlServer::ControlServer(std::string path, Limits limits)
    : path_(std::move(path)), limits_(limits) {
  const sockaddr_un addr = address_of(path_);
  struct stat st {};
  if (::lstat(path_.c_str(), &st) == 0) {
    if (!S_ISSOCK(st.st_mode))
      throw ConfigError("stats_socket", "\"" + path_ + "\"",
                        "a new path, or a socket left by an earlier run (it is another kind of "
                        "file)");
    if (someone_listens(addr))
      throw ConfigError("stats_socket", "\"" + path_ + "\"",
                        "a path no other process listens on (a live socket is never taken over)",
                        "stop the process that serves it, or choose another path");
    ::unlink(path_.c_str());  // left by an earlier run that ended without removing it
  }
  listen_fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (listen_fd_ < 0 ||
      ::bind(listen_fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) < 0 ||
      ::listen(listen_fd_, 16) < 0) {
    const int e = errno;
    if (listen_fd_ >= 0) ::close(listen_fd_);
    listen_fd_ = -1;
    throw CableSystemError("cannot listen on stats socket '" + path_ + "': " + std::strerror(e));
  }
  struct stat bound {};
  if (::stat(path_.c_str(), &bound) == 0) inode_ = bound.st_ino;
}

ControlServer::~ControlServer() {
  if (listen_fd_ < 0) return;
  ::close(listen_fd_);
  // Removed only while it is still the socket this server made (not a later daemon's).
  struct stat st {};
  if (::lstat(path_.c_str(), &st) == 0 && S_ISSOCK(st.st_mode) && st.st_ino == inode_)
    ::unlink(path_.c_str());
}

void ControlServer::serve(const std::atomic<bool>& stop,
                          const std::function<std::string(const std::string&)>& handle) {
  std::vector<Client> clients;
  std::vector<pollfd> fds;
  while (!stop.load(std::memory_order_relaxed)) {
    fds.assign(1, pollfd{listen_fd_, POLLIN, 0});
    for (const auto& c : clients) {
      short events = 0;
      if (!c.closing) events |= POLLIN;
      if (!c.out.empty()) events |= POLLOUT;
      fds.push_back({c.fd, events, 0});
    }
    const int ready = ::poll(fds.data(), fds.size(), limits_.poll_ms);
    const std::int64_t now = now_ms();
    if (ready > 0 && (fds[0].revents & POLLIN)) {
      for (int fd;
           (fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK)) >= 0;) {
        if (clients.size() >= limits_.max_clients) {
          static constexpr char kBusy[] = "error: too many control clients; try again later\n";
          (void)!::send(fd, kBusy, sizeof kBusy - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
          ::close(fd);
          continue;
        }
        clients.push_back({fd, {}, {}, now, false});
      }
    }
    for (std::size_t i = 1; ready > 0 && i < fds.size(); ++i) {
      Client& c = clients[i - 1];
      const short ev = fds[i].revents;
      if (!ev) continue;
      if (ev & POLLIN) {
        char buf[4096];
        const ssize_t got = ::recv(c.fd, buf, sizeof buf, MSG_DONTWAIT);
        if (got == 0) {
          c.closing = true;  // the client is done sending; what it asked is still answered
        } else if (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
          c.out.clear();
          c.closing = true;
        } else if (got > 0) {
          c.last_active_ms = now;
          c.in.append(buf, static_cast<std::size_t>(got));
          for (std::size_t eol; !c.closing && (eol = c.in.find('\n')) != std::string::npos;) {
            std::string line = c.in.substr(0, eol);
            c.in.erase(0, eol + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            c.out += handle(line) + "\n";
          }
          if (c.in.size() > limits_.max_request_bytes) {
            c.out += "error: a request is at most " + std::to_string(limits_.max_request_bytes) +
                     " bytes\n";
            c.in.clear();
            c.closing = true;
          }
        }
      } else if (ev & (POLLHUP | POLLERR | POLLNVAL)) {
        c.out.clear();
        c.closing = true;
      }
      if (!c.out.empty()) {
        const std::size_t before = c.out.size();
        if (!flush(c)) {
          c.out.clear();
          c.closing = true;
        } else if (c.out.size() < before) {
          c.last_active_ms = now;
        }
      }
    }
    for (auto& c : clients) {
      // A client that asks and never reads holds its own replies only, up to a limit; one that
      // does nothing at all is let go.
      const bool stalled = c.out.size() > limits_.max_output_bytes;
      const bool idle = now - c.last_active_ms > limits_.idle_timeout_ms;
      if ((c.closing && c.out.empty()) || stalled || idle) {
        ::close(c.fd);
        c.fd = -1;
      }
    }
    std::erase_if(clients, [](const Client& c) { return c.fd < 0; });
  }
  for (const auto& c : clients) ::close(c.fd);
}

}  // namespace mosaic::cable
