#include "mosaic/cable/host_framing.hpp"

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cstring>

namespace mosaic::cable {

static_assert(std::endian::native == std::endian::little,
              "codeword bytes are the host words' bytes in memory order");

namespace {

std::uint16_t load_u16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }
std::uint32_t load_u32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
         std::uint32_t(p[3]) << 24;
}

}  // namespace

std::uint32_t frame_crc(std::span<const std::uint8_t> frame) {
  return static_cast<std::uint32_t>(
      crc32(crc32(0L, Z_NULL, 0), frame.data(), static_cast<uInt>(frame.size())));
}

FrameEncoder::FrameEncoder(std::deque<SentFrame>* sent_log) : sent_log_(sent_log) {}

bool FrameEncoder::push(std::span<const std::uint8_t> frame, std::int64_t ingress_ns) {
  if (frame.empty() || frame.size() > std::size_t(kMaxFrameBytes)) return false;
  if (head_ > (1u << 20) && head_ * 2 > pending_.size()) {
    pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(head_));
    head_ = 0;
  }
  const auto len = static_cast<std::uint16_t>(frame.size());
  const std::uint32_t crc = frame_crc(frame);
  pending_.push_back(std::uint8_t(len));
  pending_.push_back(std::uint8_t(len >> 8));
  pending_.insert(pending_.end(), frame.begin(), frame.end());
  for (int i = 0; i < 4; ++i) pending_.push_back(std::uint8_t(crc >> (8 * i)));
  queued_.push_back({0, ingress_ns, std::vector<std::uint8_t>(frame.begin(), frame.end())});
  return true;
}

std::size_t FrameEncoder::capacity(std::size_t words) const {
  const std::size_t left = std::size_t(kCodewordWords - codeword_used_);
  if (words <= left) return 0;
  const std::size_t fresh = (words - left + kCodewordWords - 1) / kCodewordWords;
  return fresh * kPayloadBytes;
}

void FrameEncoder::fill(std::span<std::uint64_t> words) {
  std::size_t w = 0;
  while (w < words.size()) {
    if (codeword_used_ == kCodewordWords) {
      build_codeword();
      codeword_used_ = 0;
    }
    const std::size_t n =
        std::min<std::size_t>(kCodewordWords - codeword_used_, words.size() - w);
    std::memcpy(words.data() + w, codeword_ + codeword_used_, n * 8);
    codeword_used_ += static_cast<int>(n);
    w += n;
  }
}

void FrameEncoder::build_codeword() {
  auto* bytes = reinterpret_cast<std::uint8_t*>(codeword_);
  std::memset(bytes, 0, kCodewordBytes);
  std::uint8_t* payload = bytes + 2;
  const std::uint64_t base = codeword_index_ * kPayloadBytes;
  std::size_t pos = 0;
  auto place = [&](std::size_t n) {
    std::memcpy(payload + pos, pending_.data() + head_, n);
    head_ += n;
    pos += n;
    record_left_ -= n;
  };
  if (record_left_ > 0) place(std::min<std::size_t>(record_left_, kPayloadBytes));
  const std::uint16_t pointer = pos < std::size_t(kPayloadBytes) ? std::uint16_t(pos) : kNoRecordStart;
  while (pos + 2 <= std::size_t(kPayloadBytes) && !queued_.empty()) {
    SentFrame f = std::move(queued_.front());
    queued_.pop_front();
    f.offset = base + pos;
    record_left_ = f.bytes.size() + kRecordOverhead;
    sent_log_->push_back(std::move(f));
    place(std::min<std::size_t>(record_left_, kPayloadBytes - pos));
  }
  bytes[0] = std::uint8_t(pointer);
  bytes[1] = std::uint8_t(pointer >> 8);
  ++codeword_index_;
}

FrameDecoder::FrameDecoder(std::deque<SentFrame>* sent_log) : sent_log_(sent_log) {}

void FrameDecoder::process(std::span<const std::uint64_t> received,
                           std::span<const std::uint64_t> sent, const FrameSink& sink) {
  for (std::size_t i = 0; i < received.size();) {
    const std::size_t n = std::min<std::size_t>(kCodewordWords - fill_, received.size() - i);
    std::memcpy(received_ + fill_, received.data() + i, n * 8);
    std::memcpy(sent_ + fill_, sent.data() + i, n * 8);
    fill_ += static_cast<int>(n);
    i += n;
    if (fill_ == kCodewordWords) {
      finish_codeword(sink);
      fill_ = 0;
    }
  }
}

