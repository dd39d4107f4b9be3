#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <vector>

#include "mosaic/cable/frame_check.hpp"
#include "mosaic/link/host_fec.hpp"

namespace mosaic::cable {

// How Ethernet frames ride in the host's RS(544,514) codewords.
//
// The host stream is a sequence of codewords of 85 words (5440 bits, link::Rs544 layout). Byte b
// of a codeword is stream bits 8b..8b+7 (LSB first, so symbol i is bits 10i..10i+9 as in
// host_fec.hpp). Bytes 0-1: pointer to the first record that starts in this codeword (offset in
// the payload, kNoRecordStart when a record from an earlier codeword fills it). Bytes 2..641: 640
// payload bytes. The rest (4 spare message bits and the 30 parity symbols) is zero here: the
// cable decodes the error pattern (received XOR sent), whose outcome is what the host decoder
// would make of a real codeword with real parity (the code is linear, the decoder works on
// syndromes; see docs/cable.md). Parity bits still cross the link and their errors count.
//
// Records follow one another through the payload bytes of consecutive codewords: u16 length L
// (1..kMaxFrameBytes), L frame bytes, CRC-32C of the frame (frame_check.hpp). A length of 0, or
// fewer than 2 payload bytes left, means idle fill to the end of the codeword. The pointer lets the
// receiver resynchronise after a codeword it had to drop, like GFP's or CCSDS's first-header
// pointer.
inline constexpr int kCodewordWords = link::Rs544::kCodewordWords;  // 85
inline constexpr int kCodewordBytes = kCodewordWords * 8;           // 680
inline constexpr int kPayloadBytes = 640;
inline constexpr std::uint16_t kNoRecordStart = 0xFFFF;
inline constexpr int kRecordOverhead = 6;  // length + CRC-32
inline constexpr int kMaxFrameBytes = 16384;

// A frame as the transmit end placed it: the emulator's ground truth, so that the receive end can
// tell delivered-and-intact from delivered-but-corrupted (which must never happen) and measure
// latency. `offset` is the record's position in payload bytes from the start of the stream.
struct SentFrame {
  std::uint64_t offset = 0;
  std::int64_t ingress_ns = 0;
  std::uint32_t crc = 0;
  std::vector<std::uint8_t> bytes;
};

// Frames -> codewords. The ground-truth log is shared with the FrameDecoder of the same direction.
class FrameEncoder {
 public:
  explicit FrameEncoder(std::deque<SentFrame>* sent_log);

  // Queues a frame (1..kMaxFrameBytes bytes); false when its length is out of range.
  bool push(std::span<const std::uint8_t> frame, std::int64_t ingress_ns);
  // Record bytes queued and not yet placed in a codeword.
  std::size_t pending_bytes() const { return queued_bytes_ + record_left_; }
  // Payload bytes that the next fill() of `words` host words can place.
  std::size_t capacity(std::size_t words) const;
  // Fills `words` with the stream: the rest of a codeword begun by the previous call, then whole
  // codewords of queued records (idle when none), the last one possibly continued next call.
  void fill(std::span<std::uint64_t> words);
  // Nothing queued and no record partly placed.
  bool idle() const { return pending_bytes() == 0; }
  std::uint64_t codewords() const { return codeword_index_; }

 private:
  void build_codeword();
  // Copies the next n bytes of the current record (sent_log_->back()) to dst.
  void place(std::uint8_t* dst, std::size_t n);

  std::deque<SentFrame>* sent_log_;
  std::deque<SentFrame> queued_;  // records not yet started, in order
  std::size_t queued_bytes_ = 0;  // their record bytes
  std::size_t record_pos_ = 0;    // bytes of the current record placed
  std::size_t record_left_ = 0;   // bytes of the current record still to place
  std::uint64_t codeword_[kCodewordWords] = {};
  int codeword_used_ = kCodewordWords;  // words of codeword_ already emitted
  std::uint64_t codeword_index_ = 0;
};

struct DecoderCounters {
  std::uint64_t codewords = 0;
  std::uint64_t codewords_clean = 0;          // arrived exactly as sent
  std::uint64_t codewords_corrected = 0;      // the host FEC restored them
  std::uint64_t codewords_uncorrectable = 0;  // detected by the host FEC: dropped
  std::uint64_t codewords_miscorrected = 0;   // host FEC output wrong (left to the frame CRC)
  std::uint64_t frames_delivered = 0;
  std::uint64_t bytes_delivered = 0;
  std::uint64_t frames_dropped = 0;     // sent, never delivered (any reason)
  std::uint64_t crc_failures = 0;       // records whose CRC-32 failed: dropped
  std::uint64_t framing_errors = 0;     // inconsistent pointer or length: resynchronised
  std::uint64_t delivered_corrupt = 0;  // delivered frames that differ from what was sent
};

// Called for every frame that passes the CRC, with the ingress time of the frame sent at that
// place (-1 when the emulator's log has none: a corrupted delivery).
using FrameSink = std::function<void(std::span<const std::uint8_t> frame, std::int64_t ingress_ns)>;

// Codewords -> frames: host FEC decision per codeword, record reassembly, CRC check, and the
// ground-truth comparison that counts (never hides) a corrupted delivery.
class FrameDecoder {
 public:
  explicit FrameDecoder(std::deque<SentFrame>* sent_log);

  // The next `received` host words of the stream and the words sent in the same places.
  void process(std::span<const std::uint64_t> received, std::span<const std::uint64_t> sent,
               const FrameSink& sink);
  const DecoderCounters& counters() const { return counters_; }

 private:
  void finish_codeword(const std::uint64_t* received, const std::uint64_t* sent,
                       const FrameSink& sink);
  void parse(const std::uint8_t* bytes, const FrameSink& sink);
  void take(const std::uint8_t* payload, int& pos, const FrameSink& sink);
  void complete_record(const FrameSink& sink);
  void settle(std::uint64_t decoded_end);

  std::deque<SentFrame>* sent_log_;
  link::Rs544 rs_;
  std::uint64_t received_[kCodewordWords] = {};
  std::uint64_t sent_[kCodewordWords] = {};
  int fill_ = 0;
  std::uint64_t codeword_index_ = 0;
  bool in_record_ = false;
  std::uint64_t record_offset_ = 0;
  std::size_t record_need_ = 0;  // bytes of the record (frame + CRC) still to come
  std::vector<std::uint8_t> record_;
  DecoderCounters counters_;
};

}  // namespace mosaic::cable
