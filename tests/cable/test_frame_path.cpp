#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "mosaic/cable/direction.hpp"
#include "mosaic/cable/host_framing.hpp"
#include "mosaic/core/design/presets.hpp"
#include "mosaic/core/rng.hpp"

namespace mosaic::cable {
namespace {

using Frame = std::vector<std::uint8_t>;

// Ethernet-like frames of mixed sizes (ACK-sized to full 1514-byte and a jumbo one).
std::vector<Frame> make_frames(int count, std::uint64_t seed) {
  Rng rng(seed, RngPurpose::kLinkPayload, 7);
  std::vector<Frame> frames;
  for (int i = 0; i < count; ++i) {
    const int pick = static_cast<int>(rng.next_u32() % 4);
    const std::size_t len = pick == 0   ? 60
                            : pick == 1 ? 1514
                            : pick == 2 ? 9014
                                        : 14 + rng.next_u32() % 1500;
    Frame f(len);
    for (auto& b : f) b = static_cast<std::uint8_t>(rng.next_u32());
    frames.push_back(std::move(f));
  }
  return frames;
}

struct Collected {
  std::vector<Frame> frames;
  int without_truth = 0;
  FrameSink sink() {
    return [this](std::span<const std::uint8_t> f, std::int64_t ingress) {
      frames.emplace_back(f.begin(), f.end());
      without_truth += ingress < 0;
    };
  }
};

// Every delivered frame must be one of the frames sent, in order (a subsequence).
bool delivered_in_order_and_intact(const std::vector<Frame>& sent, const std::vector<Frame>& got) {
  std::size_t k = 0;
  for (const auto& f : got) {
    while (k < sent.size() && sent[k] != f) ++k;
    if (k == sent.size()) return false;
    ++k;
  }
  return true;
}

const link::Rs544 kKp4;
const link::Rs528 kKr4;

// Fills `words` from the encoder and decodes them as received without errors.
link::HostFecOutcome pass_clean(FrameEncoder& enc, FrameDecoder& dec,
                                std::vector<std::uint64_t>& words, Collected& out) {
  enc.fill(words);
  return dec.process(words, words, {}, out.sink());
}

class HostFraming : public ::testing::TestWithParam<const link::HostFec*> {};

TEST_P(HostFraming, FramesRoundTripAcrossOddChunks) {
  SentLog log;
  FrameEncoder enc(*GetParam(), &log);
  FrameDecoder dec(*GetParam(), &log);
  const auto frames = make_frames(300, 1);
  for (std::size_t i = 0; i < frames.size(); ++i) ASSERT_TRUE(enc.push(frames[i], std::int64_t(i)));
  Collected out;
  link::HostFecOutcome fec;
  // Chunks that are not multiples of a codeword, as periods of other designs are not.
  std::vector<std::uint64_t> words;
  std::size_t bytes = 0;
  for (int chunk = 0; !enc.idle() || !log.empty(); ++chunk) {
    ASSERT_LT(chunk, 10000);
    words.assign(1 + (chunk * 37) % 211, 0);
    fec += pass_clean(enc, dec, words, out);
    bytes += words.size() * 8;
  }
  EXPECT_EQ(out.frames, frames);
  EXPECT_EQ(out.without_truth, 0);
  EXPECT_EQ(dec.counters().frames_dropped, 0u);
  // Every codeword the stream's bytes complete, each judged once.
  EXPECT_EQ(fec.codewords, bytes / std::size_t(CodewordLayout(*GetParam()).codeword_bytes));
  EXPECT_EQ(fec.codewords, fec.clean);
}

TEST_P(HostFraming, RejectsFramesOutOfRange) {
  SentLog log;
  FrameEncoder enc(*GetParam(), &log);
  EXPECT_FALSE(enc.push({}, 0));
  EXPECT_FALSE(enc.push(Frame(kMaxFrameBytes + 1), 0));
  EXPECT_TRUE(enc.push(Frame(kMaxFrameBytes), 0));
}

// Adds the error symbols `sym` (one codeword's worth) to codeword `c` of a received stream.
void add_error(std::vector<std::uint64_t>& received, const link::HostFec& fec, int c,
               std::span<const std::uint16_t> sym) {
  const CodewordLayout layout(fec);
  std::vector<std::uint64_t> error((layout.codeword_bytes + 7) / 8);
  link::pack_symbols(sym, error, fec.symbol_bits());
  auto* bytes = reinterpret_cast<std::uint8_t*>(received.data()) + c * layout.codeword_bytes;
  const auto* e = reinterpret_cast<const std::uint8_t*>(error.data());
  for (int i = 0; i < layout.codeword_bytes; ++i) bytes[i] ^= e[i];
}

// An error pattern that is itself a codeword has a zero syndrome: the host FEC cannot see it and
// passes the codeword on. The frame CRC must catch it, so the frame is dropped, not delivered. A
// pattern of more symbol errors than t is detected as uncorrectable: its frames are dropped.
TEST_P(HostFraming, UndetectableCodewordErrorIsCaughtByFrameCrc) {
  const auto& rs = static_cast<const link::ReedSolomon10&>(*GetParam());
  const CodewordLayout layout(rs);
  SentLog log;
  FrameEncoder enc(rs, &log);
  FrameDecoder dec(rs, &log);
  const auto frames = make_frames(40, 2);
  for (const auto& f : frames) enc.push(f, 0);
  std::vector<std::uint64_t> sent(20 * layout.codeword_bytes / 8);
  enc.fill(sent);
  // Codeword 3 gets a random nonzero codeword added (a miscorrection-class error).
  std::vector<std::uint16_t> sym(rs.symbols(), 0);
  Rng rng(3, RngPurpose::kLinkBitErrors, 0);
  for (int i = 0; i < rs.message_symbols(); ++i)
    sym[i] = static_cast<std::uint16_t>(rng.next_u32() & 1023);
  rs.encode(sym);
  std::vector<std::uint64_t> received = sent;
  add_error(received, rs, 3, sym);
  // Codeword 7 gets 40 symbol errors: beyond t, detected as uncorrectable.
  std::fill(sym.begin(), sym.end(), 0);
  for (int k = 0; k < 40; ++k) sym[k * 13] = 1 << 3;
  add_error(received, rs, 7, sym);
  Collected out;
  link::HostFecOutcome fec = dec.process(received, sent, {}, out.sink());
  std::vector<std::uint64_t> flush(layout.codeword_bytes * 5);
  while (!enc.idle() || !log.empty()) fec += pass_clean(enc, dec, flush, out);
  const auto& c = dec.counters();
  EXPECT_EQ(fec.miscorrected, 1u);
  EXPECT_EQ(fec.silent, 1u);  // nothing flagged by the link here
  EXPECT_EQ(fec.uncorrectable, 1u);
  EXPECT_GE(c.crc_failures + c.framing_errors, 1u);  // a random pattern hits the pointer too
  EXPECT_EQ(c.delivered_corrupt, 0u);
  EXPECT_EQ(out.without_truth, 0);
  EXPECT_GT(c.frames_dropped, 0u);
  EXPECT_LT(c.frames_dropped, 10u);  // only the frames touching the two bad codewords
  EXPECT_EQ(c.frames_delivered + c.frames_dropped, frames.size());
  EXPECT_TRUE(delivered_in_order_and_intact(frames, out.frames));
}

// t symbol errors in one codeword are corrected and every frame arrives; t + 1 are detected and
// the frames touching that codeword are dropped; a word the link flagged marks its codewords.
TEST_P(HostFraming, CorrectsUpToTSymbolErrorsAndDropsBeyond) {
  const link::HostFec& fec_code = *GetParam();
  const CodewordLayout layout(fec_code);
  const int t = fec_code.correctable();
  for (int errors : {t, t + 1}) {
    SentLog log;
    FrameEncoder enc(fec_code, &log);
    FrameDecoder dec(fec_code, &log);
    const auto frames = make_frames(30, 8);
    for (const auto& f : frames) enc.push(f, 0);
    std::vector<std::uint64_t> sent(12 * layout.codeword_bytes / 8);
    enc.fill(sent);
    std::vector<std::uint16_t> sym(fec_code.symbols(), 0);
    for (int k = 0; k < errors; ++k) sym[5 + 30 * k] = std::uint16_t(0x155 + k);
    std::vector<std::uint64_t> received = sent;
    add_error(received, fec_code, 5, sym);
    // The link flagged one word: the codewords under it are link_flagged.
    std::vector<std::uint8_t> flagged(sent.size(), 0);
    flagged[(5 * layout.codeword_bytes + 100) / 8] = 1;
    Collected out;
    link::HostFecOutcome fec = dec.process(received, sent, flagged, out.sink());
    std::vector<std::uint64_t> flush(layout.codeword_bytes * 5);
    while (!enc.idle() || !log.empty()) fec += pass_clean(enc, dec, flush, out);
    EXPECT_EQ(fec.link_flagged, 1u) << errors;
    EXPECT_EQ(fec.miscorrected, 0u) << errors;
    // The histogram: one codeword in the bin of its errors (t + 1 is past t: the last bins),
    // every other one clean, all of them counted once.
    std::uint64_t in_bins = 0;
    for (auto n : fec.symbol_errors) in_bins += n;
    EXPECT_EQ(in_bins, fec.codewords) << errors;
    EXPECT_EQ(fec.symbol_errors[std::size_t(errors)], 1u) << errors;
    EXPECT_EQ(fec.symbol_errors[0], fec.codewords - 1) << errors;
    EXPECT_EQ(dec.counters().delivered_corrupt, 0u) << errors;
    if (errors == t) {
      EXPECT_EQ(fec.corrected, 1u);
      EXPECT_EQ(fec.uncorrectable, 0u);
      EXPECT_EQ(out.frames, frames);
    } else {
      EXPECT_EQ(fec.corrected, 0u);
      EXPECT_EQ(fec.uncorrectable, 1u);
      EXPECT_GT(dec.counters().frames_dropped, 0u);
      EXPECT_TRUE(delivered_in_order_and_intact(frames, out.frames));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Codes, HostFraming, ::testing::Values(&kKp4, &kKr4),
                         [](const auto& info) { return std::string(info.param->name()); });

TEST(CodewordLayout, FollowsTheCode) {
  const CodewordLayout kp4(kKp4), kr4(kKr4);
  EXPECT_EQ(kp4.codeword_bytes, 680);  // 544 x 10 bits
  EXPECT_EQ(kr4.codeword_bytes, 660);  // 528 x 10 bits: 82.5 words
  // The message of both is 514 symbols (642.5 bytes): 640 payload bytes after the pointer.
  EXPECT_EQ(kp4.payload_bytes, 640);
  EXPECT_EQ(kr4.payload_bytes, 640);
  EXPECT_EQ(kp4.payload_of(1200 * 85), 1200u * 640);
  EXPECT_EQ(kr4.payload_of(165), 2u * 640);  // 1320 bytes: exactly two codewords
}

// The kp4 layout byte for byte (unchanged since before the HostFec seam), and kr4 the same with
// its codewords 660 bytes apart: pointer, length, frame, CRC-32C, zeros to the codeword's end.
TEST(CodewordLayout, BytesOfTheFirstCodewords) {
  for (const link::HostFec* code :
       {static_cast<const link::HostFec*>(&kKp4), static_cast<const link::HostFec*>(&kKr4)}) {
    const CodewordLayout layout(*code);
    SentLog log;
    FrameEncoder enc(*code, &log);
    Frame frame(1000);
    for (std::size_t i = 0; i < frame.size(); ++i) frame[i] = std::uint8_t(i * 7 + 1);
    enc.push(frame, 0);
    std::vector<std::uint64_t> words(3 * 85);
    enc.fill(words);
    const auto* b = reinterpret_cast<const std::uint8_t*>(words.data());
    const std::size_t cw = std::size_t(layout.codeword_bytes);
    EXPECT_EQ(b[0] | b[1] << 8, 0) << code->name();  // the record starts at payload byte 0
    EXPECT_EQ(b[2] | b[3] << 8, 1000) << code->name();
    EXPECT_TRUE(std::equal(frame.begin(), frame.begin() + 638, b + 4)) << code->name();
    for (std::size_t i = 642; i < cw; ++i) ASSERT_EQ(b[i], 0) << code->name() << " byte " << i;
    // The next codeword continues the record: pointer past its remaining 362 + 4 CRC bytes.
    EXPECT_EQ(b[cw] | b[cw + 1] << 8, 1000 - 638 + 4) << code->name();
    EXPECT_TRUE(std::equal(frame.begin() + 638, frame.end(), b + cw + 2)) << code->name();
    const std::uint32_t crc = frame_crc(frame);
    EXPECT_EQ(std::uint32_t(b[cw + 364]) | std::uint32_t(b[cw + 365]) << 8 |
                  std::uint32_t(b[cw + 366]) << 16 | std::uint32_t(b[cw + 367]) << 24,
              crc)
        << code->name();
    EXPECT_EQ(b[cw + 368] | b[cw + 369] << 8, 0) << code->name();  // idle fill after it
  }
}

// Runs `frames` through a direction, `per_period` frames per marker period, killing channels at
// the given periods, then steps until everything is delivered or dropped.
Collected run_direction(CableDirection& dir, const std::vector<Frame>& frames, int per_period,
                        const std::vector<std::pair<int, int>>& kills) {
  Collected out;
  const auto sink = out.sink();
  std::size_t next = 0;
  for (int period = 0; next < frames.size() || dir.busy(); ++period) {
    for (const auto& [at, channel] : kills)
      if (at == period) dir.inject({0.0, link::FaultKind::kDeath, channel, 0.0});
    for (int k = 0; k < per_period && next < frames.size() && dir.has_room(); ++k)
      dir.push(frames[next++], 0);
    dir.step(sink);
    if (period > 100000) break;
  }
  return out;
}

class CableDirectionCodes : public ::testing::TestWithParam<HostFecCode> {};

TEST_P(CableDirectionCodes, FramesCrossIntactWhileChannelsDieUpToTheSpares) {
  LinkSpec spec = preset("800g");
  spec.link.host_fec = GetParam();
  CableDirection dir(spec, {}, spec.seed);
  const auto active = dir.active_channels();
  const int spares = dir.stats().link.spares_left;
  ASSERT_GE(spares, 4);
  // Four deaths, a few periods apart (each is masked by the ECC until its spare takes over).
  std::vector<std::pair<int, int>> kills;
  for (int k = 0; k < 4; ++k) kills.push_back({2 + 7 * k, active[37 * k + 5]});
  kills.push_back({40, active[5]});  // a second death of the same channel changes nothing
  const auto frames = make_frames(1500, 4);
  const Collected out = run_direction(dir, frames, 40, kills);
  const auto s = dir.stats();
  EXPECT_EQ(out.frames, frames);
  EXPECT_EQ(s.decoder.frames_dropped, 0u);
  EXPECT_EQ(s.decoder.delivered_corrupt, 0u);
  EXPECT_EQ(s.channels_failed, 4);
  EXPECT_EQ(s.link.host_fec, GetParam() == HostFecCode::kKr4 ? "kr4" : "kp4");
  ASSERT_EQ(s.link.swaps.size(), 4u);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(s.link.swaps[k].from_channel, active[37 * k + 5]);
    EXPECT_EQ(s.link.swaps[k].reason, link::Verdict::kMarkersLost);
  }
  EXPECT_EQ(s.link.spares_left, spares - 4);
  EXPECT_GT(s.link.ecc_corrected_bits, 0u);
  EXPECT_EQ(s.link.fec.uncorrectable, 0u);
  // Every codeword of every data period decoded, at the code's own size.
  const std::uint64_t stream_bytes =
      std::uint64_t(s.link.periods) * dir.config().host_words_per_period() * 8;
  EXPECT_EQ(s.link.fec.codewords, stream_bytes / dir.layout().codeword_bytes);
  EXPECT_EQ(s.link.link_state, link::LinkState::kUp);
  EXPECT_EQ(s.link.worst_state, link::LinkState::kDegraded);  // erasures while swapping
}

TEST_P(CableDirectionCodes, MoreDeathsThanTheCodeCanMaskDropFramesButNeverCorruptThem) {
  LinkSpec spec = preset("800g");
  spec.link.host_fec = GetParam();
  CableDirection dir(spec, {}, spec.seed);
  const auto active = dir.active_channels();
  // Twelve data channels die in the same period: far beyond SECDED and the swap rate, so whole
  // periods are lost until the spares take over.
  std::vector<std::pair<int, int>> kills;
  for (int k = 0; k < 12; ++k) kills.push_back({4, active[30 * k + 1]});
  const auto frames = make_frames(2000, 5);
  const Collected out = run_direction(dir, frames, 40, kills);
  const auto s = dir.stats();
  EXPECT_GT(s.decoder.frames_dropped, 0u);
  EXPECT_GT(s.link.fec.uncorrectable, 0u);
  EXPECT_GT(s.link.fec.link_flagged, 0u);
  EXPECT_GT(s.link.periods_down, 0);
  EXPECT_EQ(s.link.worst_state, link::LinkState::kDown);
  EXPECT_TRUE(s.link.state_reasons & link::kReasonCodewordsLost);
  EXPECT_EQ(s.decoder.delivered_corrupt, 0u);
  EXPECT_EQ(out.without_truth, 0);
  EXPECT_EQ(s.decoder.frames_delivered + s.decoder.frames_dropped, frames.size());
  EXPECT_TRUE(delivered_in_order_and_intact(frames, out.frames));
}

INSTANTIATE_TEST_SUITE_P(Codes, CableDirectionCodes,
                         ::testing::Values(HostFecCode::kKp4, HostFecCode::kKr4),
                         [](const auto& info) {
                           return std::string(info.param == HostFecCode::kKr4 ? "kr4" : "kp4");
                         });

TEST(CableDirection, PrototypeWithoutEccAndBackgroundErrors) {
  LinkSpec spec = preset("prototype");
  link::FaultPlan plan;
  plan.background_ber = 2e-4;  // host FEC corrects most codewords; some frames may be lost
  CableDirection dir(spec, plan, 11);
  const auto frames = make_frames(400, 6);
  const Collected out = run_direction(dir, frames, 4, {});
  const auto s = dir.stats();
  EXPECT_GT(s.link.fec.corrected, 0u);
  std::uint64_t in_bins = 0, beyond_t = 0;
  for (std::size_t k = 0; k < s.link.fec.symbol_errors.size(); ++k) {
    in_bins += s.link.fec.symbol_errors[k];
    if (int(k) > s.link.host_fec_t) beyond_t += s.link.fec.symbol_errors[k];
  }
  EXPECT_EQ(in_bins, s.link.fec.codewords);
  EXPECT_EQ(beyond_t, s.link.fec.lost());
  EXPECT_GT(s.link.fec.symbol_errors[1], 0u);
  EXPECT_EQ(s.link.channel_counters.size(), 100u);
  EXPECT_GT(s.link.channel_counters[0].bit_errors_injected, 0u);
  EXPECT_EQ(s.decoder.delivered_corrupt, 0u);
  EXPECT_EQ(s.decoder.frames_delivered + s.decoder.frames_dropped, frames.size());
  EXPECT_TRUE(delivered_in_order_and_intact(frames, out.frames));
}

// BER and skew faults injected live: a BER change gives the ECC work from the next period on; a
// skew step is followed by a re-lock at the new offset, not a swap.
TEST(CableDirection, LiveBerAndSkewFaults) {
  LinkSpec spec = preset("800g");
  CableDirection dir(spec, {}, spec.seed);
  const auto active = dir.active_channels();
  const auto frames = make_frames(600, 9);
  const std::size_t locks_at_link_up = dir.stats().link.locks.size();
  dir.inject({0.0, link::FaultKind::kBer, -1, 1e-5});
  dir.inject({0.0, link::FaultKind::kSkew, active[3], 20.0});
  const Collected out = run_direction(dir, frames, 40, {});
  const auto s = dir.stats();
  EXPECT_EQ(out.frames, frames);
  EXPECT_GT(s.link.ecc_corrected_bits, 0u);
  EXPECT_TRUE(s.link.swaps.empty());
  ASSERT_GT(s.link.locks.size(), locks_at_link_up);
  const link::LockEvent& relock = s.link.locks.back();
  EXPECT_EQ(relock.channel, active[3]);
  EXPECT_TRUE(relock.locked);
  EXPECT_EQ(relock.offset_ui, 20);
}

}  // namespace
}  // namespace mosaic::cable

namespace mosaic::cable {
namespace {

TEST(FrameCheck, Crc32cCheckValueAndReference) {
  const std::string check = "123456789";
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(check.data()),
                                            check.size());
  EXPECT_EQ(frame_crc(bytes), 0xE3069283u);  // the catalogued check value of CRC-32C
  EXPECT_EQ(frame_crc_reference(bytes), 0xE3069283u);
  Rng rng(9, RngPurpose::kLinkPayload, 1);
  // Lengths either side of the three-stream rounds (384 bytes each) and their tails.
  for (std::size_t len : {0u, 1u, 7u, 8u, 9u, 60u, 383u, 384u, 385u, 767u, 768u, 1514u, 9017u}) {
    std::vector<std::uint8_t> f(len);
    for (auto& b : f) b = static_cast<std::uint8_t>(rng.next_u32());
    EXPECT_EQ(frame_crc(f), frame_crc_reference(f)) << len;
  }
}

}  // namespace
}  // namespace mosaic::cable
