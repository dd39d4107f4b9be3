#include "mosaic/cable/tap_offload.hpp"

#include <algorithm>
#include <cstring>

namespace mosaic::cable {
namespace {

constexpr std::size_t kEthernetBytes = 14;
constexpr std::uint16_t kEtherIpv4 = 0x0800, kEtherIpv6 = 0x86DD;
constexpr std::uint8_t kProtoTcp = 6;
constexpr std::uint8_t kTcpFin = 0x01, kTcpPsh = 0x08, kTcpAck = 0x10, kTcpCwr = 0x80;

std::uint16_t load_be16(const std::uint8_t* p) {
  return std::uint16_t(p[0] << 8 | p[1]);
}
std::uint32_t load_be32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}
void store_be16(std::uint8_t* p, std::uint16_t v) {
  p[0] = std::uint8_t(v >> 8);
  p[1] = std::uint8_t(v);
}
void store_be32(std::uint8_t* p, std::uint32_t v) {
  p[0] = std::uint8_t(v >> 24);
  p[1] = std::uint8_t(v >> 16);
  p[2] = std::uint8_t(v >> 8);
  p[3] = std::uint8_t(v);
}

// An unfolded ones' complement sum carried back into 16 bits (end-around carry).
std::uint64_t fold16(std::uint64_t sum) {
  while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
  return sum;
}

// An IPv4 header's own checksum, computed over the header with the field at 0, stored.
void set_ipv4_header_checksum(std::uint8_t* ip, std::size_t ip_bytes) {
  store_be16(ip + 10, 0);
  store_be16(ip + 10, checksum_fold(ones_complement_add({ip, ip_bytes})));
}

// The pseudo-header's sum for a TCP segment of `tcp_bytes` under the IP header at `ip`.
std::uint64_t pseudo_header_sum(const std::uint8_t* ip, bool v6, std::size_t tcp_bytes) {
  const std::uint64_t sum =
      v6 ? ones_complement_add({ip + 8, 32}) : ones_complement_add({ip + 12, 8});
  return sum + kProtoTcp + (tcp_bytes >> 16) + (tcp_bytes & 0xFFFF);
}

// The TCP checksum of a whole segment at `tcp` (header and payload, `tcp_bytes` in all) under
// the pseudo-header of its IP header at `ip`: the value to store when the field is 0, and 0 when
// the field holds a right checksum.
std::uint16_t tcp_checksum(const std::uint8_t* ip, bool v6, const std::uint8_t* tcp,
                           std::size_t tcp_bytes) {
  return checksum_fold(ones_complement_add({tcp, tcp_bytes}, pseudo_header_sum(ip, v6, tcp_bytes)));
}

}  // namespace

std::uint64_t ones_complement_add(std::span<const std::uint8_t> bytes, std::uint64_t sum) {
  // The 16-bit big-endian words' sum modulo 65535, from little-endian 32-bit words summed in 64
  // bits: 2^16 is 1 modulo 65535, so a 32-bit word counts as its two 16-bit halves, and
  // byte-swapped words in any order add to the same folded sum, swapped back at the end. A loop
  // the compiler widens and adds several words at a time (no carry out of 64 bits below 2^32
  // words).
  const std::uint8_t* p = bytes.data();
  std::size_t n = bytes.size();
  std::uint64_t acc = 0;
  const std::size_t words = n / 4;
  for (std::size_t i = 0; i < words; ++i) {
    std::uint32_t w;
    std::memcpy(&w, p + 4 * i, 4);
    acc += w;
  }
  p += 4 * words;
  n -= 4 * words;
  if (n >= 2) {
    acc += std::uint64_t(p[0] | p[1] << 8);
    p += 2;
    n -= 2;
  }
  if (n == 1) acc += p[0];
  // Fold the little-endian word sum, then swap to network order.
  acc = fold16(acc);
  const std::uint64_t swapped = ((acc & 0xFF) << 8) | (acc >> 8);
  return sum + swapped;
}

std::uint16_t checksum_fold(std::uint64_t sum) {
  return std::uint16_t(~fold16(sum));
}

