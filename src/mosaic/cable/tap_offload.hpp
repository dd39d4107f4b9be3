#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace mosaic::cable {

// What the kernel puts before each packet on a TAP opened with IFF_VNET_HDR (struct
// virtio_net_hdr, little-endian on every host Linux runs this on).
struct VnetHeader {
  static constexpr std::uint8_t kNeedsCsum = 1;  // checksum from csum_start, stored at + offset
  static constexpr std::uint8_t kGsoNone = 0, kGsoTcpV4 = 1, kGsoTcpV6 = 4, kGsoEcn = 0x80;
  std::uint8_t flags = 0;
  std::uint8_t gso_type = kGsoNone;
  std::uint16_t hdr_len = 0;
  std::uint16_t gso_size = 0;
  std::uint16_t csum_start = 0;
  std::uint16_t csum_offset = 0;
};
static_assert(sizeof(VnetHeader) == 10);

// The host side of a NIC's offloads for a TAP interface: the kernel hands the cable TCP
// segments of up to 64 KiB with their checksums left to the device (TSO and checksum offload,
// as to any NIC that has them), and the cable does what the NIC would before the wire: cuts them
// into frames of the segment size the kernel chose (the MSS of the interface's MTU) and
// completes every checksum. The link then carries ordinary Ethernet frames. One read per
// segment instead of one per frame is what makes the TAP cheap (the kernel's per-packet path
// was most of the cable's CPU).
//
// Calls `frame` for each frame, in order. Returns false, calling nothing, for a packet it cannot
// cut (a GSO type other than TCP over IPv4/IPv6 without extension headers, or lengths that do
// not add up): the caller counts it and drops it, as a NIC drops what it cannot parse.
bool frames_of_packet(const VnetHeader& header, std::span<std::uint8_t> packet,
                      const std::function<void(std::span<const std::uint8_t>)>& frame);

// The Internet checksum (RFC 1071) of `bytes` added to `sum`, unfolded.
std::uint64_t ones_complement_add(std::span<const std::uint8_t> bytes, std::uint64_t sum = 0);
// Folded to 16 bits and complemented: the value a header stores (in network byte order when
// stored as the two bytes hi, lo).
std::uint16_t checksum_fold(std::uint64_t sum);

// The receive half: consecutive frames of one TCP flow, as a segment was cut into them, joined
// again for the host with one virtio-net header (what a NIC's receive offload, LRO/GRO, does):
// one write and one pass of the kernel's TCP per run instead of per frame. Only frames whose
// checksums verify are joined, and only as the kernel's GRO would: same headers but for the
// lengths, IDs in sequence and the sequence numbers contiguous, full-size segments but the last,
// nothing but ACK and PSH set. The joined packet's TCP checksum is left to be trusted
// (NEEDS_CSUM over the verified parts), so a frame that fails its checksum goes out on its own
// for the kernel to reject.
class SegmentCoalescer {
 public:
  // Writes one packet to the host (header, bytes); false when the write failed.
  using Write = std::function<bool(const VnetHeader&, std::span<const std::uint8_t>)>;
  explicit SegmentCoalescer(Write write) : write_(std::move(write)) {}

  // A frame out of the link. Returns the frames the writes it caused failed for (0 usually).
  int add(std::span<const std::uint8_t> frame);
  // Writes the run being joined; same return.
  int flush();

 private:
  struct Flow {
    bool v6 = false;
    std::size_t ip_bytes = 0, headers = 0, payload = 0;
  };
  // Whether the frame is a TCP segment that may be joined (checksums verified), and its layout.
  static bool joinable(std::span<const std::uint8_t> frame, Flow& flow);
  bool continues(std::span<const std::uint8_t> frame, const Flow& flow) const;

  Write write_;
  std::vector<std::uint8_t> run_;  // the first frame's headers, then every payload
  Flow first_;
  std::size_t frames_ = 0;
  std::size_t mss_ = 0;  // the first frame's payload: every frame but the last has it
  std::uint32_t next_seq_ = 0;
  std::uint16_t next_id_ = 0;
  bool closed_ = false;  // the last frame joined was short or had PSH: the run ends there
};

}  // namespace mosaic::cable
