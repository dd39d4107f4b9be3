// The TAP offloads: TCP segments cut into frames as a NIC's TSO would, and joined again as its
// receive offload would. Checked against a byte-wise RFC 1071 checksum written here.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "mosaic/cable/tap_offload.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic::cable {
namespace {

using Bytes = std::vector<std::uint8_t>;

std::uint16_t ref_checksum(const Bytes& pseudo, const std::uint8_t* data, std::size_t n) {
  std::uint32_t sum = 0;
  Bytes all = pseudo;
  all.insert(all.end(), data, data + n);
  if (all.size() % 2) all.push_back(0);
  for (std::size_t i = 0; i < all.size(); i += 2) sum += std::uint32_t(all[i] << 8 | all[i + 1]);
  while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
  return std::uint16_t(~sum);
}

std::uint16_t get16(const std::uint8_t* p) {
  return std::uint16_t(p[0] << 8 | p[1]);
}
std::uint32_t get32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}
void set16(std::uint8_t* p, std::uint16_t v) {
  p[0] = std::uint8_t(v >> 8);
  p[1] = std::uint8_t(v);
}

// The TCP pseudo-header of the IP header at `ip` for `tcp_bytes`.
Bytes pseudo_of(const std::uint8_t* ip, bool v6, std::size_t tcp_bytes) {
  Bytes p;
  if (v6) {
    p.assign(ip + 8, ip + 40);
    p.insert(p.end(), {std::uint8_t(tcp_bytes >> 24), std::uint8_t(tcp_bytes >> 16),
                       std::uint8_t(tcp_bytes >> 8), std::uint8_t(tcp_bytes), 0, 0, 0, 6});
  } else {
    p.assign(ip + 12, ip + 20);
    p.insert(p.end(), {0, 6, std::uint8_t(tcp_bytes >> 8), std::uint8_t(tcp_bytes)});
  }
  return p;
}

// A TCP segment as the kernel hands it over with TSO: Ethernet, IPv4 or IPv6, TCP with a
// 12-byte timestamp option, `payload` random bytes, flags ACK | PSH.
Bytes super_segment(bool v6, std::size_t payload, std::uint64_t seed) {
  const std::size_t ip_bytes = v6 ? 40 : 20, tcp_bytes = 32;
  Bytes b(14 + ip_bytes + tcp_bytes + payload, 0);
  for (int i = 0; i < 12; ++i) b[i] = std::uint8_t(0x10 + i);
  set16(&b[12], v6 ? 0x86DD : 0x0800);
  std::uint8_t* ip = &b[14];
  Rng rng(seed, RngPurpose::kLinkPayload, 11);
  if (v6) {
    ip[0] = 0x60;
    set16(ip + 4, std::uint16_t(tcp_bytes + payload));
    ip[6] = 6;
    ip[7] = 64;
    for (int i = 8; i < 40; ++i) ip[i] = std::uint8_t(rng.next_u32());
  } else {
    ip[0] = 0x45;
    set16(ip + 2, std::uint16_t(ip_bytes + tcp_bytes + payload));
    set16(ip + 4, 0xFFFE);  // the IDs wrap within the segment
    set16(ip + 6, 0x4000);  // DF
    ip[8] = 64;
    ip[9] = 6;
    for (int i = 12; i < 20; ++i) ip[i] = std::uint8_t(rng.next_u32());
  }
  std::uint8_t* tcp = ip + ip_bytes;
  set16(tcp, 40000);
  set16(tcp + 2, 5201);
  set16(tcp + 4, 0xFFFF);  // the sequence wraps too
  set16(tcp + 6, 0xF000);
  set16(tcp + 8, 0x1234);
  tcp[12] = 8 << 4;
  tcp[13] = 0x18;
  set16(tcp + 14, 502);
  tcp[20] = 1;
  tcp[21] = 1;
  tcp[22] = 8;
  tcp[23] = 10;
  for (int i = 24; i < 32; ++i) tcp[i] = std::uint8_t(rng.next_u32());
  for (std::size_t i = 0; i < payload; ++i) tcp[tcp_bytes + i] = std::uint8_t(rng.next_u32());
  return b;
}

struct Cut {
  std::vector<Bytes> frames;
};

Cut cut(const VnetHeader& h, Bytes packet) {
  Cut c;
  EXPECT_TRUE(frames_of_packet(h, packet, [&](std::span<const std::uint8_t> f) {
    c.frames.emplace_back(f.begin(), f.end());
  }));
  return c;
}

VnetHeader tso(bool v6, std::uint16_t mss) {
  VnetHeader h;
  h.flags = VnetHeader::kNeedsCsum;
  h.gso_type = v6 ? VnetHeader::kGsoTcpV6 : VnetHeader::kGsoTcpV4;
  h.gso_size = mss;
  h.csum_start = v6 ? 54 : 34;
  h.csum_offset = 16;
  return h;
}