bool frames_of_packet(const VnetHeader& header, std::span<std::uint8_t> packet,
                      const std::function<void(std::span<const std::uint8_t>)>& frame) {
  std::uint8_t* const b = packet.data();
  const std::size_t len = packet.size();
  const std::uint8_t gso = header.gso_type & std::uint8_t(~VnetHeader::kGsoEcn);
  if (gso == VnetHeader::kGsoNone) {
    if (header.flags & VnetHeader::kNeedsCsum) {
      // Sum from csum_start to the end over the partial sum the kernel left in the field.
      const std::size_t at = std::size_t(header.csum_start) + header.csum_offset;
      if (header.csum_start >= len || at + 2 > len) return false;
      const std::uint16_t c =
          checksum_fold(ones_complement_add({b + header.csum_start, len - header.csum_start}));
      // UDP (its checksum 6 bytes in) sends a computed 0 as 0xFFFF: 0 means "none" there.
      store_be16(b + at, c == 0 && header.csum_offset == 6 ? 0xFFFF : c);
    }
    frame({b, len});
    return true;
  }
  if (gso != VnetHeader::kGsoTcpV4 && gso != VnetHeader::kGsoTcpV6) return false;
  if (len < kEthernetBytes + 40 || header.gso_size == 0) return false;
  const std::uint16_t ether = load_be16(b + 12);
  const bool v6 = ether == kEtherIpv6;
  if (ether != (gso == VnetHeader::kGsoTcpV6 ? kEtherIpv6 : kEtherIpv4)) return false;
  std::uint8_t* const ip = b + kEthernetBytes;
  std::size_t ip_bytes;
  if (v6) {
    if (ip[6] != kProtoTcp) return false;  // extension headers: not cut here
    ip_bytes = 40;
  } else {
    ip_bytes = std::size_t(ip[0] & 0x0F) * 4;
    if (ip_bytes < 20 || ip[9] != kProtoTcp) return false;
  }
  std::uint8_t* const tcp = ip + ip_bytes;
  if (kEthernetBytes + ip_bytes + 20 > len) return false;
  const std::size_t tcp_header = std::size_t(tcp[12] >> 4) * 4;
  const std::size_t headers = kEthernetBytes + ip_bytes + tcp_header;
  if (tcp_header < 20 || headers > len) return false;
  const std::size_t payload = len - headers;
  const std::size_t mss = header.gso_size;
  const std::uint32_t seq = load_be32(tcp + 4);
  const std::uint16_t id = v6 ? 0 : load_be16(ip + 4);
  const std::uint8_t flags = tcp[13];
  // One frame at a time, in a buffer each thread keeps: no allocation per segment.
  if (payload == 0) return false;  // a segment without data is never handed over for cutting
  static thread_local std::vector<std::uint8_t> out;
  out.resize(headers + mss);
  std::size_t k = 0;
  for (std::size_t off = 0; off < payload; off += mss, ++k) {
    const std::size_t n = std::min(mss, payload - off);
    const bool last = off + n >= payload;
    std::memcpy(out.data(), b, headers);
    std::memcpy(out.data() + headers, b + headers + off, n);
    std::uint8_t* const oip = out.data() + kEthernetBytes;
    std::uint8_t* const otcp = oip + ip_bytes;
    if (v6) {
      store_be16(oip + 4, std::uint16_t(tcp_header + n));
    } else {
      store_be16(oip + 2, std::uint16_t(ip_bytes + tcp_header + n));
      store_be16(oip + 4, std::uint16_t(id + k));
      set_ipv4_header_checksum(oip, ip_bytes);
    }
    store_be32(otcp + 4, seq + std::uint32_t(off));
    std::uint8_t f = flags;
    if (!last) f &= std::uint8_t(~(kTcpFin | kTcpPsh));
    if (k > 0) f &= std::uint8_t(~kTcpCwr);
    otcp[13] = f;
    store_be16(otcp + 16, 0);
    store_be16(otcp + 16, tcp_checksum(oip, v6, otcp, tcp_header + n));
    frame({out.data(), headers + n});
  }
  return true;
}

bool SegmentCoalescer::joinable(std::span<const std::uint8_t> frame, Flow& flow) {
  const std::uint8_t* b = frame.data();
  const std::size_t len = frame.size();
  if (len < kEthernetBytes + 40) return false;
  const std::uint16_t ether = load_be16(b + 12);
  const std::uint8_t* ip = b + kEthernetBytes;
  if (ether == kEtherIpv6) {
    if (ip[6] != kProtoTcp || kEthernetBytes + 40 + std::size_t(load_be16(ip + 4)) != len)
      return false;
    flow.v6 = true;
    flow.ip_bytes = 40;
  } else if (ether == kEtherIpv4) {
    flow.v6 = false;
    flow.ip_bytes = std::size_t(ip[0] & 0x0F) * 4;
    // No fragments, the length exact, the header's checksum right.
    if ((ip[0] >> 4) != 4 || flow.ip_bytes < 20 || ip[9] != kProtoTcp ||
        (load_be16(ip + 6) & 0x3FFF) != 0 ||
        kEthernetBytes + std::size_t(load_be16(ip + 2)) != len ||
        checksum_fold(ones_complement_add({ip, flow.ip_bytes})) != 0)
      return false;
  } else {
    return false;
  }
  const std::uint8_t* tcp = ip + flow.ip_bytes;
  if (kEthernetBytes + flow.ip_bytes + 20 > len) return false;
  const std::size_t tcp_header = std::size_t(tcp[12] >> 4) * 4;
  flow.headers = kEthernetBytes + flow.ip_bytes + tcp_header;
  if (tcp_header < 20 || flow.headers >= len) return false;
  flow.payload = len - flow.headers;
  if ((tcp[13] & ~std::uint8_t(kTcpPsh)) != kTcpAck) return false;
  const std::size_t tcp_bytes = len - kEthernetBytes - flow.ip_bytes;
  return tcp_checksum(ip, flow.v6, tcp, tcp_bytes) == 0;
}

