#include <gtest/gtest.h>

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

TEST(HostFraming, FramesRoundTripAcrossOddChunks) {
  std::deque<SentFrame> log;
  FrameEncoder enc(&log);
  FrameDecoder dec(&log);
  const auto frames = make_frames(300, 1);
  for (std::size_t i = 0; i < frames.size(); ++i) ASSERT_TRUE(enc.push(frames[i], std::int64_t(i)));
  Collected out;
  // Chunks that are not multiples of a codeword, as periods of other designs are not.
  std::vector<std::uint64_t> words;
  for (int chunk = 0; !enc.idle() || !log.empty(); ++chunk) {
    ASSERT_LT(chunk, 10000);
    words.assign(1 + (chunk * 37) % 211, 0);
    enc.fill(words);
    dec.process(words, words, out.sink());
  }
  EXPECT_EQ(out.frames, frames);
  EXPECT_EQ(out.without_truth, 0);
  EXPECT_EQ(dec.counters().frames_dropped, 0u);
  EXPECT_EQ(dec.counters().codewords, dec.counters().codewords_clean);
}

TEST(HostFraming, RejectsFramesOutOfRange) {
  std::deque<SentFrame> log;
  FrameEncoder enc(&log);
  EXPECT_FALSE(enc.push({}, 0));
  EXPECT_FALSE(enc.push(Frame(kMaxFrameBytes + 1), 0));
  EXPECT_TRUE(enc.push(Frame(kMaxFrameBytes), 0));
}

// An error pattern that is itself an RS codeword has a zero syndrome: the host FEC cannot see it
// and passes the codeword on. The frame CRC must catch it, so the frame is dropped, not delivered.
TEST(HostFraming, UndetectableCodewordErrorIsCaughtByFrameCrc) {
  std::deque<SentFrame> log;
  FrameEncoder enc(&log);
  FrameDecoder dec(&log);
  const auto frames = make_frames(40, 2);
  for (const auto& f : frames) enc.push(f, 0);
  std::vector<std::uint64_t> sent(20 * kCodewordWords);
  enc.fill(sent);
  // Codeword 3 gets a random nonzero RS codeword added (a miscorrection-class error).
  link::Rs544 rs;
  std::uint16_t sym[link::Rs544::kN] = {};
  Rng rng(3, RngPurpose::kLinkBitErrors, 0);
  for (int i = 0; i < link::Rs544::kK; ++i)
    sym[i] = static_cast<std::uint16_t>(rng.next_u32() & 1023);
  rs.encode(sym);
  std::uint64_t error[kCodewordWords];
  link::pack_symbols(sym, error);
  std::vector<std::uint64_t> received = sent;
  for (int w = 0; w < kCodewordWords; ++w) received[3 * kCodewordWords + w] ^= error[w];
  // A second codeword gets 40 symbol errors: beyond t = 15, detected as uncorrectable.
  for (int s = 0; s < 40; ++s) {
    const int bit = 10 * (s * 13) + 3;
    received[7 * kCodewordWords + bit / 64] ^= std::uint64_t{1} << (bit % 64);
  }
  Collected out;
  dec.process(received, sent, out.sink());
  std::vector<std::uint64_t> flush(kCodewordWords * 40);
  while (!enc.idle() || !log.empty()) {
    enc.fill(flush);
    dec.process(flush, flush, out.sink());
  }
  const auto& c = dec.counters();
  EXPECT_EQ(c.codewords_miscorrected, 1u);
  EXPECT_EQ(c.codewords_uncorrectable, 1u);
  EXPECT_GE(c.crc_failures + c.framing_errors, 1u);  // a random pattern hits the pointer too
  EXPECT_EQ(c.delivered_corrupt, 0u);
  EXPECT_EQ(out.without_truth, 0);
  EXPECT_GT(c.frames_dropped, 0u);
  EXPECT_LT(c.frames_dropped, 10u);  // only the frames touching the two bad codewords
  EXPECT_EQ(c.frames_delivered + c.frames_dropped, frames.size());
  EXPECT_TRUE(delivered_in_order_and_intact(frames, out.frames));
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
      if (at == period) dir.kill(channel);
    for (int k = 0; k < per_period && next < frames.size() && dir.has_room(); ++k)
      dir.push(frames[next++], 0);
    dir.step(sink);
    if (period > 100000) break;
  }
  return out;
}

