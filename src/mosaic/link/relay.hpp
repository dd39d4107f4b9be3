#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/link/channel_model.hpp"
#include "mosaic/link/events.hpp"
#include "mosaic/link/host_fec.hpp"
#include "mosaic/link/link_config.hpp"

namespace mosaic::link {

// Fills one marker period of host words (host_words_per_period()) for data period `index`.
using HostSource = std::function<void(std::int64_t index, std::span<std::uint64_t> words)>;
// Receives one marker period of relayed host words.
using HostSink = std::function<void(std::int64_t index, std::span<const std::uint64_t> words)>;

struct RelayOptions {
  std::uint64_t host_bits = 1'000'000'000;  // rounded up to whole marker periods
  FaultPlan faults;
  HostSource source;  // empty: random bits from Rng(seed, kLinkPayload, 0, period)
  HostSink sink;      // optional
  bool train = true;  // link-up training picks the lane map; else the identity map
  // Channels in service at link-up that die (kDead) at uniform random times after it, early
  // enough for their swaps to complete within the run (on top of faults.failures).
  int random_deaths = 0;
  Progress* progress = nullptr;  // told of host bits relayed so far
};

// What the host's FEC decoder (link.host_fec) makes of the relayed stream, codeword by codeword
// (consecutive host bits from the start of the stream). The outcome depends only on the error
// pattern (output XOR input) because the code is linear and the decoder works on syndromes, so
// the relay judges the error pattern, and only when it is non-zero: exact for any host stream
// made of codewords, and cheap when errors are sparse.
struct HostFecOutcome {
  std::uint64_t codewords = 0;
  std::uint64_t clean = 0;          // relayed bit-exactly
  std::uint64_t corrected = 0;      // errors the host FEC corrects
  std::uint64_t uncorrectable = 0;  // the host FEC detects and flags
  std::uint64_t miscorrected = 0;   // the host FEC decodes to a wrong codeword
  std::uint64_t link_flagged = 0;   // codewords with bits the link itself flagged uncorrectable
  std::uint64_t silent = 0;         // wrong data with no flag from the link or the FEC
  std::uint64_t frames = 0;
  std::uint64_t frames_lost = 0;  // touching an uncorrectable or miscorrected codeword
  double codeword_error_ratio = 0.0;
  double frame_loss_ratio = 0.0;
};

struct RelayResult {
  std::uint64_t bits_in = 0;
  std::uint64_t bits_out = 0;
  std::uint64_t bit_errors = 0;  // output bits that differ from the input
  bool bit_exact = true;
  std::uint64_t ecc_corrected_bits = 0;
  std::uint64_t ecc_uncorrectable_bit_times = 0;
  std::uint64_t flagged_rows = 0;  // 64-bit-time frame rows the link flagged
  std::vector<SwapEvent> swaps;
  std::vector<LockEvent> locks;
  std::vector<SpareExhaustedEvent> spares_exhausted;
  std::vector<ChannelFailure> injected;  // the random deaths drawn at link-up
  std::vector<int> mapped_out;           // channels left out at link-up
  std::vector<MapOutEvent> mapped_out_why;
  std::uint64_t mapout_threshold_errors = 0;  // training errors that map a channel out
  std::uint64_t swap_threshold_errors = 0;    // corrected errors per swap window that swap a lane
  std::vector<std::uint64_t> corrected_per_channel;
  double post_ecc_ber = 0.0;  // measured: bit errors / bits out
  std::string host_fec;       // link.host_fec
  HostFecOutcome fec;
  AnalyticFec analytic;  // the same outcome predicted from the per-channel BERs
  struct Prediction {
    double corrected_bits = 0.0;     // cross-channel ECC corrections over the run (ecc_model.hpp)
    double flagged_bit_times = 0.0;  // uncorrectable (bit time, group) pairs over the run
    double post_ecc_ber = 0.0;
    bool down = false;  // the host FEC would lose at least one codeword a second
  } predicted;
  LinkState link_state = LinkState::kUp;   // at the end of the run
  LinkState worst_state = LinkState::kUp;  // over the run
  unsigned state_reasons = 0;              // StateReason bits seen over the run
  std::int64_t periods = 0;
  std::int64_t periods_degraded = 0;
  std::int64_t periods_down = 0;
  bool silent_corruption = false;
  double simulated_s = 0.0;  // link time covered, training included
  double wall_s = 0.0;
  int data_lanes = 0, ecc_lanes = 0, spare_channels = 0, groups = 0;
};

// Runs the whole bit-exact pipeline: training, then host bits -> transmitter -> channels ->
// receiver -> host bits, with the in-band swap protocol looped back through a one-period reverse
// path, and compares every output bit with the input. Throws ConfigError for a spec or fault plan
// the relay cannot run.
RelayResult run_relay(const LinkSpec& spec, const RelayOptions& options);

// Relays a finite stream (padded with zeros to whole periods) and returns exactly as many words.
std::vector<std::uint64_t> relay_words(const LinkSpec& spec, std::span<const std::uint64_t> in,
                                       const FaultPlan& faults = {}, RelayResult* result = nullptr);

}  // namespace mosaic::link