bool SegmentCoalescer::continues(std::span<const std::uint8_t> frame, const Flow& flow) const {
  if (frames_ == 0 || closed_ || flow.v6 != first_.v6 || flow.headers != first_.headers ||
      flow.payload > mss_)
    return false;
  const std::uint8_t* a = run_.data();
  const std::uint8_t* b = frame.data();
  const std::size_t ip = kEthernetBytes, tcp = kEthernetBytes + flow.ip_bytes;
  // The IP length field.
  if (run_.size() - kEthernetBytes + flow.payload > 65535) return false;
  // Equal but for the IP lengths, ID and checksum and the TCP sequence, flags and checksum.
  const auto same = [&](std::size_t from, std::size_t to) {
    return std::memcmp(a + from, b + from, to - from) == 0;
  };
  if (!same(0, kEthernetBytes)) return false;
  if (flow.v6) {
    if (!same(ip, ip + 4) || !same(ip + 6, ip + 40)) return false;
  } else {
    if (!same(ip, ip + 2) || !same(ip + 6, ip + 10) || !same(ip + 12, tcp)) return false;
    if (load_be16(b + ip + 4) != next_id_) return false;
  }
  return same(tcp, tcp + 4) && load_be32(b + tcp + 4) == next_seq_ && same(tcp + 8, tcp + 13) &&
         same(tcp + 14, tcp + 16) && same(tcp + 18, first_.headers);
}

int SegmentCoalescer::add(std::span<const std::uint8_t> frame) {
  Flow flow;
  const bool tcp = joinable(frame, flow);
  int failed = 0;
  if (tcp && continues(frame, flow)) {
    run_.insert(run_.end(), frame.begin() + std::ptrdiff_t(flow.headers), frame.end());
  } else {
    failed += flush();
    if (!tcp) return failed + (write_(VnetHeader{}, frame) ? 0 : 1);
    run_.assign(frame.begin(), frame.end());
    first_ = flow;
    mss_ = flow.payload;
    frames_ = 0;
  }
  ++frames_;
  const std::uint8_t* tcp_at = frame.data() + kEthernetBytes + flow.ip_bytes;
  next_seq_ = load_be32(tcp_at + 4) + std::uint32_t(flow.payload);
  if (!flow.v6) next_id_ = std::uint16_t(load_be16(frame.data() + kEthernetBytes + 4) + 1);
  // The run ends after a short segment or a push; the last frame's flags are the run's.
  closed_ = flow.payload < mss_ || (tcp_at[13] & kTcpPsh);
  run_[kEthernetBytes + flow.ip_bytes + 13] = tcp_at[13];
  return failed;
}

int SegmentCoalescer::flush() {
  if (frames_ == 0) return 0;
  const std::size_t frames = frames_;
  frames_ = 0;
  closed_ = false;
  if (frames == 1) {
    // As it came: its own checksums, nothing to trust.
    return write_(VnetHeader{}, run_) ? 0 : 1;
  }
  std::uint8_t* ip = run_.data() + kEthernetBytes;
  std::uint8_t* tcp = ip + first_.ip_bytes;
  const std::size_t tcp_bytes = run_.size() - kEthernetBytes - first_.ip_bytes;
  if (first_.v6) {
    store_be16(ip + 4, std::uint16_t(tcp_bytes));
  } else {
    store_be16(ip + 2, std::uint16_t(first_.ip_bytes + tcp_bytes));
    set_ipv4_header_checksum(ip, first_.ip_bytes);
  }
  // The kernel completes the checksum from the pseudo-header's sum, as for its own GRO.
  store_be16(tcp + 16, std::uint16_t(fold16(pseudo_header_sum(ip, first_.v6, tcp_bytes))));
  VnetHeader h;
  h.flags = VnetHeader::kNeedsCsum;
  h.gso_type = first_.v6 ? VnetHeader::kGsoTcpV6 : VnetHeader::kGsoTcpV4;
  h.hdr_len = std::uint16_t(first_.headers);
  h.gso_size = std::uint16_t(mss_);
  h.csum_start = std::uint16_t(kEthernetBytes + first_.ip_bytes);
  h.csum_offset = 16;
  return write_(h, run_) ? 0 : int(frames);
}

}  // namespace mosaic::cable
