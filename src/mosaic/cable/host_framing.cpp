#include "mosaic/cable/host_framing.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace mosaic::cable {

static_assert(std::endian::native == std::endian::little,
              "codeword bytes are the host words' bytes in memory order");

namespace {

std::uint16_t load_u16(const std::uint8_t* p) {
  return std::uint16_t(p[0] | (p[1] << 8));
}
std::uint32_t load_u32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
         std::uint32_t(p[3]) << 24;
}

}  // namespace

FrameEncoder::FrameEncoder(std::deque<SentFrame>* sent_log) : sent_log_(sent_log) {}

bool FrameEncoder::push(std::span<const std::uint8_t> frame, std::int64_t ingress_ns) {
  if (frame.empty() || frame.size() > std::size_t(kMaxFrameBytes)) return false;
  queued_.push_back(
      {0, ingress_ns, frame_crc(frame), std::vector<std::uint8_t>(frame.begin(), frame.end())});
  queued_bytes_ += frame.size() + kRecordOverhead;
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
    const std::size_t n = std::min<std::size_t>(kCodewordWords - codeword_used_, words.size() - w);
    std::memcpy(words.data() + w, codeword_ + codeword_used_, n * 8);
    codeword_used_ += static_cast<int>(n);
    w += n;
  }
}

void FrameEncoder::place(std::uint8_t* dst, std::size_t n) {
  const SentFrame& f = sent_log_->back();
  const std::size_t len = f.bytes.size();
  const std::uint8_t header[2] = {std::uint8_t(len), std::uint8_t(len >> 8)};
  const std::uint8_t trailer[4] = {std::uint8_t(f.crc), std::uint8_t(f.crc >> 8),
                                   std::uint8_t(f.crc >> 16), std::uint8_t(f.crc >> 24)};
  // The record is header | frame | trailer; copy the requested window piece by piece.
  auto copy_part = [&](const std::uint8_t* src, std::size_t begin, std::size_t size) {
    const std::size_t lo = std::max(record_pos_, begin);
    const std::size_t hi = std::min(record_pos_ + n, begin + size);
    if (lo < hi) std::memcpy(dst + (lo - record_pos_), src + (lo - begin), hi - lo);
  };
  copy_part(header, 0, 2);
  copy_part(f.bytes.data(), 2, len);
  copy_part(trailer, 2 + len, 4);
  record_pos_ += n;
  record_left_ -= n;
}

void FrameEncoder::build_codeword() {
  auto* bytes = reinterpret_cast<std::uint8_t*>(codeword_);
  std::memset(bytes, 0, kCodewordBytes);
  std::uint8_t* payload = bytes + 2;
  const std::uint64_t base = codeword_index_ * kPayloadBytes;
  std::size_t pos = 0;
  if (record_left_ > 0) {
    const std::size_t n = std::min<std::size_t>(record_left_, kPayloadBytes);
    place(payload, n);
    pos = n;
  }
  const std::uint16_t pointer =
      pos < std::size_t(kPayloadBytes) ? std::uint16_t(pos) : kNoRecordStart;
  while (pos + 2 <= std::size_t(kPayloadBytes) && !queued_.empty()) {
    SentFrame f = std::move(queued_.front());
    queued_.pop_front();
    f.offset = base + pos;
    record_left_ = f.bytes.size() + kRecordOverhead;
    record_pos_ = 0;
    queued_bytes_ -= record_left_;
    sent_log_->push_back(std::move(f));
    const std::size_t n = std::min<std::size_t>(record_left_, kPayloadBytes - pos);
    place(payload + pos, n);
    pos += n;
  }
  bytes[0] = std::uint8_t(pointer);
  bytes[1] = std::uint8_t(pointer >> 8);
  ++codeword_index_;
}

FrameDecoder::FrameDecoder(std::deque<SentFrame>* sent_log) : sent_log_(sent_log) {
  record_.reserve(kMaxFrameBytes + 4);
}

void FrameDecoder::process(std::span<const std::uint64_t> received,
                           std::span<const std::uint64_t> sent, const FrameSink& sink) {
  for (std::size_t i = 0; i < received.size();) {
    if (fill_ == 0 && received.size() - i >= std::size_t(kCodewordWords)) {
      finish_codeword(received.data() + i, sent.data() + i, sink);  // whole codeword in place
      i += kCodewordWords;
      continue;
    }
    const std::size_t n = std::min<std::size_t>(kCodewordWords - fill_, received.size() - i);
    std::memcpy(received_ + fill_, received.data() + i, n * 8);
    std::memcpy(sent_ + fill_, sent.data() + i, n * 8);
    fill_ += static_cast<int>(n);
    i += n;
    if (fill_ == kCodewordWords) {
      finish_codeword(received_, sent_, sink);
      fill_ = 0;
    }
  }
}

void FrameDecoder::finish_codeword(const std::uint64_t* received, const std::uint64_t* sent,
                                   const FrameSink& sink) {
  ++counters_.codewords;
  std::uint64_t any = 0;
  for (int w = 0; w < kCodewordWords; ++w) any |= received[w] ^ sent[w];
  const std::uint64_t base = codeword_index_++ * kPayloadBytes;
  if (any == 0) {
    ++counters_.codewords_clean;
    parse(reinterpret_cast<const std::uint8_t*>(received), sink);
  } else {
    // The host decoder's correction of (sent + error) is its correction of the error pattern
    // alone; the delivered codeword is then the received one with that correction applied.
    std::uint64_t error[kCodewordWords];
    for (int w = 0; w < kCodewordWords; ++w) error[w] = received[w] ^ sent[w];
    std::uint16_t symbols[link::Rs544::kN];
    link::unpack_symbols(error, symbols);
    if (rs_.decode(symbols) < 0) {
      ++counters_.codewords_uncorrectable;
      in_record_ = false;  // the partial record cannot be trusted: resynchronise on a pointer
    } else {
      std::uint64_t residual[kCodewordWords], delivered[kCodewordWords];
      link::pack_symbols(symbols, residual);
      std::uint64_t left = 0;
      for (int w = 0; w < kCodewordWords; ++w) {
        left |= residual[w];
        delivered[w] = received[w] ^ error[w] ^ residual[w];
      }
      ++(left == 0 ? counters_.codewords_corrected : counters_.codewords_miscorrected);
      parse(reinterpret_cast<const std::uint8_t*>(delivered), sink);
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
