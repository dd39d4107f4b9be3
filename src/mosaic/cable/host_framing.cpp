#include "mosaic/cable/host_framing.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

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

CodewordLayout::CodewordLayout(const link::HostFec& fec)
    : codeword_bytes(fec.codeword_bits() / 8),
      payload_bytes(fec.message_symbols() * fec.symbol_bits() / 8 - kPointerBytes) {
  // Records are placed and parsed byte by byte, and the pointer must tell every payload offset
  // from kNoRecordStart.
  if (fec.codeword_bits() % 8 != 0 || payload_bytes < kPointerBytes ||
      payload_bytes >= kNoRecordStart)
    throw std::invalid_argument("host framing: codewords must be whole bytes");
}

FrameEncoder::FrameEncoder(const link::HostFec& fec, SentLog* sent_log)
    : layout_(fec),
      sent_log_(sent_log),
      codeword_(std::size_t(layout_.codeword_bytes)),
      codeword_used_(codeword_.size()) {}

std::vector<std::uint8_t> SentLog::copy_of(std::span<const std::uint8_t> bytes) {
  std::vector<std::uint8_t> out;
  if (!kept_.empty()) {
    out = std::move(kept_.back());
    kept_.pop_back();
  }
  out.assign(bytes.begin(), bytes.end());
  return out;
}

void SentLog::recycle(std::vector<std::uint8_t>&& buffer) {
  if (kept_.size() < kKeptBuffers) kept_.push_back(std::move(buffer));
}

bool FrameEncoder::push(std::span<const std::uint8_t> frame, std::int64_t ingress_ns) {
  if (frame.empty() || frame.size() > std::size_t(kMaxFrameBytes)) return false;
  queued_.push_back({0, ingress_ns, frame_crc(frame), sent_log_->copy_of(frame)});
  queued_bytes_ += frame.size() + kRecordOverhead;
  return true;
}

void FrameEncoder::drop_oldest_queued() {
  queued_bytes_ -= queued_.front().bytes.size() + kRecordOverhead;
  sent_log_->recycle(std::move(queued_.front().bytes));
  queued_.pop_front();
}

std::size_t FrameEncoder::capacity(std::size_t words) const {
  const std::size_t bytes = words * 8;
  const std::size_t left = codeword_.size() - codeword_used_;
  if (bytes <= left) return 0;
  const std::size_t fresh = (bytes - left + codeword_.size() - 1) / codeword_.size();
  return fresh * std::size_t(layout_.payload_bytes);
}

