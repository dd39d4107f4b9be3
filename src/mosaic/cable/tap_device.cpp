#include "mosaic/cable/tap_device.hpp"

#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "mosaic/core/error.hpp"

namespace mosaic::cable {

TapDevice::TapDevice(const std::string& name, const std::string& option) : name_(name) {
  if (name.empty() || name.size() >= IFNAMSIZ || name.find_first_of("/ \t:") != std::string::npos)
    throw ConfigError(option, "\"" + name + "\"",
                      "1.." + std::to_string(IFNAMSIZ - 1) + " characters, no '/', ':' or space");
  fd_ = ::open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) {
    const int e = errno;
    throw CableSystemError("cannot open /dev/net/tun for TAP interface '" + name +
                           "': " + std::strerror(e) +
                           (e == EPERM || e == EACCES ? " (needs root or CAP_NET_ADMIN)" : ""));
  }
  ifreq ifr{};
  // With a virtio-net header before each packet, so that the kernel can hand over TCP segments
  // with their checksums to complete (tap_offload.hpp).
  ifr.ifr_flags = IFF_TAP | IFF_NO_PI | IFF_VNET_HDR;
  std::memcpy(ifr.ifr_name, name.c_str(), name.size());
  if (::ioctl(fd_, TUNSETIFF, &ifr) < 0) {
    const int e = errno;
    ::close(fd_);
    fd_ = -1;
    std::string msg = "cannot create TAP interface '" + name + "': " + std::strerror(e);
    if (e == EPERM || e == EACCES) msg += " (needs root or CAP_NET_ADMIN)";
    if (e == EBUSY) msg += " (another process holds it)";
    throw CableSystemError(msg);
  }
  // Checksum offload and TSO over IPv4 and IPv6: the kernel then sends whole TCP segments of up
  // to 64 KiB, which the cable cuts into frames. Without them (an old kernel), plain frames.
  ::ioctl(fd_, TUNSETOFFLOAD, TUN_F_CSUM | TUN_F_TSO4 | TUN_F_TSO6 | TUN_F_TSO_ECN);
  // Up, so that the cable works in the current namespace without iproute2; moving the interface
  // to another namespace takes it down again there. The emulator takes milliseconds per marker
  // period, during which the kernel's TAP ring must hold what a TCP sender bursts: a full ring
  // drops frames (TCP retransmissions that have nothing to do with the link), so it is made deep.
  const int sock = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (sock >= 0) {
    ifreq qlen = ifr;
    qlen.ifr_qlen = kTxQueueFrames;
    ::ioctl(sock, SIOCSIFTXQLEN, &qlen);
    if (::ioctl(sock, SIOCGIFFLAGS, &ifr) == 0) {
      ifr.ifr_flags |= IFF_UP;
      ::ioctl(sock, SIOCSIFFLAGS, &ifr);
    }
    ::close(sock);
  }
}

TapDevice::~TapDevice() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace mosaic::cable