void expect_valid_frames(const Bytes& segment, const Cut& c, bool v6, std::size_t mss) {
  const std::size_t ip_bytes = v6 ? 40 : 20, headers = 14 + ip_bytes + 32;
  const std::size_t payload = segment.size() - headers;
  ASSERT_EQ(c.frames.size(), (payload + mss - 1) / mss);
  for (std::size_t k = 0; k < c.frames.size(); ++k) {
    const Bytes& f = c.frames[k];
    const std::size_t n = std::min(mss, payload - k * mss);
    ASSERT_EQ(f.size(), headers + n) << k;
    const std::uint8_t* ip = &f[14];
    const std::uint8_t* tcp = ip + ip_bytes;
    if (!v6) {
      EXPECT_EQ(get16(ip + 2), ip_bytes + 32 + n);
      EXPECT_EQ(get16(ip + 4), std::uint16_t(0xFFFE + k));
      EXPECT_EQ(ref_checksum({}, ip, 20), 0) << "IPv4 header checksum, frame " << k;
    } else {
      EXPECT_EQ(get16(ip + 4), 32 + n);
    }
    EXPECT_EQ(get32(tcp + 4), std::uint32_t(0xFFFFF000u + k * mss));
    EXPECT_EQ(tcp[13], k + 1 == c.frames.size() ? 0x18 : 0x10) << "PSH on the last only";
    EXPECT_EQ(ref_checksum(pseudo_of(ip, v6, 32 + n), tcp, 32 + n), 0) << "TCP, frame " << k;
    EXPECT_TRUE(std::equal(f.begin() + std::ptrdiff_t(headers), f.end(),
                           segment.begin() + std::ptrdiff_t(headers + k * mss)));
  }
}

// The word sum against the byte-wise one: every length up to 300 bytes at every alignment, 64 KiB
// segments, the all-ones and all-zero data where the folded sum's two zeros differ, and a prior
// sum carried in.
TEST(TapOffload, TheOnesComplementSumIsRfc1071s) {
  Rng rng(5, RngPurpose::kSweepSample, 9);
  Bytes data(65536 + 8);
  for (auto& b : data) b = std::uint8_t(rng.uniform() * 256);
  for (std::size_t n = 0; n <= 300; ++n)
    for (std::size_t at = 0; at < 4; ++at)
      ASSERT_EQ(checksum_fold(ones_complement_add({data.data() + at, n})),
                ref_checksum({}, data.data() + at, n))
          << n << " bytes at " << at;
  for (const std::size_t n : {std::size_t{65536}, std::size_t{65535}, std::size_t{65537}})
    EXPECT_EQ(checksum_fold(ones_complement_add({data.data() + 1, n})),
              ref_checksum({}, data.data() + 1, n));
  for (const std::uint8_t fill : {std::uint8_t{0x00}, std::uint8_t{0xFF}})
    for (const std::size_t n : {std::size_t{1514}, std::size_t{3}, std::size_t{65536}}) {
      const Bytes same(n, fill);
      EXPECT_EQ(checksum_fold(ones_complement_add(same)), ref_checksum({}, same.data(), n));
    }
  const Bytes pseudo = {0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x00, 0x06, 0x05, 0xdc};
  EXPECT_EQ(checksum_fold(ones_complement_add({data.data(), 1500}, ones_complement_add(pseudo))),
            ref_checksum(pseudo, data.data(), 1500));
}

TEST(TapOffload, SegmentsAreCutIntoValidFramesAndJoinedBackForBothIpVersions) {
  for (const bool v6 : {false, true})
    for (const std::size_t payload : {std::size_t(1448), std::size_t(10000), std::size_t(62000)}) {
      SCOPED_TRACE((v6 ? "IPv6 " : "IPv4 ") + std::to_string(payload));
      const Bytes segment = super_segment(v6, payload, payload);
      const Cut c = cut(tso(v6, 1448), segment);
      expect_valid_frames(segment, c, v6, 1448);
      // Joined again: one packet, and cut again it gives the same frames.
      std::vector<std::pair<VnetHeader, Bytes>> written;
      SegmentCoalescer join([&](const VnetHeader& h, std::span<const std::uint8_t> p) {
        written.push_back({h, Bytes(p.begin(), p.end())});
        return true;
      });
      for (const Bytes& f : c.frames) EXPECT_EQ(join.add(f), 0);
      EXPECT_EQ(join.flush(), 0);
      ASSERT_EQ(written.size(), 1u);
      const auto& [h, packet] = written[0];
      if (c.frames.size() == 1) {
        EXPECT_EQ(h.gso_type, VnetHeader::kGsoNone);
        EXPECT_EQ(packet, c.frames[0]);
        continue;
      }
      EXPECT_EQ(h.gso_type, v6 ? VnetHeader::kGsoTcpV6 : VnetHeader::kGsoTcpV4);
      EXPECT_EQ(h.gso_size, 1448);
      EXPECT_EQ(h.flags, VnetHeader::kNeedsCsum);
      EXPECT_EQ(packet.size(), segment.size());
      EXPECT_EQ(cut(h, packet).frames, c.frames);
    }
}