TEST(CableDirection, FramesCrossIntactWhileChannelsDieUpToTheSpares) {
  LinkSpec spec = preset("800g");
  CableDirection dir(spec, {}, spec.seed);
  const auto active = dir.active_channels();
  const int spares = dir.stats().spares_left;
  ASSERT_GE(spares, 4);
  // Four deaths, a few periods apart (each is masked by the ECC until its spare takes over).
  std::vector<std::pair<int, int>> kills;
  for (int k = 0; k < 4; ++k) kills.push_back({2 + 7 * k, active[37 * k + 5]});
  const auto frames = make_frames(1500, 4);
  const Collected out = run_direction(dir, frames, 40, kills);
  const auto& s = dir.stats();
  EXPECT_EQ(out.frames, frames);
  EXPECT_EQ(s.decoder.frames_dropped, 0u);
  EXPECT_EQ(s.decoder.delivered_corrupt, 0u);
  EXPECT_EQ(s.swaps, 4u);
  EXPECT_EQ(s.spares_left, spares - 4);
  EXPECT_GT(s.ecc_corrected_bits, 0u);
  EXPECT_EQ(s.state, link::LinkState::kUp);
}

TEST(CableDirection, MoreDeathsThanTheCodeCanMaskDropFramesButNeverCorruptThem) {
  LinkSpec spec = preset("800g");
  CableDirection dir(spec, {}, spec.seed);
  const auto active = dir.active_channels();
  // Twelve data channels die in the same period: far beyond SECDED and the swap rate, so whole
  // periods are lost until the spares take over.
  std::vector<std::pair<int, int>> kills;
  for (int k = 0; k < 12; ++k) kills.push_back({4, active[30 * k + 1]});
  const auto frames = make_frames(2000, 5);
  const Collected out = run_direction(dir, frames, 40, kills);
  const auto& s = dir.stats();
  EXPECT_GT(s.decoder.frames_dropped, 0u);
  EXPECT_GT(s.decoder.codewords_uncorrectable, 0u);
  EXPECT_EQ(s.decoder.delivered_corrupt, 0u);
  EXPECT_EQ(out.without_truth, 0);
  EXPECT_EQ(s.decoder.frames_delivered + s.decoder.frames_dropped, frames.size());
  EXPECT_TRUE(delivered_in_order_and_intact(frames, out.frames));
}

TEST(CableDirection, PrototypeWithoutEccAndBackgroundErrors) {
  LinkSpec spec = preset("prototype");
  link::FaultPlan plan;
  plan.background_ber = 2e-4;  // host FEC corrects most codewords; some frames may be lost
  CableDirection dir(spec, plan, 11);
  const auto frames = make_frames(400, 6);
  const Collected out = run_direction(dir, frames, 4, {});
  const auto& s = dir.stats();
  EXPECT_GT(s.decoder.codewords_corrected, 0u);
  EXPECT_EQ(s.decoder.delivered_corrupt, 0u);
  EXPECT_EQ(s.decoder.frames_delivered + s.decoder.frames_dropped, frames.size());
  EXPECT_TRUE(delivered_in_order_and_intact(frames, out.frames));
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
  for (std::size_t len : {0u, 1u, 7u, 8u, 9u, 60u, 1514u, 9017u}) {
    std::vector<std::uint8_t> f(len);
    for (auto& b : f) b = static_cast<std::uint8_t>(rng.next_u32());
    EXPECT_EQ(frame_crc(f), frame_crc_reference(f)) << len;
  }
}

}  // namespace
}  // namespace mosaic::cable