std::size_t FrameEncoder::fill(std::span<std::uint64_t> words, std::size_t zero_from) {
  auto* out = reinterpret_cast<std::uint8_t*>(words.data());
  const std::size_t bytes = words.size() * 8;
  const std::size_t cw = codeword_.size();
  std::size_t nonzero_end = 0;
  for (std::size_t b = 0; b < bytes;) {
    if (codeword_used_ == cw && bytes - b >= cw) {
      // Whole codeword in place. An idle one is its pointer (0: a record may start at once) and
      // zero payload, so the zero bytes already there are it.
      const bool idle_codeword = record_left_ == 0 && queued_.empty();
      if (idle_codeword && b >= zero_from) {
        // Nothing left to place: every whole codeword from here on is idle.
        const std::size_t k = (bytes - b) / cw;
        codeword_index_ += k;
        b += k * cw;
        continue;
      }
      build_codeword(out + b);
      b += cw;
      if (!idle_codeword) nonzero_end = b;
      continue;
    }
    if (codeword_used_ == cw) {
      build_codeword(codeword_.data());
      codeword_used_ = 0;
    }
    const std::size_t n = std::min(codeword_.size() - codeword_used_, bytes - b);
    std::memcpy(out + b, codeword_.data() + codeword_used_, n);
    codeword_used_ += n;
    b += n;
    nonzero_end = b;
  }
  return nonzero_end;
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

void FrameEncoder::build_codeword(std::uint8_t* bytes) {
  const std::size_t payload_bytes = std::size_t(layout_.payload_bytes);
  std::memset(bytes, 0, codeword_.size());
  std::uint8_t* payload = bytes + kPointerBytes;
  const std::uint64_t base = codeword_index_ * payload_bytes;
  std::size_t pos = 0;
  if (record_left_ > 0) {
    const std::size_t n = std::min(record_left_, payload_bytes);
    place(payload, n);
    pos = n;
  }
  const std::uint16_t pointer = pos < payload_bytes ? std::uint16_t(pos) : kNoRecordStart;
  while (pos + 2 <= payload_bytes && !queued_.empty()) {
    SentFrame f = std::move(queued_.front());
    queued_.pop_front();
    f.offset = base + pos;
    record_left_ = f.bytes.size() + kRecordOverhead;
    record_pos_ = 0;
    queued_bytes_ -= record_left_;
    sent_log_->push_back(std::move(f));
    const std::size_t n = std::min(record_left_, payload_bytes - pos);
    place(payload + pos, n);
    pos += n;
  }
  bytes[0] = std::uint8_t(pointer);
  bytes[1] = std::uint8_t(pointer >> 8);
  ++codeword_index_;
}

FrameDecoder::FrameDecoder(const link::HostFec& fec, SentLog* sent_log)
    : fec_(&fec),
      layout_(fec),
      sent_log_(sent_log),
      received_(std::size_t(layout_.codeword_bytes)),
      sent_(received_.size()),
      delivered_(received_.size()),
      error_((received_.size() + 7) / 8),
      residual_(error_.size()),
      symbols_(std::size_t(fec.symbols())) {
  record_.reserve(kMaxFrameBytes + 4);
}

link::HostFecOutcome FrameDecoder::process(std::span<const std::uint64_t> received,
                                           std::span<const std::uint64_t> sent,
                                           std::span<const std::uint8_t> flagged,
                                           const FrameSink& sink, std::size_t zero_from) {
  const auto* rx = reinterpret_cast<const std::uint8_t*>(received.data());
  const auto* tx = reinterpret_cast<const std::uint8_t*>(sent.data());
  const std::size_t bytes = received.size() * 8;
  const std::size_t cw = received_.size();
  // Whether the link flagged any word under bytes [b, b + n).
  const auto any_flag = [&](std::size_t b, std::size_t n) {
    if (flagged.empty()) return false;
    return std::any_of(flagged.begin() + std::ptrdiff_t(b / 8),
                       flagged.begin() + std::ptrdiff_t((b + n + 7) / 8),
                       [](std::uint8_t f) { return f != 0; });
  };
  const bool unchanged = received.data() == sent.data();
  link::HostFecOutcome fec;
  for (std::size_t b = 0; b < bytes;) {
    if (unchanged && fill_ == 0 && !in_record_ && b >= zero_from && bytes - b >= cw) {
      // Whole zero codewords, as sent, outside any record: clean, and each parses as idle fill.
      const std::size_t k = (bytes - b) / cw;
      const bool flags = any_flag(b, k * cw);
      if (!flags) {
        fec.codewords += k;
        fec.clean += k;
        fec.count_symbol_errors(0, k);
        codeword_index_ += k;
        settle(codeword_index_ * std::uint64_t(layout_.payload_bytes));
        b += k * cw;
        continue;
      }
    }
    if (fill_ == 0 && bytes - b >= cw) {
      finish_codeword(rx + b, tx + b, any_flag(b, cw), sink, fec);  // whole codeword in place
      b += cw;
      continue;
    }
    const std::size_t n = std::min(cw - fill_, bytes - b);
    std::memcpy(received_.data() + fill_, rx + b, n);
    std::memcpy(sent_.data() + fill_, tx + b, n);
    fill_flagged_ = fill_flagged_ || any_flag(b, n);
    fill_ += n;
    b += n;
    if (fill_ == cw) {
      finish_codeword(received_.data(), sent_.data(), fill_flagged_, sink, fec);
      fill_ = 0;
      fill_flagged_ = false;
    }
  }
  return fec;
}

void FrameDecoder::finish_codeword(const std::uint8_t* received, const std::uint8_t* sent,
                                   bool flagged, const FrameSink& sink, link::HostFecOutcome& fec) {
  const std::size_t cw = received_.size();
  ++fec.codewords;
  fec.link_flagged += flagged;
  const std::uint64_t base = codeword_index_++ * std::uint64_t(layout_.payload_bytes);
  if (received == sent || std::memcmp(received, sent, cw) == 0) {
    ++fec.clean;
    fec.count_symbol_errors(0);
    parse(received, sink);
  } else {
    // The host decoder's correction of (sent + error) is its correction of the error pattern
    // alone; the delivered codeword is then the received one with that correction applied, that
    // is the sent one with what the correction left of the error.
    auto* error = reinterpret_cast<std::uint8_t*>(error_.data());
    for (std::size_t i = 0; i < cw; ++i) error[i] = received[i] ^ sent[i];
    link::unpack_symbols(error_, symbols_, fec_->symbol_bits());
    fec.count_symbol_errors(std::size_t(
        std::count_if(symbols_.begin(), symbols_.end(), [](std::uint16_t v) { return v != 0; })));
    if (fec_->decode(symbols_) < 0) {
      ++fec.uncorrectable;
      in_record_ = false;  // the partial record cannot be trusted: resynchronise on a pointer
    } else {
      link::pack_symbols(symbols_, residual_, fec_->symbol_bits());
      const auto* residual = reinterpret_cast<const std::uint8_t*>(residual_.data());
      std::uint8_t left = 0;
      for (std::size_t i = 0; i < cw; ++i) {
        left |= residual[i];
        delivered_[i] = sent[i] ^ residual[i];
      }
      if (left == 0) {
        ++fec.corrected;
      } else {
        ++fec.miscorrected;
        fec.silent += !flagged;
      }
      parse(delivered_.data(), sink);
    }
  }
  settle(base + std::uint64_t(layout_.payload_bytes));
}

void FrameDecoder::parse(const std::uint8_t* bytes, const FrameSink& sink) {
  const int payload_bytes = layout_.payload_bytes;
  const std::uint16_t pointer = load_u16(bytes);
  const std::uint8_t* payload = bytes + kPointerBytes;
  int pos = 0;
  if (in_record_) {
    take(payload, pos, sink);
    const std::uint16_t expected = pos < payload_bytes ? std::uint16_t(pos) : kNoRecordStart;
    if (pointer != expected) {
      // A corrupted pointer or continuation: the CRC has judged the record; restart at the
      // pointer when it is plausible.
      ++counters_.framing_errors;
      in_record_ = false;
      if (pointer >= payload_bytes) return;
      pos = pointer;
    }
  } else {
    if (pointer == kNoRecordStart) return;
    if (pointer >= payload_bytes) {
      ++counters_.framing_errors;
      return;
    }
    pos = pointer;
  }
  while (!in_record_ && pos + 2 <= payload_bytes) {
    const std::uint16_t len = load_u16(payload + pos);
    if (len == 0) return;  // idle fill
    if (len > kMaxFrameBytes) {
      ++counters_.framing_errors;
      return;
    }
    in_record_ = true;
    record_offset_ = (codeword_index_ - 1) * payload_bytes + std::uint64_t(pos);
    record_need_ = std::size_t(len) + 4;
    record_.clear();
    pos += 2;
    take(payload, pos, sink);
  }
}

void FrameDecoder::take(const std::uint8_t* payload, int& pos, const FrameSink& sink) {
  const std::size_t n =
      std::min<std::size_t>(record_need_, std::size_t(layout_.payload_bytes - pos));
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