TEST(TapOffload, AFrameThatFailsItsChecksumIsNotJoined) {
  const Bytes segment = super_segment(false, 6 * 1448, 3);
  Cut c = cut(tso(false, 1448), segment);
  ASSERT_EQ(c.frames.size(), 6u);
  c.frames[3][100] ^= 0x40;  // a payload bit flipped after the checksum
  std::vector<std::pair<VnetHeader, std::size_t>> written;
  SegmentCoalescer join([&](const VnetHeader& h, std::span<const std::uint8_t> p) {
    written.push_back({h, p.size()});
    return true;
  });
  for (const Bytes& f : c.frames) join.add(f);
  join.flush();
  // Frames 0-2 joined, 3 alone as it came (the kernel rejects it), 4-5 no longer continue the
  // sequence of a run (their run starts at 4, joined).
  ASSERT_EQ(written.size(), 3u);
  EXPECT_EQ(written[0].first.gso_type, VnetHeader::kGsoTcpV4);
  EXPECT_EQ(written[0].second, 14 + 20 + 32 + 3 * 1448u);
  EXPECT_EQ(written[1].first.gso_type, VnetHeader::kGsoNone);
  EXPECT_EQ(written[1].first.flags, 0);
  EXPECT_EQ(written[2].second, 14 + 20 + 32 + 2 * 1448u);
}

TEST(TapOffload, OtherFramesPassUnchangedAndChecksumsAreCompleted) {
  // A UDP datagram whose checksum the kernel left to the device: completed, verifiable.
  Bytes udp(14 + 20 + 8 + 301, 0);
  set16(&udp[12], 0x0800);
  udp[14] = 0x45;
  set16(&udp[16], 20 + 8 + 301);
  udp[23] = 17;
  for (std::size_t i = 26; i < udp.size(); ++i) udp[i] = std::uint8_t(i * 13);
  set16(&udp[14 + 20 + 4], 8 + 301);
  Bytes pseudo(udp.begin() + 26, udp.begin() + 34);
  pseudo.insert(pseudo.end(), {0, 17, std::uint8_t((8 + 301) >> 8), std::uint8_t(8 + 301)});
  // The partial sum in the field: the pseudo-header's, folded, not complemented.
  set16(&udp[14 + 20 + 6], std::uint16_t(~ref_checksum(pseudo, nullptr, 0)));
  VnetHeader h;
  h.flags = VnetHeader::kNeedsCsum;
  h.csum_start = 34;
  h.csum_offset = 6;
  const Cut c = cut(h, udp);
  ASSERT_EQ(c.frames.size(), 1u);
  EXPECT_EQ(ref_checksum(pseudo, &c.frames[0][34], 8 + 301), 0);
  // An ARP-like frame: through the joiner as it is, with no offload.
  const Bytes arp(60, 0x06);
  std::vector<Bytes> written;
  SegmentCoalescer join([&](const VnetHeader& w, std::span<const std::uint8_t> p) {
    EXPECT_EQ(w.gso_type, VnetHeader::kGsoNone);
    EXPECT_EQ(w.flags, 0);
    written.emplace_back(p.begin(), p.end());
    return true;
  });
  join.add(arp);
  join.flush();
  ASSERT_EQ(written.size(), 1u);
  EXPECT_EQ(written[0], arp);
}

TEST(TapOffload, PacketsItCannotCutAreRefused) {
  Bytes segment = super_segment(false, 4000, 5);
  segment[14 + 9] = 17;  // UDP under a TCP GSO type
  int frames = 0;
  EXPECT_FALSE(frames_of_packet(tso(false, 1448), segment,
                                [&](std::span<const std::uint8_t>) { ++frames; }));
  EXPECT_EQ(frames, 0);
  Bytes v6 = super_segment(true, 4000, 6);
  EXPECT_FALSE(frames_of_packet(tso(false, 1448), v6, [&](auto) { ++frames; }))
      << "an IPv6 packet under the IPv4 GSO type";
  EXPECT_EQ(frames, 0);
}

}  // namespace
}  // namespace mosaic::cable
