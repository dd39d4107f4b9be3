#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "mosaic/core/design/link_spec.hpp"
#include "mosaic/core/progress.hpp"
#include "mosaic/link/channel_model.hpp"
#include "mosaic/link/fault_schedule.hpp"
#include "mosaic/link/host_fec.hpp"
#include "mosaic/link/link_config.hpp"
#include "mosaic/link/session.hpp"

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

// The relay's result: the Session's statistics and events (SessionStats: ECC counters, the host
// FEC outcome, link state, swaps, locks, map-outs) and what only a batch run of known input can
// tell: bit errors against the input, host frames lost, and the steady-state prediction.
//
// The host FEC outcome (fec) is what the host's decoder (link.host_fec) makes of the relayed
// stream, codeword by codeword (consecutive host bits from the start of the stream). The outcome
// depends only on the error pattern (output XOR input) because the code is linear and the decoder
// works on syndromes, so the relay judges the error pattern, and only when it is non-zero: exact
// for any host stream made of codewords, and cheap when errors are sparse.
struct RelayResult : SessionStats {
  std::uint64_t bits_in = 0;
  std::uint64_t bits_out = 0;
  std::uint64_t bit_errors = 0;  // output bits that differ from the input
  bool bit_exact = true;
  FaultSchedule injected;     // the random deaths drawn at link-up
  double post_ecc_ber = 0.0;  // measured: bit errors / bits out
  // Host frames of link.frame_bits consecutive bits, and those touching an uncorrectable or
  // miscorrected codeword.
  std::uint64_t frames = 0;
  std::uint64_t frames_lost = 0;
  double frame_loss_ratio = 0.0;
  AnalyticFec analytic;  // the same outcome predicted from the per-channel BERs
  struct Prediction {
    double corrected_bits = 0.0;     // cross-channel ECC corrections over the run (ecc_model.hpp)
    double flagged_bit_times = 0.0;  // uncorrectable (bit time, group) pairs over the run
    double post_ecc_ber = 0.0;
    bool down = false;  // the host FEC would lose at least one codeword a second
  } predicted;
  bool silent_corruption = false;
  // Channels whose skew at link-up lies beyond the deskew buffer (link.max_skew_ui): they cannot
  // lock, so link-up maps them out (reason no_lock) and spares take their lanes.
  std::vector<int> beyond_deskew;
  double simulated_s = 0.0;  // link time covered, training included
  double wall_s = 0.0;
  int data_lanes = 0, ecc_lanes = 0, spare_channels = 0, groups = 0;
};

// Runs the whole bit-exact pipeline as a batch driver of one Session: link-up, the random deaths,
// then host bits period by period through it, every output bit compared with the input and every
// codeword judged by the host FEC, then the prediction under the final lane map. Throws ConfigError
// for a spec or fault plan the relay cannot run.
RelayResult run_relay(const LinkSpec& spec, const RelayOptions& options);

// Relays a finite stream (padded with zeros to whole periods) and returns exactly as many words.
std::vector<std::uint64_t> relay_words(const LinkSpec& spec, std::span<const std::uint64_t> in,
                                       const FaultPlan& faults = {}, RelayResult* result = nullptr);

}  // namespace mosaic::link
