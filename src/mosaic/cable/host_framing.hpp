#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <vector>

#include "mosaic/cable/frame_check.hpp"
#include "mosaic/link/host_fec.hpp"

namespace mosaic::cable {

// How Ethernet frames ride in the host's FEC codewords (link.host_fec, through the HostFec seam).
//
// The host stream is a sequence of codewords of n symbols (codeword_bits() bits: 5440 = 680 bytes
// for kp4 RS(544,514), 5280 = 660 bytes for kr4 RS(528,514), which is not a whole number of
// 64-bit words). Byte b of the stream is stream bits 8b..8b+7 (LSB first, so symbol i of a
// codeword is its bits 10i..10i+9 as in host_fec.hpp). Bytes 0-1 of a codeword: pointer to the
// first record that starts in it (offset in the payload, kNoRecordStart when a record from an
// earlier codeword fills it). Then the payload: the whole bytes of the k message symbols after
// the pointer, 640 bytes for both codes (k = 514: 642.5 bytes). The rest (the message's last 4
// bits and the n - k parity symbols) is zero here: the cable decodes the error pattern (received
// XOR sent), whose outcome is what the host decoder would make of a real codeword with real
// parity (the code is linear, the decoder works on syndromes; see docs/cable.md). Parity bits
// still cross the link and their errors count.
//
// Records follow one another through the payload bytes of consecutive codewords: u16 length L
// (1..kMaxFrameBytes), L frame bytes, CRC-32C of the frame (frame_check.hpp). A length of 0, or
// fewer than 2 payload bytes left, means idle fill to the end of the codeword. The pointer lets the
// receiver resynchronise after a codeword it had to drop, like GFP's or CCSDS's first-header
// pointer.
inline constexpr std::uint16_t kNoRecordStart = 0xFFFF;
inline constexpr int kPointerBytes = 2;
inline constexpr int kRecordOverhead = 6;  // length + CRC-32
inline constexpr int kMaxFrameBytes = 16384;

// The codeword shape above for one host FEC code. Throws std::invalid_argument for a code whose
// codewords are not whole bytes.
struct CodewordLayout {
  explicit CodewordLayout(const link::HostFec& fec);
  int codeword_bytes = 0;
  int payload_bytes = 0;
  // Payload bytes that `words` host words carry once whole codewords fill them.
  std::size_t payload_of(std::size_t words) const {
    return words * 8 / std::size_t(codeword_bytes) * std::size_t(payload_bytes);
  }
};

// A frame as the transmit end placed it: the emulator's ground truth, so that the receive end can
// tell delivered-and-intact from delivered-but-corrupted (which must never happen) and measure
// latency. `offset` is the record's position in payload bytes from the start of the stream.
struct SentFrame {
  std::uint64_t offset = 0;
  std::int64_t ingress_ns = 0;
  std::uint32_t crc = 0;
  std::vector<std::uint8_t> bytes;
};

// The frames placed and not yet delivered or counted lost, in stream order: the ground truth the
// encoder and decoder of one direction share. The byte buffers of frames that leave it are kept
// for the next frames (at most kKeptBuffers), so that a running stream copies each frame into
// memory it already has instead of allocating per frame.
class SentLog {
 public:
  bool empty() const { return frames_.empty(); }
  const SentFrame& front() const { return frames_.front(); }
  const SentFrame& back() const { return frames_.back(); }
  void push_back(SentFrame&& f) { frames_.push_back(std::move(f)); }
  void pop_front() {
    recycle(std::move(frames_.front().bytes));
    frames_.pop_front();
  }
  // A buffer holding `bytes`: a kept one when there is one.
  std::vector<std::uint8_t> copy_of(std::span<const std::uint8_t> bytes);
  void recycle(std::vector<std::uint8_t>&& buffer);

 private:
  static constexpr std::size_t kKeptBuffers = 4096;
  std::deque<SentFrame> frames_;
  std::vector<std::vector<std::uint8_t>> kept_;
};

// Frames -> codewords. The ground-truth log is shared with the FrameDecoder of the same direction.
class FrameEncoder {
 public:
  FrameEncoder(const link::HostFec& fec, SentLog* sent_log);