void FrameDecoder::finish_codeword(const FrameSink& sink) {
  ++counters_.codewords;
  std::uint64_t error[kCodewordWords];
  std::uint64_t any = 0;
  for (int w = 0; w < kCodewordWords; ++w) any |= error[w] = received_[w] ^ sent_[w];
  const std::uint64_t base = codeword_index_++ * kPayloadBytes;
  if (any == 0) {
    ++counters_.codewords_clean;
    parse(reinterpret_cast<const std::uint8_t*>(received_), sink);
  } else {
    // The host decoder's correction of (sent + error) is its correction of the error pattern
    // alone; the delivered codeword is then the received one with that correction applied.
    std::uint16_t symbols[link::Rs544::kN];
    link::unpack_symbols(error, symbols);
    if (rs_.decode(symbols) < 0) {
      ++counters_.codewords_uncorrectable;
      in_record_ = false;  // the partial record cannot be trusted: resynchronise on a pointer
    } else {
      std::uint64_t residual[kCodewordWords];
      link::pack_symbols(symbols, residual);
      std::uint64_t left = 0;
      for (int w = 0; w < kCodewordWords; ++w) {
        left |= residual[w];
        received_[w] ^= error[w] ^ residual[w];
      }
      ++(left == 0 ? counters_.codewords_corrected : counters_.codewords_miscorrected);
      parse(reinterpret_cast<const std::uint8_t*>(received_), sink);
    }
  }
  settle(base + kPayloadBytes);
}

void FrameDecoder::parse(const std::uint8_t* bytes, const FrameSink& sink) {
  const std::uint16_t pointer = load_u16(bytes);
  const std::uint8_t* payload = bytes + 2;
  int pos = 0;
  if (in_record_) {
    take(payload, pos, sink);
    const std::uint16_t expected = pos < kPayloadBytes ? std::uint16_t(pos) : kNoRecordStart;
    if (pointer != expected) {
      // A corrupted pointer or continuation: the CRC has judged the record; restart at the
      // pointer when it is plausible.
      ++counters_.framing_errors;
      in_record_ = false;
      if (pointer >= kPayloadBytes) return;
      pos = pointer;
    }
  } else {
    if (pointer == kNoRecordStart) return;
    if (pointer >= kPayloadBytes) {
      ++counters_.framing_errors;
      return;
    }
    pos = pointer;
  }
  while (!in_record_ && pos + 2 <= kPayloadBytes) {
    const std::uint16_t len = load_u16(payload + pos);
    if (len == 0) return;  // idle fill
    if (len > kMaxFrameBytes) {
      ++counters_.framing_errors;
      return;
    }
    in_record_ = true;
    record_offset_ = (codeword_index_ - 1) * kPayloadBytes + std::uint64_t(pos);
    record_need_ = std::size_t(len) + 4;
    record_.clear();
    pos += 2;
    take(payload, pos, sink);
  }
}

void FrameDecoder::take(const std::uint8_t* payload, int& pos, const FrameSink& sink) {
  const std::size_t n = std::min<std::size_t>(record_need_, std::size_t(kPayloadBytes - pos));
  record_.insert(record_.end(), payload + pos, payload + pos + n);
  record_need_ -= n;
  pos += static_cast<int>(n);
  if (record_need_ == 0) complete_record(sink);
}

void FrameDecoder::complete_record(const FrameSink& sink) {
  in_record_ = false;
  const std::size_t len = record_.size() - 4;
  const std::span<const std::uint8_t> frame(record_.data(), len);
  if (frame_crc(frame) != load_u32(record_.data() + len)) {
    ++counters_.crc_failures;
    return;
  }
  // Ground truth: frames placed before this one and not delivered are lost.
  while (!sent_log_->empty() && sent_log_->front().offset < record_offset_) {
    ++counters_.frames_dropped;
    sent_log_->pop_front();
  }
  std::int64_t ingress_ns = -1;
  if (!sent_log_->empty() && sent_log_->front().offset == record_offset_ &&
      std::equal(frame.begin(), frame.end(), sent_log_->front().bytes.begin(),
                 sent_log_->front().bytes.end())) {
    ingress_ns = sent_log_->front().ingress_ns;
    sent_log_->pop_front();
  } else {
    ++counters_.delivered_corrupt;
  }
  ++counters_.frames_delivered;
  counters_.bytes_delivered += len;
  sink(frame, ingress_ns);
}

void FrameDecoder::settle(std::uint64_t decoded_end) {
  // Records wholly inside decoded codewords that were not delivered were dropped (uncorrectable
  // codeword or CRC failure); a record still being reassembled is not yet decided.
  while (!sent_log_->empty()) {
    const SentFrame& f = sent_log_->front();
    if (f.offset + f.bytes.size() + kRecordOverhead > decoded_end) break;
    ++counters_.frames_dropped;
    sent_log_->pop_front();
  }
}

}  // namespace mosaic::cable
