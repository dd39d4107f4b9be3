#pragma once

#include <stdexcept>
#include <string>

namespace mosaic::cable {

// The OS refused an interface or socket the cable needs (e.g. TAP creation without
// CAP_NET_ADMIN). The message is one line for the user.
class CableSystemError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A Linux TAP interface (Ethernet frames, no packet-info header), opened non-blocking. It is
// created when absent and brought up; it may then be moved to another network namespace, the
// descriptor keeps working.
class TapDevice {
 public:
  // Throws ConfigError (naming `option`) for a name the kernel cannot take, CableSystemError
  // when the kernel refuses.
  TapDevice(const std::string& name, const std::string& option);
  ~TapDevice();
  TapDevice(const TapDevice&) = delete;
  TapDevice& operator=(const TapDevice&) = delete;

  // Frames the kernel queues towards the cable while it processes a marker period.
  static constexpr int kTxQueueFrames = 16384;

  int fd() const { return fd_; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  int fd_ = -1;
};

}  // namespace mosaic::cable