  // Queues a frame (1..kMaxFrameBytes bytes); false when its length is out of range.
  bool push(std::span<const std::uint8_t> frame, std::int64_t ingress_ns);
  // Record bytes queued and not yet placed in a codeword.
  std::size_t pending_bytes() const { return queued_bytes_ + record_left_; }
  // Payload bytes that the next fill() of `words` host words can place.
  std::size_t capacity(std::size_t words) const;
  // Fills `words` with the stream: the rest of a codeword begun by the previous call, then whole
  // codewords of queued records (idle when none), the last one possibly continued next call.
  // An idle codeword is all zero: from byte `zero_from` on, where the caller knows `words` to be
  // zero already, idle codewords are left as they are. Returns the end of the bytes that may be
  // non-zero now (what the next fill of the same words may pass as `zero_from`).
  std::size_t fill(std::span<std::uint64_t> words, std::size_t zero_from = SIZE_MAX);
  // Nothing queued and no record partly placed.
  bool idle() const { return pending_bytes() == 0; }
  // The oldest frame not yet started (null when none), and taking it out of the queue unsent.
  const SentFrame* oldest_queued() const { return queued_.empty() ? nullptr : &queued_.front(); }
  void drop_oldest_queued();
  std::uint64_t codewords() const { return codeword_index_; }
  const CodewordLayout& layout() const { return layout_; }

 private:
  // The next codeword (codeword_bytes) at `bytes`.
  void build_codeword(std::uint8_t* bytes);
  // Copies the next n bytes of the current record (sent_log_->back()) to dst.
  void place(std::uint8_t* dst, std::size_t n);

  CodewordLayout layout_;
  SentLog* sent_log_;
  std::deque<SentFrame> queued_;  // records not yet started, in order
  std::size_t queued_bytes_ = 0;  // their record bytes
  std::size_t record_pos_ = 0;    // bytes of the current record placed
  std::size_t record_left_ = 0;   // bytes of the current record still to place
  std::vector<std::uint8_t> codeword_;
  std::size_t codeword_used_ = 0;  // bytes of codeword_ already emitted
  std::uint64_t codeword_index_ = 0;
};

// What the receive end did with the frames (the codewords' host FEC outcome is returned by
// FrameDecoder::process and counted by the link::Session).
struct DecoderCounters {
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
  FrameDecoder(const link::HostFec& fec, SentLog* sent_log);

  // The next `received` host words of the stream, the words sent in the same places, and per word
  // whether the link flagged its bits (empty: none flagged). Returns the host FEC outcome of the
  // codewords these words complete: clean, corrected (delivered as sent), uncorrectable (dropped,
  // the receiver resynchronises at the next pointer) or miscorrected (the decoder's wrong
  // codeword is parsed, left to the frame CRC).
  // When `received` is `sent` itself (a period the link carried unchanged) and the sent bytes
  // from `zero_from` on are known to be zero (FrameEncoder::fill's return), the idle codewords
  // there are counted without being read.
  link::HostFecOutcome process(std::span<const std::uint64_t> received,
                               std::span<const std::uint64_t> sent,
                               std::span<const std::uint8_t> flagged, const FrameSink& sink,
                               std::size_t zero_from = SIZE_MAX);
  const DecoderCounters& counters() const { return counters_; }

 private:
  void finish_codeword(const std::uint8_t* received, const std::uint8_t* sent, bool flagged,
                       const FrameSink& sink, link::HostFecOutcome& fec);
  void parse(const std::uint8_t* bytes, const FrameSink& sink);
  void take(const std::uint8_t* payload, int& pos, const FrameSink& sink);
  void complete_record(const FrameSink& sink);
  void settle(std::uint64_t decoded_end);

  const link::HostFec* fec_;
  CodewordLayout layout_;
  SentLog* sent_log_;
  std::vector<std::uint8_t> received_, sent_, delivered_;  // one codeword each
  std::size_t fill_ = 0;                                   // bytes of received_ / sent_ gathered
  bool fill_flagged_ = false;
  std::vector<std::uint64_t> error_, residual_;  // whole words holding one codeword
  std::vector<std::uint16_t> symbols_;
  std::uint64_t codeword_index_ = 0;
  bool in_record_ = false;
  std::uint64_t record_offset_ = 0;
  std::size_t record_need_ = 0;  // bytes of the record (frame + CRC) still to come
  std::vector<std::uint8_t> record_;
  DecoderCounters counters_;
};

}  // namespace mosaic::cable
